package gen

import (
	"math/bits"
	"testing"
)

// Where an int has 64 bits, between64 draws what between draws, so the
// logs of a seed stay the same whichever a generator calls.
func TestBetween64(t *testing.T) {
	if bits.UintSize != 64 {
		t.Skip("between takes 32-bit ints here")
	}
	for _, r := range []struct{ lo, hi int64 }{{3, 3}, {0, 1}, {20, 3600}, {1e11, 1e12 - 1}, {1e12, 1e13 - 1}, {-5, 5}} {
		for seed := range int64(50) {
			a, b := newRNG(seed, 7), newRNG(seed, 7)
			for range 20 {
				if x, y := int64(a.between(int(r.lo), int(r.hi))), b.between64(r.lo, r.hi); x != y {
					t.Fatalf("between(%d, %d) = %d, between64 = %d (seed %d)", r.lo, r.hi, x, y, seed)
				}
			}
		}
	}
}
