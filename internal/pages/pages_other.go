//go:build !linux

package pages

// canAdvise: only Linux takes the advice, so AdviseHeap does nothing here.
const canAdvise = false

// advise is never called here.
func advise(addr, n uintptr) bool { return false }

// collapse is never called here.
func collapse(addr, n uintptr) bool { return false }
