package pretty

import (
	"bufio"
	"bytes"
	"io"
	"strings"
	"testing"

	"github.com/fatih/color"
)

// wrapText runs the wrapper over chunks, as deltas arrive, and returns
// what it wrote.
func wrapText(width int, first, rest string, chunks ...string) string {
	var buf bytes.Buffer
	out := bufio.NewWriter(&buf)
	w := wrapper{out: out, width: width}
	w.begin([]span{{nil, first}}, []span{{nil, rest}})
	for _, c := range chunks {
		w.text(nil, c)
	}
	w.end()
	out.Flush()
	return buf.String()
}

func TestWrap(t *testing.T) {
	for _, tc := range []struct {
		name        string
		width       int
		first, rest string
		in          string
		want        string
	}{
		{"fits", 20, "", "", "one two three", "one two three\n"},
		{"wraps at spaces", 10, "", "", "one two three four", "one two\nthree four\n"},
		{"exact width", 7, "", "", "one two three", "one two\nthree\n"},
		{"prefixes count", 12, "> ", "  ", "one two three four", "> one two\n  three four\n"},
		{"long word is cut", 6, "", "", "abcdefghijkl x", "abcdef\nghijkl\nx\n"},
		{"hard newline", 20, "", "", "one\ntwo", "one\ntwo\n"},
		{"blank lines collapse to one", 20, "", "", "one\n\n\n\ntwo", "one\n\ntwo\n"},
		{"blank line keeps the prefix, trimmed", 20, "| ", "| ", "one\n\ntwo", "| one\n|\n| two\n"},
		{"leading newlines dropped", 20, "", "", "\n\nhello", "hello\n"},
		{"leading spaces of a block dropped", 20, "", "", "  hello", "hello\n"},
		{"indent after newline kept", 20, "", "", "code:\n    x := 1", "code:\n    x := 1\n"},
		{"spaces at a wrap dropped", 9, "", "", "one two   three", "one two\nthree\n"},
		{"wide characters count two", 8, "", "", "日本語のテキスト", "日本語の\nテキスト\n"},
		{"a line may break between wide characters", 10, "", "", "ab 日本語テキスト", "ab 日本語\nテキスト\n"},
		{"control characters shown", 20, "", "", "a\x1b[2Jb", "a^[[2Jb\n"},
		{"tab in prose is an indent", 20, "", "", "a\tb", "a    b\n"},
		{"empty", 20, "", "", "", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := wrapText(tc.width, tc.first, tc.rest, tc.in); got != tc.want {
				t.Errorf("got\n%q\nwant\n%q", got, tc.want)
			}
		})
	}
}

// Deltas split text anywhere, even inside a word or a wide character's
// neighbours: the wrapped result must not depend on where.
func TestWrapIgnoresDeltaBoundaries(t *testing.T) {
	text := "I'll start by reading the README.\n\nThen run\tthe tests: go test ./... and see 日本語のテキスト what fails, verylongidentifiername_without_spaces_at_all ok."
	for _, width := range []int{8, 13, 30, 80} {
		whole := wrapText(width, "", "", text)
		runes := []rune(text)
		for size := 1; size <= 7; size++ {
			var chunks []string
			for i := 0; i < len(runes); i += size {
				chunks = append(chunks, string(runes[i:min(i+size, len(runes))]))
			}
			if got := wrapText(width, "", "", chunks...); got != whole {
				t.Fatalf("width %d, chunks of %d runes:\n%q\nwhole:\n%q", width, size, got, whole)
			}
		}
	}
}

// A style never stays open across a newline, so a pager that shows a line
// alone (less -R) shows it right, and each line's codes are balanced.
func TestWrapClosesStylesAtLineEnds(t *testing.T) {
	dim := color.New(color.Faint)
	dim.EnableColor()
	var buf bytes.Buffer
	out := bufio.NewWriter(&buf)
	w := wrapper{out: out, width: 12}
	w.begin([]span{{dim, "> "}}, []span{{dim, "  "}})
	w.text(dim, "dim words that wrap over lines")
	w.end()
	out.Flush()
	lines := strings.Split(strings.TrimSuffix(buf.String(), "\n"), "\n")
	if len(lines) < 3 {
		t.Fatalf("expected several lines: %q", buf.String())
	}
	for _, l := range lines {
		if !strings.HasPrefix(l, "\x1b[2m") || !strings.HasSuffix(l, "\x1b[0m") {
			t.Errorf("line %q does not open and close its style", l)
		}
	}
}

// In follow mode a word cut by a pause is written at once; the rest of it
// continues on the same line.
func TestWrapFlushPartial(t *testing.T) {
	var buf bytes.Buffer
	out := bufio.NewWriter(&buf)
	w := wrapper{out: out, width: 40}
	w.begin(nil, nil)
	w.text(nil, "reading sca")
	w.flushPartial()
	out.Flush()
	if got := buf.String(); got != "reading sca" {
		t.Fatalf("after the pause: %q", got)
	}
	w.text(nil, "n.go now")
	w.flushPartial()
	w.text(nil, " done")
	w.end()
	out.Flush()
	if got := buf.String(); got != "reading scan.go now done\n" {
		t.Fatalf("after the rest: %q", got)
	}
}

// wrapStyled runs the wrapper over chunks that alternate between two
// styles (as text and reasoning of one block would not, but the style runs
// of a word must survive it), pausing where pauses says, and returns what
// it wrote.
func wrapStyled(width int, chunks []string, pauses uint64) string {
	dim := color.New(color.Faint)
	dim.EnableColor()
	var buf bytes.Buffer
	out := bufio.NewWriter(&buf)
	w := wrapper{out: out, width: width}
	w.begin([]span{{dim, "> "}}, []span{{nil, "  "}})
	for i, c := range chunks {
		style := dim
		if i%3 == 0 {
			style = nil
		}
		w.text(style, c)
		if pauses>>(i%64)&1 == 1 {
			w.flushPartial()
		}
	}
	w.end()
	out.Flush()
	return buf.String()
}

// The fast paths for printable ASCII (text taking a run whole, writeWord
// writing a word that fits at once) must draw exactly what the wrapper
// draws a character at a time.
func FuzzWrapFastPaths(f *testing.F) {
	f.Add("I'll start by reading the README.\n\nThen run\tthe tests: go test ./...", 20, uint8(7), uint64(0))
	f.Add("a verylongidentifiername_without_spaces ok 日本語のテキスト", 12, uint8(3), uint64(5))
	f.Add("tab\there\x1b[2J \u202e bidi  \n\n\n  indent é\u0301 ", 9, uint8(1), uint64(0xFF))
	f.Add("x\xff\xfey \x7f z", 6, uint8(2), uint64(1))
	f.Fuzz(func(t *testing.T, text string, width int, size uint8, pauses uint64) {
		width = 4 + abs(width)%60
		n := 1 + int(size)%16
		var chunks []string
		for i := 0; i < len(text); i += n {
			chunks = append(chunks, text[i:min(i+n, len(text))])
		}
		fast := wrapStyled(width, chunks, pauses)
		fastWrap = false
		slow := wrapStyled(width, chunks, pauses)
		fastWrap = true
		if fast != slow {
			t.Fatalf("width %d, chunks %q:\nfast %q\nslow %q", width, chunks, fast, slow)
		}
	})
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// BenchmarkWrapDeltas wraps prose as a log of small deltas brings it.
func BenchmarkWrapDeltas(b *testing.B) {
	prose := strings.Repeat("I'll start by looking at the project layout to see where the parser lives. "+
		"The failing test is `TestLoadConfig`: it expects `testdata/missing.toml` to exist.\n\n", 50)
	var chunks []string
	for i := 0; i < len(prose); i += 15 {
		chunks = append(chunks, prose[i:min(i+15, len(prose))])
	}
	out := bufio.NewWriter(io.Discard)
	w := wrapper{out: out, width: 100}
	b.SetBytes(int64(len(prose)))
	for b.Loop() {
		w.begin(nil, nil)
		for _, c := range chunks {
			w.text(nil, c)
		}
		w.end()
	}
}
