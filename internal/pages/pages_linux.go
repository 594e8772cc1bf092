package pages

import "syscall"

// advise asks for 2 MB pages under b (MADV_HUGEPAGE). A kernel without
// transparent huge pages refuses, and nothing changes.
func advise(b []byte) bool {
	const madvHugepage = 14
	return syscall.Madvise(b, madvHugepage) == nil
}
