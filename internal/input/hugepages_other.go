//go:build !linux

package input

// AdviseHugePages does nothing here: only Linux takes the advice.
func AdviseHugePages([]byte) {}
