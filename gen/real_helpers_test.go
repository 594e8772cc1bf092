package gen

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestLineRange(t *testing.T) {
	data := []byte("a\nb\nc\nd")
	for _, tc := range []struct {
		from, to int
		want     string
	}{
		{1, 1, "a\n"},
		{2, 3, "b\nc\n"},
		{3, 99, "c\nd"},
		{4, 4, "d"},
		{5, 9, ""},
	} {
		if got := string(lineRange(data, tc.from, tc.to)); got != tc.want {
			t.Errorf("lineRange(%d, %d) = %q, want %q", tc.from, tc.to, got, tc.want)
		}
	}
}

func TestSeconds(t *testing.T) {
	for _, tc := range []struct {
		ms, decimals int
		want         string
	}{
		{0, 2, "0.00s"}, {7, 2, "0.00s"}, {34, 2, "0.03s"}, {12, 3, "0.012s"}, {2570, 3, "2.570s"},
	} {
		if got := seconds(tc.ms, tc.decimals); got != tc.want {
			t.Errorf("seconds(%d, %d) = %q, want %q", tc.ms, tc.decimals, got, tc.want)
		}
	}
}

func TestFormatString(t *testing.T) {
	for line, want := range map[string]string{
		`		t.Errorf("got %q, want %q", got, want)`: `got %q, want %q`,
		`	t.Fatalf("a \"quoted\" word: %v", err)`:  `a \"quoted\" word: %v`,
		`		t.Fatal(err)`: `t.Fatal(err)`,
	} {
		if got := formatString(line); got != want {
			t.Errorf("formatString(%q) = %q, want %q", line, got, want)
		}
	}
}

func TestGoFuncsAndTests(t *testing.T) {
	src := []byte(`package p

func Plain(a int) {}
func (s *Server) Serve() error {
func (m Map[K, V]) Load(k K) V {
func generic[T any](t T) {}
func TestOne(t *testing.T) {
	if x {
		t.Errorf("x is %d", x)
	}
}
func TestHelper(t *testing.T, extra int) {}
func Testify() {}
`)
	var names []string
	for _, f := range appendFuncs(nil, src) {
		names = append(names, f.name)
	}
	want := []string{"Plain", "(*Server).Serve", "Map[...].Load", "generic", "TestOne", "TestHelper", "Testify"}
	if !slices.Equal(names, want) {
		t.Errorf("funcs %q, want %q", names, want)
	}
	tests := appendTests(nil, src, "p_test.go")
	if len(tests) != 1 || tests[0].name != "TestOne" || tests[0].failLine != 9 || tests[0].failMsg != "x is %d" {
		t.Errorf("tests %+v, want TestOne failing at line 9 with its format", tests)
	}
}

func TestProse(t *testing.T) {
	src := []byte(`// Copyright 2024 The Authors. All rights reserved.
// Use of this source code is governed by a license.

// Package p does one thing well, and says so in plain words.
//
// It has a second paragraph that also reads as prose.
//
//	code := indented(in, a, comment)
//
//go:generate stringer -type=Kind
package p

// x, y, z = f(a, b)
var x int // a trailing comment is not a paragraph
`)
	got := goComments(nil, src)
	want := []string{"Package p does one thing well, and says so in plain words.", "It has a second paragraph that also reads as prose."}
	if !slices.Equal(got, want) {
		t.Errorf("goComments = %q, want %q", got, want)
	}
	doc := []byte("# Title\n\nA paragraph of the docs\nthat goes on over two lines.\n\n```\nsome code here that is not prose\n```\n| a | table | row | here |\n")
	if got := docParagraphs(nil, doc); !slices.Equal(got, []string{"A paragraph of the docs that goes on over two lines."}) {
		t.Errorf("docParagraphs = %q", got)
	}
}

// Deltas are one to four words with the space before them, and when cut
// inside a word, cut at a character boundary; together they are the text.
func TestWordCut(t *testing.T) {
	text := []byte("Balances are kept in cents, as whole numbers — so that rounding never creeps into a report.\n\nÉtude naïve über straße.")
	r := newRNG(1, 1)
	var joined []byte
	inside := 0
	for i := 0; i < len(text); {
		j := wordCut(r, text, i)
		d := text[i:j]
		if n := len(strings.Fields(string(d))); j <= i || n > 4 || !utf8.Valid(d) {
			t.Fatalf("delta %q: %d words", d, n)
		}
		if j < len(text) && !isSpace(text[j]) && !isSpace(text[j-1]) {
			inside++
		}
		joined = append(joined, d...)
		i = j
	}
	if string(joined) != string(text) {
		t.Errorf("deltas join to %q", joined)
	}
	for seed := int64(2); inside == 0 && seed < 50; seed++ {
		r = newRNG(seed, 1)
		for i := 0; i < len(text); {
			j := wordCut(r, text, i)
			if j < len(text) && !isSpace(text[j]) && !isSpace(text[j-1]) {
				inside++
			}
			i = j
		}
	}
	if inside == 0 {
		t.Error("no delta ever ends inside a word")
	}
}

// The readers of the tree's files take any text without panicking, and
// what they return is made of the input: prose of valid UTF-8 stays valid,
// and deltas join back into the text.
func FuzzTreeText(f *testing.F) {
	for _, name := range []string{"ledger/ledger.go", "ledger/ledger_test.go", "README.md", "docs/design.md"} {
		data, err := os.ReadFile(filepath.Join(treeDir, name))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data, int64(1))
	}
	f.Add([]byte("func (\nfunc (x\nfunc ()\nfunc (m Map[K) Load(\n// ```\nfunc TestX(t *testing.T"), int64(2))
	f.Fuzz(func(t *testing.T, data []byte, seed int64) {
		for _, para := range append(goComments(nil, data), docParagraphs(nil, data)...) {
			if utf8.Valid(data) && !utf8.ValidString(para) {
				t.Fatalf("paragraph %q is not valid UTF-8", para)
			}
		}
		for _, fn := range appendFuncs(nil, data) {
			if fn.line < 1 || fn.name == "" {
				t.Fatalf("func %+v", fn)
			}
		}
		appendTests(nil, data, "x_test.go")
		_ = lineRange(data, 2, 5)
		r := newRNG(seed, 1)
		var joined []byte
		for i := 0; i < len(data); {
			j := wordCut(r, data, i)
			if j <= i || j > len(data) {
				t.Fatalf("wordCut(%d) = %d", i, j)
			}
			joined = append(joined, data[i:j]...)
			i = j
		}
		if string(joined) != string(data) {
			t.Fatal("deltas do not join back into the text")
		}
	})
}
