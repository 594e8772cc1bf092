//go:build !linux

package filters

// adviseHugePages does nothing here: only Linux takes the advice.
func adviseHugePages([]byte) {}
