package view

import (
	"github.com/zsj-dev/zsj/internal/input"
	"github.com/zsj-dev/zsj/usage"
)

// Entry is one run of the index: its summary, and where its lines are.
type Entry struct {
	// Run is the run's summary as zsj runs computes it.
	Run *usage.Run
	// Name is the input the run was found in, as given or found.
	Name string
	// Path is the file to read the run's lines from: the input itself,
	// or for a compressed one its decompressed copy in the cache. When
	// Seekable is false (the cache was full), the input is decompressed
	// again up to Start.
	Path     string
	Seekable bool
	// Compressed says Path is not the input the user named, so it will
	// not grow: a page follows only plain files.
	Compressed bool
	// Start and End are the byte range of the run's lines in the
	// decompressed input: from its first line to the end of its last.
	// Lines of other runs in between are skipped when the page is read.
	Start, End int64
	// Line is the number of the run's first line.
	Line int
	// order is the index's running number, the order runs were found in;
	// mtime is the input's modification time (Unix seconds).
	order  int
	mtime  int64
	source input.Source
}

// Failed reports whether the run ended in error or never ended.
func (e *Entry) Failed() bool { return e.Run.Status != usage.Success }
