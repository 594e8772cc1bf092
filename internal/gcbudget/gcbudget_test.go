package gcbudget

import (
	"os"
	"runtime"
	"runtime/debug"
	"testing"
	"time"
)

// gcPercent is the collector's target now.
func gcPercent() int {
	p := debug.SetGCPercent(100)
	debug.SetGCPercent(p)
	return p
}

func TestPercentFor(t *testing.T) {
	for _, tc := range []struct {
		live uint64
		want int
	}{
		{0, maxPercent},          // before the first collection
		{1 << 20, maxPercent},    // a small heap: 5 MB fit
		{8 << 20, maxPercent},    // 40 MB fit
		{12 << 20, 300},          // grows to the budget, 48 MB
		{24 << 20, 100},          // Go's own: 48 MB
		{48 << 20, 100},          // Go's own, past the budget
		{budget, 100},            // at it
		{10 * budget, 100},       // far past it
		{budget - 1<<20, 100},    // Go's own is more
		{budget/5 + 1<<20, 352},  // just past five times
		{budget / 5, maxPercent}, // five times fit exactly
		{budget/5 - 1, maxPercent},
	} {
		if got := percentFor(tc.live); got != tc.want {
			t.Errorf("percentFor(%d MB) = %d, want %d", tc.live>>20, got, tc.want)
		}
	}
}

// CollectLess sets the target at once and again after each collection,
// for the heap then live; GOGC, when set, decides alone.
func TestCollectLess(t *testing.T) {
	var held []byte // a live heap past half the budget, in the last case
	for _, tc := range []struct {
		name        string
		gogc        string // "" for unset
		hold        int    // bytes kept live across the collection
		start, then int
	}{
		{"GOGC unset, small heap", "", 0, maxPercent, maxPercent},
		{"GOGC unset, large heap", "", budget / 2, maxPercent, 100},
		{"GOGC set", "150", 0, 150, 150},
	} {
		t.Run(tc.name, func(t *testing.T) {
			defer debug.SetGCPercent(debug.SetGCPercent(100))
			old, had := os.LookupEnv("GOGC")
			defer func() {
				if had {
					os.Setenv("GOGC", old)
				} else {
					os.Unsetenv("GOGC")
				}
			}()
			if tc.gogc == "" {
				os.Unsetenv("GOGC")
			} else {
				os.Setenv("GOGC", tc.gogc)
				debug.SetGCPercent(150) // as the runtime would have, reading it
			}
			held = make([]byte, tc.hold)
			CollectLess()
			if got := gcPercent(); got != tc.start {
				t.Errorf("after CollectLess the target is %d%%, want %d%%", got, tc.start)
			}
			// The target is set again after a collection, as soon as the
			// goroutine that runs cleanups gets to it.
			debug.SetGCPercent(-2) // no such target: the test sees it change
			if tc.gogc != "" {
				debug.SetGCPercent(150)
			}
			runtime.GC()
			deadline := time.Now().Add(5 * time.Second)
			for gcPercent() != tc.then && time.Now().Before(deadline) {
				time.Sleep(time.Millisecond)
			}
			if got := gcPercent(); got != tc.then {
				t.Errorf("after a collection the target is %d%%, want %d%%", got, tc.then)
			}
			runtime.KeepAlive(held)
			held = nil
		})
	}
}
