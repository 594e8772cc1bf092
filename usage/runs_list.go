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
	Filter     RunFilter
	Sort       RunOrder
	Limit      int  // list at most this many runs (after sorting); 0 for all
	Cumulative bool // see Options.Cumulative
	// Prices, when not nil, estimate each run's cost (see priceRun).
	Prices *Prices
}

// ListRuns prints one line per run found in the logs that passes the
// filter, in the order the runs start or as sorted, up to the limit. The
// error carries the exit status (see package exitcode): a silent Failure
// when an input could not be read; any other error is a failure to write.
func ListRuns(opts RunsOptions) error {
	var runs []*Run
	_, failed, err := readLogs(opts.IO, opts.Sources, opts.Unreadable, Options{
		Cumulative: opts.Cumulative,
		Details:    true,
		Run: func(r *Run) {
			if opts.Failed && r.Status == Success || !opts.Filter.Keep(r) {
				return
			}
			priceRun(r, opts.Prices)
			runs = append(runs, r)
		},
	})
	if err != nil {
		return err
	}
	SortRuns(runs)
	SortRunsBy(runs, opts.Sort)
	if opts.Limit > 0 && len(runs) > opts.Limit {
		runs = runs[:opts.Limit]
	}
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
