//go:build unix

package atomicfile

import (
	"errors"
	"io/fs"
	"os"
	"syscall"
)

// keepOwner gives f the owner and group of old. Only root may give a file
// to another user; for anyone else a change fails, the failure is ignored,
// and the new file belongs to whoever wrote it.
func keepOwner(f *os.File, old fs.FileInfo) {
	if st, ok := old.Sys().(*syscall.Stat_t); ok {
		f.Chown(int(st.Uid), int(st.Gid))
	}
}

// ownerGone reports whether no process has the id pid. Signal 0 only
// checks: EPERM means a process of another user has it.
func ownerGone(pid int) bool {
	return errors.Is(syscall.Kill(pid, 0), syscall.ESRCH)
}
