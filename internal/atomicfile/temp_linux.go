package atomicfile

import (
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"

	"golang.org/x/sys/unix"
)

// procFD is where Linux shows a process's open files as links; linking
// one of them gives an unnamed file a name.
const procFD = "/proc/self/fd/"

// useUnnamed is a seam for tests of the named fallback.
var useUnnamed = true

// openUnnamed opens a file with no name in dir (O_TMPFILE): until
// linkUnnamed names it, a kill leaves nothing behind, the kernel frees it.
// Some file systems refuse O_TMPFILE, and without /proc it could not be
// named afterwards; the caller then falls back to a named file.
func openUnnamed(dir string) (*os.File, error) {
	if !useUnnamed {
		return nil, errors.ErrUnsupported
	}
	if _, err := os.Stat(procFD); err != nil {
		return nil, err
	}
	fd, err := unix.Open(dir, unix.O_TMPFILE|unix.O_RDWR|unix.O_CLOEXEC, 0o600)
	if err != nil {
		return nil, &os.PathError{Op: "open", Path: dir, Err: err}
	}
	return os.NewFile(uintptr(fd), filepath.Join(dir, "(unnamed)")), nil
}

// linkUnnamed gives f, opened by openUnnamed, a temporary name beside
// base: a link cannot replace a file, so the name is the step before
// the rename that does.
func linkUnnamed(f *os.File, dir, base string) (string, error) {
	from := procFD + strconv.Itoa(int(f.Fd()))
	for range 100 {
		name := filepath.Join(dir, tempName(base, self(), rand.Uint32()))
		err := unix.Linkat(unix.AT_FDCWD, from, unix.AT_FDCWD, name, unix.AT_SYMLINK_FOLLOW)
		if errors.Is(err, unix.EEXIST) {
			continue
		}
		if err != nil {
			return "", &os.LinkError{Op: "link", Old: from, New: name, Err: err}
		}
		return name, nil
	}
	return "", errors.New("no unused temporary file name in " + dir)
}
