package usage

import (
	"fmt"

	"github.com/zsj-dev/zsj/internal/input"
	"github.com/zsj-dev/zsj/internal/term"
)

// maxLineWarnings is how many skipped lines are shown one by one; the rest
// are only counted.
const maxLineWarnings = 20

// readLogs reads every source into runs, handed to opts.Run. Inputs that
// cannot be read are reported on std.ErrOut and the others read on
// (failed says so); skipped lines are shown there too, as validate shows
// problems, and counted. err is a failure to write.
//
// Runs go on from one file to the next, so lines are taken one at a time,
// in order, on this goroutine; but the sources are opened, read (and
// decompressed) ahead on another. On a folder of 2,000 small logs,
// opening and reading each in turn was a third of the time.
func readLogs(std *term.IO, sources []input.Source, unreadable []error, opts Options) (c *Collector, failed bool, err error) {
	r := &reading{std: std}
	shown := 0
	opts.Warn = func(w Warning) {
		if shown < maxLineWarnings {
			fmt.Fprintf(std.ErrOut, "%s:%d: warning: line skipped: %s [%s]\n", w.File, w.Line, w.Message, w.Rule)
		}
		shown++
	}
	c = NewCollector(opts)
	for _, err := range unreadable {
		r.error(err)
	}
	var f *File
	o := input.Ordered{
		Workers:  1,
		InFlight: 8,
		Stdin:    std.In,
		// The worker counts the chunk's lines, which numbers the next
		// chunk's before Done takes them.
		Work: func(_ int, ch *input.Chunk) {
			var l input.Line
			split := ch.Splitter()
			for split.Next(&l) {
			}
		},
		Done: func(ch *input.Chunk) error {
			if ch.Start {
				if f != nil {
					f.End()
				}
				f = c.File(ch.Source.Name)
			}
			var l input.Line
			split := ch.Splitter()
			for split.Next(&l) {
				f.Line(ch.Base+l.Num, l.Text, len(l.EOL) == 0)
			}
			return nil
		},
		// An unreadable source, or the read error that ended one, right
		// after its lines.
		Failed: func(_ input.Source, err error) { r.error(err) },
	}
	err = o.Run(sources)
	if f != nil {
		f.End()
	}
	c.End()
	return c, r.failed, err
}

// reading reports the inputs that cannot be read, and remembers there
// were some: the exit status says so once the others are done.
type reading struct {
	std    *term.IO
	failed bool
}

func (r *reading) error(err error) {
	term.PrintError(r.std.ErrOut, err)
	r.failed = true
}

// each reports the inputs that could not be opened, then calls fn on
// each of the others in turn.
func (r *reading) each(sources []input.Source, unreadable []error, fn func(*input.Stream) error) error {
	for _, err := range unreadable {
		r.error(err)
	}
	return input.Each(sources, r.std.In, func(_ input.Source, err error) { r.error(err) }, fn)
}
