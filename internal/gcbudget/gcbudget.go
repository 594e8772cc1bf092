// Package gcbudget has the garbage collector run less while the heap a
// command holds is small.
package gcbudget

import (
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"syscall"
)

// The collector's target is the heap live at the last collection and
// that again (GOGC=100), at least 4 MB. A command holds a few chunks and
// its tables, about 10 MB, and makes short-lived garbage as it goes: with
// that target, validate on the realistic log collected three times once
// started, each a few milliseconds of marking on both cores with the
// write barriers on meanwhile; with the cores far apart, four in a hundred
// of its CPU time. So the target is five times the live heap (GOGC=400)
// while that fits in budget, and what fits in budget above that, though
// never less than Go's own: memory still grows only with what a command
// holds, and one that holds much collects as often as Go would have it.
// (A budget of 64 MB took pretty on the realistic log to 89 MB of RSS,
// from 56; this one to 73.)
const (
	budget     = 48 << 20 // bytes
	maxPercent = 400
)

// CollectLess sets the collector's target for a small heap, and again
// after every collection for the heap then live, unless GOGC sets it.
// main calls it first.
func CollectLess() {
	if _, set := syscall.Getenv("GOGC"); set {
		return
	}
	target(0)
}

// target sets the collector's target for a live heap of live bytes (0
// before the first collection), and has itself called again after the
// next collection, unless GOGC has been set meanwhile (as tests do): the
// cleanup of an object nothing refers to runs after the next collection.
// (The object holds a pointer so that it is not one of the tiny objects
// that share a block, whose cleanups may never run.)
func target(live uint64) {
	debug.SetGCPercent(percentFor(live))
	runtime.AddCleanup(&struct{ p *int }{}, func(struct{}) {
		if _, set := syscall.Getenv("GOGC"); !set {
			target(liveHeap())
		}
	}, struct{}{})
}

// percentFor is the target for a live heap of live bytes: as much as
// fits in budget, between Go's own and maxPercent. Before the first
// collection (0) it is the most.
func percentFor(live uint64) int {
	switch {
	case live == 0:
		return maxPercent
	case live >= budget:
		return 100
	}
	return max(100, min(maxPercent, int((budget-live)*100/live)))
}

// liveHeap is the heap the last collection found live.
func liveHeap() uint64 {
	s := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	metrics.Read(s)
	if s[0].Value.Kind() != metrics.KindUint64 {
		return 0
	}
	return s[0].Value.Uint64()
}
