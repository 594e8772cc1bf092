package pages

import "syscall"

// canAdvise: Linux takes the advice (if its transparent huge pages are on).
const canAdvise = true

// advise asks for 2 MB pages under the n bytes at addr (MADV_HUGEPAGE):
// memory of the heap, which the garbage collector does not need to see
// as a slice. A kernel without transparent huge pages refuses, and
// nothing changes.
func advise(addr, n uintptr) bool {
	const madvHugepage = 14
	_, _, errno := syscall.Syscall(syscall.SYS_MADVISE, addr, n, madvHugepage)
	return errno == 0
}

// collapse asks the kernel to put the n bytes at addr, which it has
// backed with 4 KB pages, in 2 MB pages now (MADV_COLLAPSE); pages not
// touched yet come as zeros, as fresh memory does. It reports whether it
// could.
func collapse(addr, n uintptr) bool {
	const madvCollapse = 25
	_, _, errno := syscall.Syscall(syscall.SYS_MADVISE, addr, n, madvCollapse)
	return errno == 0
}
