package startgc

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

func TestCollectLess(t *testing.T) {
	for _, tc := range []struct {
		name        string
		gogc        string // "" for unset
		start, then int
	}{
		{"GOGC unset", "", startGCPercent, 100},
		{"GOGC set", "150", 150, 150},
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
			CollectLess()
			if got := gcPercent(); got != tc.start {
				t.Errorf("after CollectLess the target is %d%%, want %d%%", got, tc.start)
			}
			// The target comes back after a collection, as soon as the
			// goroutine that runs cleanups gets to it.
			runtime.GC()
			deadline := time.Now().Add(5 * time.Second)
			for gcPercent() != tc.then && time.Now().Before(deadline) {
				time.Sleep(time.Millisecond)
			}
			if got := gcPercent(); got != tc.then {
				t.Errorf("after a collection the target is %d%%, want %d%%", got, tc.then)
			}
		})
	}
}
