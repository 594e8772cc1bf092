// Package pages asks the kernel to back the Go heap with 2 MB pages.
//
// On the virtual machines zsj is measured on, first touching a page of
// memory costs about 10 us: the 4 KB pages of a 20 MB heap are 50 ms of
// CPU, a fifth of what validate --quiet does with a 130 MB log. Linux backs memory
// with 2 MB pages (one fault each) where a program asks for them with
// madvise, which is how most systems set transparent huge pages up, and
// the Go runtime does not ask for its heap. AdviseHeap asks for it.
package pages

import (
	"runtime"
	"unsafe"
)

// reserve is how much of the heap AdviseHeap advises: more than any
// command's heap on the benchmark corpora (their peak RSS, code and all,
// is 25 to 60 MB), so that what they allocate falls in it. Address space
// only: pages nobody touches take no memory.
const reserve = 64 << 20

// advisedStart and advisedEnd are the range AdviseHeap advised, for
// tests: as addresses, not a slice, which would keep the object alive.
var advisedStart, advisedEnd uintptr

// AdviseHeap allocates one large object, advises its pages, lets it go
// and collects it. The runtime hands out heap memory lowest address
// first, so what the program allocates next lands in those pages, and
// the kernel backs them 2 MB at a time. The object is fresh memory, which
// the runtime does not clear: allocating it touches no page. Call it
// once, early, before the heap grows (package early does, before the
// other packages are initialized).
func AdviseHeap() {
	if !canAdvise {
		return
	}
	adviseReserve()
	// Allocating the object starts a collection, which may find it still
	// in use and leave it in the heap: the next would then come only once
	// the heap had grown past twice its size, and until then everything
	// would be allocated above it, in unadvised memory. (One run of
	// validate in three went so.) A full collection now frees it.
	runtime.GC()
}

// adviseReserve allocates and advises the object, in a frame of its own
// that is gone when AdviseHeap collects.
//
// The advice goes from the 2 MB boundary below the object to the one
// above it: the kernel backs a 2 MB page only where all of it is advised,
// and the object starts wherever the heap had got to. The 2 MB below its
// first boundary are the first the heap hands out, and the runtime has
// already written some of their 4 KB pages, where the kernel then keeps
// to 4 KB pages: they are collapsed into one 2 MB page (MADV_COLLAPSE,
// Linux 6.1 on; older kernels refuse). Without the two, zsj --version
// took 420 page faults in that range; with them, 170 to 220.
//
//go:noinline
func adviseReserve() {
	b := make([]byte, reserve)
	start := uintptr(unsafe.Pointer(unsafe.SliceData(b)))
	lo, hi := start&^(hugePage-1), (start+reserve+hugePage-1)&^(hugePage-1)
	if madvise(lo, hi-lo, madvHugepage) {
		advisedStart, advisedEnd = lo, hi
		madvise(lo, hugePage, madvCollapse)
	}
	runtime.KeepAlive(b)
}

// hugePage is the size of the pages advised memory gets.
const hugePage = 2 << 20

// Linux's advice: back the range with 2 MB pages as it is touched; put
// what it has backed with 4 KB pages in 2 MB pages now (pages not touched
// yet come as zeros, as fresh memory does).
const (
	madvHugepage = 14 // MADV_HUGEPAGE
	madvCollapse = 25 // MADV_COLLAPSE
)
