//go:build !unix

package atomicfile

import (
	"io/fs"
	"os"
)

// keepOwner does nothing where files have no Unix owner to keep.
func keepOwner(*os.File, fs.FileInfo) {}

// ownerGone cannot tell here, so no temporary file is ever taken for
// stale.
func ownerGone(int) bool { return false }
