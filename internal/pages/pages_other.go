//go:build !linux

package pages

// canAdvise: only Linux takes the advice, so AdviseHeap does nothing here.
const canAdvise = false

// advise is never called here.
func advise([]byte) bool { return false }
