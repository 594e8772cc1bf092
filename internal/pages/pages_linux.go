package pages

import "syscall"

// canAdvise: Linux takes the advice (if its transparent huge pages are on).
const canAdvise = true

// madvise gives the kernel advice about the n bytes at addr: memory of
// the heap, passed as an address because the garbage collector need not
// see it as a slice. It reports whether the kernel took it (one without
// transparent huge pages refuses, and nothing changes).
func madvise(addr, n uintptr, advice int) bool {
	_, _, errno := syscall.Syscall(syscall.SYS_MADVISE, addr, n, uintptr(advice))
	return errno == 0
}
