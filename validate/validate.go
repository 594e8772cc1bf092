package validate

import (
	"fmt"
	"io"

	"github.com/zsj-dev/zsj/internal/exitcode"
	"github.com/zsj-dev/zsj/internal/input"
	"github.com/zsj-dev/zsj/internal/report"
	"github.com/zsj-dev/zsj/internal/term"
	"github.com/zsj-dev/zsj/protocol"
)

// Options say what to check and how to report it.
type Options struct {
	// IO holds the streams: standard input for the source "-", the report
	// on Out, read errors, the progress bar and the summary on ErrOut.
	IO *term.IO
	// Sources are the inputs, as input.Expand returns them.
	Sources []input.Source
	// Unreadable are the inputs that could not be opened: each is
	// reported before the others are checked, and fails the run.
	Unreadable []error
	// Format is the report's format, text when empty; the color of the
	// text report is IO.ColorEnabled().
	Format   report.Format
	Protocol protocol.Options
	// MaxProblems is how many problems of each file are printed (all are
	// counted); 0 means all.
	MaxProblems int
	// Quiet prints nothing: the returned error alone tells.
	Quiet bool
	// Secrets, if not nil, makes the finder of secrets of one worker;
	// every string of an output event it finds is a warning.
	Secrets func() SecretFinder
}

// Run checks every input and prints the problems, then a summary. The
// error carries the exit status (see package exitcode): a silent Failure
// when an input could not be read, a silent Problems when errors were
// found; any other error is a failure to write the report.
func Run(opts Options) error {
	std := opts.IO
	var sum report.Summary
	for _, err := range opts.Unreadable {
		term.PrintError(std.ErrOut, err)
		sum.Unreadable++
	}
	var bar *term.Progress
	if showProgress(std, opts.Quiet, len(opts.Sources)) {
		bar = term.NewProgress(std.ErrOut, "validating", "files", len(opts.Sources))
	}
	readError := func(err error) {
		bar.Clear()
		term.PrintError(std.ErrOut, err)
		sum.Unreadable++
	}
	format := opts.Format
	if format == "" {
		format = report.Text
	}
	printer := report.NewPrinter(reportWriter(opts), format, std.ColorEnabled())
	err := newEngine(opts).run(opts.Sources, std.In, printer, engineHooks{
		file: func(stats protocol.Stats, readErr error) {
			sum.Files++
			sum.Lines += stats.Lines
			sum.Events += stats.Events
			sum.Runs += stats.Runs
			sum.Errors += stats.Errors
			sum.Warnings += stats.Warnings
			if readErr != nil {
				readError(readErr)
			}
			bar.Add(1)
		},
		unopened: func(src input.Source, err error) {
			readError(err)
			bar.Add(1)
		},
	})
	bar.Clear()
	if err == nil {
		err = printer.Summary(sum)
	}
	if ferr := printer.Close(); err == nil {
		err = ferr
	}
	if err != nil {
		return err
	}
	if !opts.Quiet {
		fmt.Fprintf(std.ErrOut, "zsj: %s\n", sum.Line())
	}
	return exitStatus(sum)
}

// showProgress decides on the progress bar. A bar is for a person
// waiting on many files while the report goes to a file or a pipe; on
// the terminal it would garble the report.
func showProgress(std *term.IO, quiet bool, files int) bool {
	return std.ErrTTY && !std.OutTTY && !quiet && files > 1
}

func reportWriter(opts Options) io.Writer {
	if opts.Quiet {
		return io.Discard
	}
	return opts.IO.Out
}

// exitStatus is what a run that printed its report returns: an input that
// could not be read outweighs problems found.
func exitStatus(sum report.Summary) error {
	switch {
	case sum.Unreadable > 0:
		return exitcode.Silent(exitcode.Failure)
	case sum.Errors > 0:
		return exitcode.Silent(exitcode.Problems)
	}
	return nil
}
