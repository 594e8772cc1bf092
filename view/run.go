package view

import (
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"

	"github.com/zsj-dev/zsj/internal/english"
	"github.com/zsj-dev/zsj/internal/exitcode"
	"github.com/zsj-dev/zsj/internal/input"
	"github.com/zsj-dev/zsj/internal/term"
)

// Options say what zsj view shows and how.
type Options struct {
	// IO holds the streams: the screen is drawn on Out from keys on In,
	// which must both be a terminal; errors go to ErrOut once the screen
	// is gone.
	IO *term.IO
	// Sources are the logs, as input.Expand returns them (standard input
	// is refused: a run page reads its lines again); Unreadable are
	// those that could not be opened.
	Sources    []input.Source
	Unreadable []error
	// ASCII draws the screen's own marks with ASCII characters only.
	ASCII bool
	// CacheDir is where compressed inputs are decompressed ("" for the
	// system's temporary folder), CacheLimit how many bytes may be.
	CacheDir   string
	CacheLimit int64
	// IndexOnly indexes, prints the number of runs found and the time it
	// took, and exits: what the benchmarks measure.
	IndexOnly bool
}

// ErrStdin refuses "-": a run page seeks back into its input.
var ErrStdin = errors.New(`"-" (standard input) cannot be viewed: a run page reads its run again from its file (use zsj pretty for a stream)`)

// Run shows the run list until the user quits. The error carries the
// exit status (see package exitcode): a usage error without a terminal, a
// silent Failure when an input could not be read.
func Run(opts Options) error {
	for _, s := range opts.Sources {
		if s.IsStdin() {
			return exitcode.New(exitcode.Usage, ErrStdin)
		}
	}
	if !opts.IndexOnly && (!opts.IO.InTTY || !opts.IO.OutTTY) {
		return exitcode.New(exitcode.Usage, errors.New("view draws on a terminal: run it in one (zsj runs and zsj pretty write to pipes)"))
	}
	ix := NewIndex(opts.Sources, opts.CacheDir, opts.CacheLimit)
	defer ix.Close()
	if opts.IndexOnly {
		start := time.Now()
		ix.Build()
		_, p := ix.Snapshot(progressOnly)
		fmt.Fprintf(opts.IO.Out, "%d %s in %d %s, indexed in %.2fs\n", p.Runs, english.Plural(p.Runs, "run"),
			p.Files, english.Plural(p.Files, "file"), time.Since(start).Seconds())
		return finish(opts, p.Errors)
	}
	m := newModel(ix, opts.IO.ColorEnabled(), opts.ASCII)
	m.unreadable = len(opts.Unreadable)
	profile := colorprofile.Ascii // styles, no colors
	if opts.IO.ColorEnabled() {
		profile = colorprofile.ANSI
	}
	// The screen needs the terminal itself, to put it in raw mode: IO.In
	// may wrap it (see term.HintStdin), and InTTY says it is os.Stdin.
	var in io.Reader = os.Stdin
	if !opts.IO.InTTY {
		in = opts.IO.In
	}
	prog := tea.NewProgram(m, tea.WithInput(in), tea.WithOutput(opts.IO.Out), tea.WithColorProfile(profile))
	_, err := prog.Run()
	ix.Stop()
	if errors.Is(err, tea.ErrProgramPanic) {
		return exitcode.New(exitcode.Failure, errors.New("view stopped on an internal error, shown above (the terminal was restored)"))
	}
	if err != nil && !errors.Is(err, tea.ErrInterrupted) {
		return err
	}
	_, p := ix.Snapshot(progressOnly)
	return finish(opts, p.Errors)
}

// progressOnly asks Snapshot for the progress alone: no index has as
// many runs.
const progressOnly = math.MaxInt

// finish reports the inputs that could not be read, now that the screen
// is gone.
func finish(opts Options, errs []error) error {
	all := append(append([]error(nil), opts.Unreadable...), errs...)
	for _, err := range all {
		term.PrintError(opts.IO.ErrOut, err)
	}
	if len(all) > 0 {
		return exitcode.Silent(exitcode.Failure)
	}
	return nil
}
