package atomicfile

import (
	"errors"
	"io/fs"
	"os"
)

// backup keeps target's current content as bak, then renames tmp over
// target.
//
// The backup is a hard link to target, made before the final rename, not a
// rename of target: renaming target away would leave a moment, between the
// two renames, when no file exists at target, and a reader or a crash in
// that moment would find nothing. A link keeps target in place until the
// final rename swaps in the new content; the backup then holds the old
// content, mode and owner because it is the old file.
//
// Only where the file system cannot link (some network or FAT-style file
// systems) does backup fall back to renaming, accepting that moment, and
// restore target if the second rename fails.
func backup(target, bak, tmp string) error {
	err := link(target, bak)
	if errors.Is(err, fs.ErrExist) {
		// An older backup. Linking cannot replace it, so it goes first; if
		// the link then fails, only that older backup is lost.
		if err = os.Remove(bak); err == nil {
			err = link(target, bak)
		}
	}
	if err == nil {
		return os.Rename(tmp, target)
	}
	if errors.Is(err, fs.ErrExist) || errors.Is(err, fs.ErrNotExist) {
		return err
	}
	if err := os.Rename(target, bak); err != nil {
		return err
	}
	if err := os.Rename(tmp, target); err != nil {
		os.Rename(bak, target)
		return err
	}
	return nil
}
