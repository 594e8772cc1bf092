// Package startgc has the garbage collector run less while a command
// starts.
package startgc

import (
	"runtime"
	"runtime/debug"
	"syscall"
)

// While a command starts it builds its tables (the secret search's rules
// and prefilter, the filter's program) and its heap grows from nothing to
// about 10 MB in a few milliseconds. The collector's target is twice the
// heap live at the last collection, and at least 4 MB, so it ran six
// times in the first 45 ms of validate, a millisecond or more each, much
// of it faulting in the runtime's own fresh bookkeeping pages. Until the
// first collection, the target is five times the live heap instead
// (GOGC=400), at least 16 MB: a command on a short log never collects,
// and one on a long log collects once where it did five times. From the
// first collection on, the usual target keeps its memory as small as
// before.
const startGCPercent = 400

// CollectLess raises the collector's target until the next collection,
// unless GOGC sets it. main calls it first. (Not package early: this
// package needs runtime/debug, which needs fmt and os, which would then be
// initialized, allocating, before the heap is advised.)
func CollectLess() {
	if _, set := syscall.Getenv("GOGC"); set {
		return
	}
	percent := debug.SetGCPercent(startGCPercent)
	// The cleanup of an object nothing refers to runs after the next
	// collection. (It holds a pointer so that it is not one of the tiny
	// objects that share a block, whose cleanups may never run.)
	runtime.AddCleanup(&struct{ p *int }{}, func(percent int) { debug.SetGCPercent(percent) }, percent)
}
