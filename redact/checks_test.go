package redact

import (
	"slices"
	"testing"
)

// TestChecksOnce: a keyword's shared checks run once, and the others all.
func TestChecksOnce(t *testing.T) {
	rs := defaults(t)
	count := func(ids []int, f func([]byte, int, int) bool) int {
		n := 0
		for _, ri := range ids {
			if m := rs.rules[ri].maybe; m != nil && sameFunc(m, f) {
				n++
			}
		}
		return n
	}
	for _, c := range []struct {
		keyword  string
		check    func([]byte, int, int) bool
		had, has int
	}{
		{"token", maybeKeyText, 3, 1},
		{"s://", maybeURLPassword, 2, 1},
		{"token", maybePercent, 1, 1},
	} {
		kw := -1
		for i, k := range rs.pf.keywords {
			if string(k.text) == c.keyword {
				kw = i
			}
		}
		if kw < 0 {
			t.Fatalf("no keyword %q", c.keyword)
		}
		if got := count(rs.kwRules[kw], c.check); got != c.had {
			t.Errorf("%q gates %d rules with the check, want %d", c.keyword, got, c.had)
		}
		if got := count(rs.kwChecks[kw], c.check); got != c.has {
			t.Errorf("%q runs the check %d times, want %d", c.keyword, got, c.has)
		}
		// Every rule with another check, or none, is still there.
		for _, ri := range rs.kwRules[kw] {
			m := rs.rules[ri].maybe
			if (m == nil || !plainChecks[funcPointer(m)]) && !slices.Contains(rs.kwChecks[kw], ri) {
				t.Errorf("%q: rule %s left out", c.keyword, rs.rules[ri].id)
			}
		}
	}
	// A method value shares its code with every other: never one.
	var regexChecks int
	for _, r := range rs.rules {
		if r.matcher != nil && plainChecks[funcPointer(r.maybe)] {
			regexChecks++
		}
	}
	if regexChecks > 0 {
		t.Errorf("%d regex rules' checks taken for plain ones", regexChecks)
	}
}

func sameFunc(a, b func([]byte, int, int) bool) bool { return funcPointer(a) == funcPointer(b) }
