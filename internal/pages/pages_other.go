//go:build !linux

package pages

// canAdvise: only Linux takes the advice, so AdviseHeap does nothing here.
const canAdvise = false

// madvise is never called here.
func madvise(addr, n uintptr, advice int) bool { return false }
