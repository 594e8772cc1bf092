package pages

import "syscall"

// canAdvise: Linux takes the advice (if its transparent huge pages are on).
const canAdvise = true

// advise asks for 2 MB pages under b (MADV_HUGEPAGE). A kernel without
// transparent huge pages refuses, and nothing changes.
func advise(b []byte) bool {
	const madvHugepage = 14
	return syscall.Madvise(b, madvHugepage) == nil
}
