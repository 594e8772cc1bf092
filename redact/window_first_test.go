package redact

import (
	"slices"
	"testing"
)

// TestFirstInWindowFindsTheSame: a keyword-led rule's window search that
// stops at its first match (searchWindow's first) must redact what the
// search of the whole window does, with the later matches left to the
// keywords after it. Every sample of the rules searched keyword by
// keyword is redacted twice over on one line, the second within the
// first one's window, both ways.
func TestFirstInWindowFindsTheSame(t *testing.T) {
	if testing.Short() {
		t.Skip("redacts the catalogue's samples twice")
	}
	rs := defaults(t)
	first, all := rs.NewRedactor(), rs.NewRedactor()
	texts := []string{
		// generic-api-key's window reaches the second assignment.
		"token = Zq8rT2vX9wK4mN7pQ1; secret = Hh3Jk8Lm2Nb5Vc7Xz9; key: Ab1Cd2Ef3Gh4Ij5Kl6",
		"api_key=aaaaaaaaaaaa api_key=Zq8rT2vX9wK4mN7pQ1",
	}
	led := map[string]bool{}
	for _, r := range rs.rules {
		if m := r.matcher; m != nil {
			m.init()
			led[r.id] = m.led != nil
		}
	}
	for _, r := range loadRecallSamples(t).Rules {
		if !led[r.ID] {
			continue // the rule is not searched keyword by keyword
		}
		for _, smp := range append(slices.Clip(r.True), r.False...) {
			s := smp.Sample
			texts = append(texts, s+"\n"+s, s+" "+s)
		}
	}
	differ, found := 0, 0
	for _, s := range texts {
		firstInWindow = true
		got, gotMatches := first.RedactText([]byte(s))
		got = slices.Clone(got)
		gotIDs := ruleIDs(gotMatches)
		firstInWindow = false
		want, wantMatches := all.RedactText([]byte(s))
		firstInWindow = true
		if len(wantMatches) > 0 {
			found++
		}
		if string(got) != string(want) || !slices.Equal(gotIDs, ruleIDs(wantMatches)) {
			differ++
			if differ <= 5 {
				t.Errorf("%q:\nfirst match: %q %v\nall matches: %q %v", s, got, gotIDs, want, ruleIDs(wantMatches))
			}
		}
	}
	t.Logf("%d texts, %d with secrets, %d redacted otherwise", len(texts), found, differ)
	if found < len(texts)/2 {
		t.Errorf("only %d of %d texts hold a secret: the samples did not load as they should", found, len(texts))
	}
}
