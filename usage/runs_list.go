package usage

import (
	"github.com/zsj-dev/zsj/internal/exitcode"
	"github.com/zsj-dev/zsj/internal/input"
	"github.com/zsj-dev/zsj/internal/term"
)

// RunsOptions say what zsj runs lists and how.
type RunsOptions struct {
	// IO holds the streams: standard input for the source "-", the list
	// on Out, read errors and skipped lines on ErrOut.
	IO *term.IO
	// Sources are the logs, as input.Expand returns them; Unreadable are
	// those that could not be opened, reported before the others are read.
	Sources    []input.Source
	Unreadable []error
	Format     Format
	// Failed lists only the runs that ended in error or never ended.
	Failed     bool
	Cumulative bool // see Options.Cumulative
}

// ListRuns prints one line per run found in the logs, in the order the
// runs start. The error carries the exit status (see package exitcode): a
// silent Failure when an input could not be read; any other error is a
// failure to write.
func ListRuns(opts RunsOptions) error {
	var runs []*Run
	_, failed, err := readLogs(opts.IO, opts.Sources, opts.Unreadable, Options{
		Cumulative: opts.Cumulative,
		Details:    true,
		Run: func(r *Run) {
			if !opts.Failed || r.Status != Success {
				runs = append(runs, r)
			}
		},
	})
	if err != nil {
		return err
	}
	SortRuns(runs)
	if err := WriteRuns(opts.IO.Out, runs, opts.Format, outputStyle(opts.IO)); err != nil {
		return err
	}
	if failed {
		return exitcode.Silent(exitcode.Failure)
	}
	return nil
}

// outputStyle decorates tables for a person at a terminal.
func outputStyle(std *term.IO) Style {
	return Style{Color: std.ColorEnabled(), Separators: std.OutTTY}
}
