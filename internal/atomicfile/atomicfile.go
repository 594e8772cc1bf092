// Package atomicfile replaces files so that a reader, or a crash, finds the
// old content or the whole new content, never a mix and never nothing.
//
// It knows nothing of logs or compression; callers write the bytes.
package atomicfile

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
)

// Options tune Write.
type Options struct {
	// Backup, if not "", keeps the replaced file as path+Backup (e.g.
	// ".bak"), replacing an older backup of that name. Nothing is kept when
	// there was no file.
	Backup string
}

// newFileMode is the mode of a file that did not exist before.
const newFileMode fs.FileMode = 0o644

// writeBufferSize batches fn's small writes into fewer system calls.
const writeBufferSize = 64 << 10 // bytes

// Seams for tests: what fn's writes go through on their way to the
// temporary file, and how the backup link is made.
var (
	wrapWriter = func(w io.Writer) io.Writer { return w }
	link       = os.Link
)

// Write creates or replaces the file at path with what fn writes. fn writes
// to a temporary file in the same directory; on success the temp file is
// synced, given the mode of the file it replaces (0644 for a new file,
// subject to nothing else), and renamed over path, so readers only ever see
// the old or the whole new content. If fn or any step fails, the temp file
// is removed and path is left as it was. With opts.Backup != "" the old
// file is kept as path+opts.Backup (see backup for how).
//
// On Linux the temporary file has no name until it is complete (O_TMPFILE),
// so a process killed while writing leaves nothing behind; elsewhere, or
// where the file system refuses that, its name records the writing
// process's id, and RemoveStale clears those a killed process left. From
// the moment it is named until the rename, a kill leaves it too.
//
// fn's own error is returned as is. Writes reach the file through a buffer,
// and a failed write makes every later write fail, so an fn that ignores
// write errors still makes Write fail. When path is a symlink, the file it
// points to is replaced (and backed up beside it), so the link keeps
// working. The replaced file's owner is kept where the system allows it,
// and so are its extended attributes (on Linux).
func Write(path string, opts Options, fn func(w io.Writer) error) (err error) {
	target, err := resolve(path)
	if err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	old, err := os.Stat(target)
	switch {
	case err == nil && !old.Mode().IsRegular():
		return fmt.Errorf("write %s: not a regular file", path)
	case errors.Is(err, fs.ErrNotExist):
		old = nil
	case err != nil:
		return err
	}

	tmp, err := newTemp(filepath.Dir(target), filepath.Base(target))
	if err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	defer func() {
		if err != nil {
			tmp.discard()
		}
	}()

	bw := bufio.NewWriterSize(wrapWriter(tmp.f), writeBufferSize)
	if err := fn(bw); err != nil {
		return err
	}
	if err := finish(tmp.f, bw, target, old); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	name, err := tmp.named()
	if err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	if opts.Backup != "" && old != nil {
		err = backup(target, target+opts.Backup, name)
	} else {
		err = os.Rename(name, target)
	}
	if err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	tmp.settled()
	tmp.closeAfterRename()
	syncDir(filepath.Dir(target))
	return nil
}

// resolve returns the file that writing path should replace: path itself,
// or, for a symlink, the file it points to. Replacing the link instead
// would silently cut it off from that file.
func resolve(path string) (string, error) {
	info, err := os.Lstat(path)
	if err != nil || info.Mode()&fs.ModeSymlink == 0 {
		return path, nil // a missing path is created; Stat reports the rest
	}
	return filepath.EvalSymlinks(path)
}

// finish flushes what fn wrote, makes the temporary file look like the
// file it replaces (old, nil if none, at target): mode, owner, extended
// attributes; and makes its content durable before it is renamed into
// place: a rename that reaches the disk before the data would leave an
// empty file after a crash. The file stays open: an unnamed one is named
// through its descriptor.
func finish(tmp *os.File, bw *bufio.Writer, target string, old fs.FileInfo) error {
	if err := bw.Flush(); err != nil {
		return err
	}
	mode := newFileMode
	if old != nil {
		keepOwner(tmp, old) // before Chmod: chown may clear setuid bits
		mode = old.Mode() & (fs.ModePerm | fs.ModeSetuid | fs.ModeSetgid | fs.ModeSticky)
		if err := keepXattrs(target, tmp); err != nil {
			return err
		}
	}
	// Chmod, not a mode at creation, so that the umask does not apply.
	if err := tmp.Chmod(mode); err != nil {
		return err
	}
	return tmp.Sync()
}

// syncDir makes a rename in dir durable. It is best effort: the rename has
// happened, so failing the write now would be wrong, and some systems
// cannot sync a directory at all.
func syncDir(dir string) {
	d, err := os.Open(dir)
	if err != nil {
		return
	}
	d.Sync()
	d.Close()
}
