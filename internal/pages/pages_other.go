//go:build !linux

package pages

// advise does nothing here: only Linux takes the advice.
func advise([]byte) bool { return false }
