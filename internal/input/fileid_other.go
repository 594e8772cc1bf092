//go:build !unix

package input

import "os"

// fileID is unused where files have no portable id: seenFiles falls back
// to os.SameFile.
type fileID struct{}

func idOf(os.FileInfo) (fileID, bool) { return fileID{}, false }
