package redact

import "testing"

// TestAnchorAvoidsCommonWindows: a keyword's windows go where the fewest
// common words have them. Every window of "bintray" and "intra" is in
// some word of the vocabulary; "int" is in eight ("print", "interface",
// ...), and when it was counted like "ray" (in "array" alone), both
// keywords took it: on the output-heavy corpus, 95 K of the 502 K
// windows the prefilter looked at closer, none of them a keyword.
func TestAnchorAvoidsCommonWindows(t *testing.T) {
	for _, c := range []struct {
		keyword string
		want    string // the first of the step (2) windows
	}{
		{"bintray", "tra"},
		{"intra", "ntr"},
		{"password", "ssw"},
		{"scauth_", "uth"},
	} {
		a := anchorAt([]byte(c.keyword), 2)
		if got := c.keyword[a : a+3]; got != c.want {
			t.Errorf("%s: windows from %q, want %q", c.keyword, got, c.want)
		}
	}
	if n := commonness([]byte("INT")); n < 5 {
		t.Errorf(`"int" is in %d words of the vocabulary, want 5 or more`, n)
	}
	if n := commonness([]byte("ray")); n != 1 {
		t.Errorf(`"ray" is in %d words of the vocabulary, want 1 ("array")`, n)
	}
}
