//go:build unix

package input

import (
	"os"
	"syscall"
)

// fileID is what os.SameFile compares on Unix: device and inode. Kept in
// a map it finds a repeat among many files without comparing each pair.
type fileID struct{ dev, ino uint64 }

func idOf(info os.FileInfo) (fileID, bool) {
	st, ok := info.Sys().(*syscall.Stat_t)
	if !ok {
		return fileID{}, false
	}
	return fileID{dev: uint64(st.Dev), ino: uint64(st.Ino)}, true // Dev is not uint64 everywhere
}
