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
	for _, e := range unreadable {
		reportReadError(std.ErrOut, e)
		failed = true
	}
	shown := 0
	opts.Warn = func(w Warning) {
		if shown < maxLineWarnings {
			fmt.Fprintf(std.ErrOut, "%s:%d: warning: line skipped: %s [%s]\n", w.File, w.Line, w.Message, w.Rule)
		}
		shown++
	}
	c = NewCollector(opts)
	err = input.Each(sources, std.In,
		func(_ input.Source, err error) {
			reportReadError(std.ErrOut, err)
			failed = true
		},
		func(s *input.Stream) error {
			f := c.File(s.Name)
			lines := s.Lines()
			var l input.Line
			for {
				err := lines.NextInto(&l)
				if err == io.EOF {
					break
				}
				if err != nil {
					reportReadError(std.ErrOut, fmt.Errorf("%s: %w", s.Name, err))
					failed = true
					break
				}
				f.Line(l.Num, l.Text, len(l.EOL) == 0)
			}
			f.End()
			return nil
		})
	return c, failed, err
}

func reportReadError(w io.Writer, err error) {
	fmt.Fprintf(w, "zsj: error: %v\n", err)
}
