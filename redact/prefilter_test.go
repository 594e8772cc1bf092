package redact

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

// prefilterMisses compares the prefilter of rs with a search of every
// keyword at every position of t: it returns the occurrences the
// prefilter missed or made up. The only ones it may miss are those of
// keywords shorter than 4 bytes that end the text (see newPrefilter).
func prefilterMisses(rs *RuleSet, t []byte) []string {
	p := rs.pf
	var want []hit
	for kw := range p.keywords {
		k := &p.keywords[kw]
		for s := 0; s+len(k.text) <= len(t); s++ {
			if k.at(t, s) && !(len(k.text) < 4 && s+len(k.text) == len(t)) {
				want = append(want, hit{int32(kw), int32(s)})
			}
		}
	}
	got := p.scan(t, nil)
	var diff []string
	for _, h := range want {
		if !slices.Contains(got, h) {
			diff = append(diff, fmt.Sprintf("missed %q at %d", p.keywords[h.kw].text, h.pos))
		}
	}
	for _, h := range got {
		k := &p.keywords[h.kw]
		if int(h.pos)+len(k.text) > len(t) || !k.at(t, int(h.pos)) {
			diff = append(diff, fmt.Sprintf("made up %q at %d", k.text, h.pos))
		}
	}
	return diff
}

// TestPrefilterFindsEveryKeyword: texts made of keywords of the default
// rules, in any case, packed together and among the words and
// punctuation of logs, at every alignment.
func TestPrefilterFindsEveryKeyword(t *testing.T) {
	rs := defaults(t)
	r := rand.New(rand.NewPCG(1, 2))
	fillers := []string{" ", "\"", "\\n", "text", "delta", "runId", "_", "-", "=", ":", "the ", "x", "\\u002d", "9"}
	for round := range 3000 {
		var text []byte
		for range 1 + r.IntN(12) {
			if r.IntN(2) == 0 {
				k := rs.pf.keywords[r.IntN(len(rs.pf.keywords))].text
				for _, c := range k {
					if r.IntN(2) == 0 {
						c = upper(c)
					}
					text = append(text, c)
				}
			} else {
				text = append(text, fillers[r.IntN(len(fillers))]...)
			}
		}
		if diff := prefilterMisses(rs, text); len(diff) > 0 {
			t.Fatalf("round %d, text %q: %v", round, text, diff)
		}
	}
}
