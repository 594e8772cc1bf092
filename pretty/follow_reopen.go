package pretty

import (
	"fmt"
	"os"
)

// reopened tells Follow that the followed name now reads from the start
// of new content. Its text is the notice.
type reopened struct{ msg string }

func (r *reopened) Error() string { return r.msg }

// watch makes f check path at each end of the file it reads. The file
// being read is taken to be the one path names now: Follow starts right
// after the file was opened.
func (f *fileSource) watch(path string) {
	f.path = path
	f.info, _ = os.Stat(path) // nil: the first check opens whatever is there then
}

// reopenIfMoved is called at the end of the file being read. When path
// names a file smaller than what was read (truncated), or another file
// (rotated), that file is opened and read from its start, and a
// *reopened error says so. A name that is missing for now (between the
// move and the recreation) is waited for.
func (f *fileSource) reopenIfMoved() error {
	now, err := os.Stat(f.path)
	if err != nil {
		return nil
	}
	var what string
	switch {
	case f.info == nil || !os.SameFile(f.info, now):
		what = fmt.Sprintf("zsj: %s was replaced (rotated); following the new file from its start", f.path)
	case now.Size() < f.offset:
		what = fmt.Sprintf("zsj: %s was truncated; following it from its start", f.path)
	default:
		return nil
	}
	file, err := os.Open(f.path)
	if err != nil {
		return nil // gone again, or not readable yet: the next end checks again
	}
	info, err := file.Stat()
	if err != nil {
		file.Close()
		return nil
	}
	f.close()
	f.r, f.own, f.info, f.offset = file, file, info, 0
	return &reopened{what}
}

// close closes the last file a reopen opened.
func (f *fileSource) close() {
	if f.own != nil {
		f.own.Close()
		f.own = nil
	}
}
