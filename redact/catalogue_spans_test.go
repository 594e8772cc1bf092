package redact

import (
	"slices"
	"strings"
	"testing"
)

// redactedRange is a byte range [from, to) of a string before redaction.
type redactedRange struct{ from, to int }

// replacedRanges explains redacted as orig with some ranges replaced by
// repl, and returns those ranges (merged where they touch). ok is false
// when no such explanation exists: something else changed.
func replacedRanges(orig, redacted, repl string) (spans []redactedRange, ok bool) {
	if orig == redacted {
		return nil, true
	}
	pieces := strings.Split(redacted, repl)
	if len(pieces) == 1 || !strings.HasPrefix(orig, pieces[0]) {
		return nil, false
	}
	// Two replacements side by side leave an empty piece between them:
	// one range covers both.
	rest := []string{}
	for _, p := range pieces[1 : len(pieces)-1] {
		if p != "" {
			rest = append(rest, p)
		}
	}
	rest = append(rest, pieces[len(pieces)-1])
	budget := 10000 // placements tried, against pathological inputs
	return alignReplacedPieces(orig, len(pieces[0]), rest, nil, &budget)
}

// alignReplacedPieces places the pieces left after a replacement that starts at
// from: each must follow at least one replaced byte, the last one ends
// the string.
func alignReplacedPieces(orig string, from int, pieces []string, spans []redactedRange, budget *int) ([]redactedRange, bool) {
	p := pieces[0]
	if len(pieces) == 1 {
		at := len(orig) - len(p)
		if at <= from || orig[at:] != p {
			return nil, false
		}
		return append(spans, redactedRange{from, at}), true
	}
	for at := from + 1; at+len(p) <= len(orig); at++ {
		i := strings.Index(orig[at:], p)
		if i < 0 {
			break
		}
		at += i
		if *budget--; *budget < 0 {
			return nil, false
		}
		if got, ok := alignReplacedPieces(orig, at+len(p), pieces[1:], append(spans, redactedRange{from, at}), budget); ok {
			return got, true
		}
	}
	return nil, false
}

// bytesCovered counts how many bytes of [from, to) the spans cover.
func bytesCovered(spans []redactedRange, from, to int) int {
	n := 0
	for _, s := range spans {
		lo, hi := max(s.from, from), min(s.to, to)
		if hi > lo {
			n += hi - lo
		}
	}
	return n
}

// rangesInside reports whether every span lies inside [from, to).
func rangesInside(spans []redactedRange, from, to int) bool {
	for _, s := range spans {
		if s.from < from || s.to > to {
			return false
		}
	}
	return true
}

func TestReplacedRanges(t *testing.T) {
	const r = "[R]"
	for _, tc := range []struct {
		name, orig, redacted string
		want                 []redactedRange
		ok                   bool
	}{
		{"unchanged", "a b c", "a b c", nil, true},
		{"middle", "key=abc123 rest", "key=[R] rest", []redactedRange{{4, 10}}, true},
		{"start and end", "abc def", "[R] [R]", []redactedRange{{0, 3}, {4, 7}}, true},
		{"side by side", "x=abcdef;", "x=[R][R];", []redactedRange{{2, 8}}, true},
		{"piece found later", "a=xx b=yy b=zz", "a=[R] b=zz", []redactedRange{{2, 9}}, true},
		{"other change", "key=abc rest", "key=[R] REST", nil, false},
		{"line break eaten", "key=abc\nnext", "key=[R]next", []redactedRange{{4, 8}}, true},
		{"insertion", "ab", "a[R]b", nil, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, ok := replacedRanges(tc.orig, tc.redacted, r)
			if ok != tc.ok || !slices.Equal(got, tc.want) {
				t.Errorf("got %v %v, want %v %v", got, ok, tc.want, tc.ok)
			}
		})
	}
}

func TestSecretCore(t *testing.T) {
	for _, tc := range []struct{ secret, want string }{
		{"abc123", "abc123"},
		{"abc123\"", "abc123"},
		{"'abc123' ", "abc123"},
		{"abc123;\n", "abc123"},
		{`abc123\n`, "abc123"},
		{"abc==", "abc=="},
		{"`x`", "x"},
		{"\"\"", "\"\""}, // nothing but delimiters: kept whole
	} {
		if got := secretCore(tc.secret); got != tc.want {
			t.Errorf("secretCore(%q) = %q, want %q", tc.secret, got, tc.want)
		}
	}
}
