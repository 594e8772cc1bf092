//go:build unix

package rewrite

import (
	"io/fs"
	"syscall"
)

// linkCount is how many names (hard links) the file of info has.
func linkCount(info fs.FileInfo) uint64 {
	if st, ok := info.Sys().(*syscall.Stat_t); ok {
		return uint64(st.Nlink)
	}
	return 1
}
