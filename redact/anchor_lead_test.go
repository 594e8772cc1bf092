package redact

import (
	"regexp"
	"regexp/syntax"
	"strings"
	"testing"
)

// TestLeadFrom: a keyword-led rule's window starts where a match led by
// that keyword may start, not lead bytes before it whatever they hold.
func TestLeadFrom(t *testing.T) {
	re := regexp.MustCompile(`(?i)[\w.-]{0,50}?(?:key|token)[ \t\w.-]{0,20}[=:][ '"]{0,3}([\w.=-]{10,150})`)
	k := keywordLedOf(t, re, folded("key", "token"))
	if k == nil || k.leadSet == nil {
		t.Fatal("no keyword-led plan with the bytes of its lead")
	}
	for _, c := range []struct {
		text, at string // the keyword-led part starts at the first at
		back     int    // how far before it the window starts
	}{
		{"pkg syscall (openbsd-386-cgo), type Token struct, Groups x", "Token", 0},
		{"x := my_api.token = 0123456789abc", "token", len("my_api.")},
		// (?i) folds \w over the Kelvin sign, of 3 bytes: 50 characters
		// of the run may take 150.
		{"(" + strings.Repeat("a", 70) + "key=0123456789abc", "key", 70},
		{strings.Repeat("a", 200) + "key=0123456789abc", "key", 150},
		{"token=0123456789abc", "token", 0},
	} {
		q := strings.Index(c.text, c.at)
		if got := q - k.leadFrom([]byte(c.text), q); got != c.back {
			t.Errorf("%q at %d: window %d bytes before, want %d", c.text, q, got, c.back)
		}
	}
}

// TestCharsOf: the bytes of runs of single characters, or nil for any
// other part.
func TestCharsOf(t *testing.T) {
	for _, c := range []struct {
		re      string
		in, out string
		known   bool
	}{
		{`[\w.-]{0,50}?x`, "aZ09_.-", " \"'=:(", true},
		{`(?i)k?[0-9]*x`, "kK09", "aj-", true},
		{`(?:ab)?x`, "", "", false},
	} {
		p, err := syntax.Parse(c.re, syntax.Perl)
		if err != nil {
			t.Fatal(err)
		}
		set := charsOf(p.Sub[:len(p.Sub)-1])
		if (set != nil) != c.known {
			t.Fatalf("%s: known %v, want %v", c.re, set != nil, c.known)
		}
		for _, b := range []byte(c.in) {
			if !set[b] {
				t.Errorf("%s: %q left out", c.re, b)
			}
		}
		for _, b := range []byte(c.out) {
			if set[b] {
				t.Errorf("%s: %q taken in", c.re, b)
			}
		}
	}
}

// TestLitOffsets: how far into a leading literal a keyword may sit, so
// that a literal is looked for only that far before a keyword.
func TestLitOffsets(t *testing.T) {
	lits := func(texts ...string) []lit {
		out := make([]lit, len(texts))
		for i, s := range texts {
			out[i] = lit{text: s, fold: true}
		}
		return out
	}
	for _, c := range []struct {
		lits     []lit
		keywords []kwSpec
		want     int
	}{
		{lits("key", "token", "passw"), folded("key", "token", "passwd"), 0},
		{lits("sk_live_", "rk_live_"), folded("live_"), 3},
		{lits("xoxb-", "xoxbxoxb"), folded("xoxb"), 4},
		{lits("lob"), folded("lob", "live_"), -1}, // live_ is in no literal
	} {
		if got := litOffsets(c.lits, c.keywords); got != c.want {
			t.Errorf("%v, %v: %d, want %d", c.lits, c.keywords, got, c.want)
		}
	}
	k := genericAPIKey(t)
	if k.back != 0 {
		t.Errorf("generic-api-key: back %d, want 0 (each literal is a keyword)", k.back)
	}
	if got := k.from(100, 90); got != 100 {
		t.Errorf("generic-api-key tries from %d, want 100", got)
	}
}
