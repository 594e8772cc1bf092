package usage

import (
	"fmt"
	"io"

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
	var lines *input.Reader // one for all files: see Reader.Reset
	err = r.each(sources, unreadable, func(s *input.Stream) error {
		f := c.File(s.Name)
		if lines == nil {
			lines = s.Lines()
		} else {
			lines.Reset(s)
		}
		var l input.Line
		for {
			err := lines.NextInto(&l)
			if err == io.EOF {
				break
			}
			if err != nil {
				r.error(input.ReadError(s.Source, err))
				break
			}
			f.Line(l.Num, l.Text, len(l.EOL) == 0)
		}
		f.End()
		return nil
	})
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
