package replay

import (
	"math/rand/v2"
	"regexp"
	"testing"
)

func TestIDRenamerKeepsShape(t *testing.T) {
	for _, tc := range []struct {
		old   string
		shape string // a pattern the new id must match
	}{
		{"run_20260603_abc123", `^run_[0-9]{8}_[a-z]{3}[0-9]{3}$`},
		{"zero_20260603100000_abc123", `^zero_[0-9]{14}_[a-z]{3}[0-9]{3}$`},
		{"Run-7.X:y", `^Run-[0-9]\.[A-Z]:[a-z]$`},
		{"abc123", `^[a-z]{3}[0-9]{3}$`}, // no separator: no word to keep
		{"7run_x", `^[0-9][a-z]{3}_[a-z]$`},
		{"r", `^[a-z](-[0-9]+)?$`},
	} {
		t.Run(tc.old, func(t *testing.T) {
			r := newIDRenamer(rand.New(rand.NewPCG(1, 2)))
			got := r.rename(tc.old)
			if got == tc.old {
				t.Fatalf("%q kept its value", tc.old)
			}
			if !regexp.MustCompile(tc.shape).MatchString(got) {
				t.Fatalf("%q became %q, not of the shape %s", tc.old, got, tc.shape)
			}
			if again := r.rename(tc.old); again != got {
				t.Fatalf("second time %q became %q, first %q", tc.old, again, got)
			}
		})
	}
}

func TestIDRenamerNeverMergesIDs(t *testing.T) {
	// One digit to vary: ten values at most, so collisions must be handled.
	r := newIDRenamer(rand.New(rand.NewPCG(3, 4)))
	seen := map[string]string{}
	for _, old := range []string{"r_0", "r_1", "r_2", "r_3", "r_4", "r_5", "r_6", "r_7", "r_8", "r_9", "r_a"} {
		id := r.rename(old)
		if prev, ok := seen[id]; ok {
			t.Fatalf("%q and %q both became %q", prev, old, id)
		}
		seen[id] = old
	}
}

func TestIDRenamerFollowsSeed(t *testing.T) {
	a := newIDRenamer(rand.New(rand.NewPCG(9, streamIDs))).rename("run_20260603_abc123")
	b := newIDRenamer(rand.New(rand.NewPCG(9, streamIDs))).rename("run_20260603_abc123")
	c := newIDRenamer(rand.New(rand.NewPCG(10, streamIDs))).rename("run_20260603_abc123")
	if a != b {
		t.Fatalf("same seed, different ids: %q, %q", a, b)
	}
	if a == c {
		t.Fatalf("different seeds, same id %q", a)
	}
}
