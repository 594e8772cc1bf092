package pretty

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"

	"github.com/zsj-dev/zsj/internal/english"
	"github.com/zsj-dev/zsj/internal/exitcode"
	"github.com/zsj-dev/zsj/internal/input"
	"github.com/zsj-dev/zsj/internal/term"
)

// DrawOptions say what zsj pretty reads, how it draws it and where.
type DrawOptions struct {
	// IO holds the streams: standard input for the source "-", the
	// drawing on Out (unless Output names a file), read errors on ErrOut.
	IO *term.IO
	// Sources are the inputs, as input.Expand returns them; Unreadable are
	// those that could not be opened, reported before the others are read.
	Sources    []input.Source
	Unreadable []error
	// Render says what is shown. A Width of 0 is the width of IO.Out's
	// terminal, else DefaultWidth; Color is IO.ColorEnabled().
	Render Options
	// Format is "terminal" or "html".
	Format string
	// Output, for html, is the page's file (one input) or the directory
	// of the pages (several); "" or "-" is IO.Out, for one input.
	Output string
	// Follow draws one input live as it grows; ExitOnEnd stops once
	// every run seen has ended.
	Follow    bool
	ExitOnEnd bool
}

// Check refuses values and combinations that make no sense, before any
// input is read; it also splits comma-separated Render.Types.
func (o *DrawOptions) Check() error {
	var types []string
	for _, t := range o.Render.Types {
		for _, part := range strings.Split(t, ",") {
			if part = strings.TrimSpace(part); part != "" {
				types = append(types, part)
			}
		}
	}
	o.Render.Types = types
	_, formatErr := english.Choose("--format", o.Format, Formats)
	switch {
	case o.Render.Width < 0:
		return errors.New("--width must not be negative")
	case o.Render.MaxOutputLines < 0:
		return errors.New("--max-output-lines must not be negative")
	case formatErr != nil:
		return formatErr
	case o.Format == "html" && o.Follow:
		return errors.New("--follow draws a terminal timeline; it cannot be used with --format html")
	case o.ExitOnEnd && !o.Follow:
		return errors.New("--exit-on-end only makes sense with --follow")
	case o.Output != "" && o.Format != "html":
		return errors.New("--output is for --format html; redirect the terminal timeline instead")
	}
	return CheckTypes(o.Render.Types)
}

// drawing counts, across inputs, what decides the exit status.
type drawing struct {
	DrawOptions
	invalid    int
	unreadable int
}

// Draw renders every input. Lines the protocol rejects are drawn as
// warnings where they stand and drawing goes on. The error carries the
// exit status (see package exitcode): a usage error for a combination
// only the inputs show wrong, a silent Failure when an input could not
// be read, a silent Problems when lines were rejected; any other error is
// a failure to write, which stops everything.
func Draw(opts DrawOptions) error {
	if opts.Follow && len(opts.Sources) != 1 {
		return exitcode.New(exitcode.Usage, errors.New("--follow reads one input (a file or standard input)"))
	}
	if opts.Render.Width == 0 {
		opts.Render.Width = opts.IO.OutWidth(DefaultWidth)
	}
	opts.Render.Color = opts.IO.ColorEnabled()
	d := &drawing{DrawOptions: opts}
	for _, err := range opts.Unreadable {
		d.readError(err)
	}
	var err error
	switch {
	case opts.Format == "html":
		err = d.pages()
	case opts.Follow:
		err = d.follow(opts.Sources[0])
	default:
		err = d.terminal()
	}
	if err != nil {
		return err
	}
	switch {
	case d.unreadable > 0:
		return exitcode.Silent(exitcode.Failure)
	case d.invalid > 0:
		fmt.Fprintf(opts.IO.ErrOut, "zsj: %d invalid %s (shown inline)\n", d.invalid, english.Plural(d.invalid, "line"))
		return exitcode.Silent(exitcode.Problems)
	}
	return nil
}

func (d *drawing) readError(err error) {
	term.PrintError(d.IO.ErrOut, err)
	d.unreadable++
}

func (d *drawing) terminal() error {
	shown := 0
	return input.Each(d.Sources, d.IO.In,
		func(src input.Source, err error) { d.readError(err) },
		func(s *input.Stream) error {
			title := ""
			if len(d.Sources) > 1 {
				title = s.Name
			}
			if shown > 0 {
				fmt.Fprintln(d.IO.Out) // a blank line between inputs
			}
			shown++
			p := NewTerminal(d.IO.Out, title, d.Render)
			err := p.ReadAll(s.Lines())
			d.invalid += p.Invalid()
			return d.readErrorGoesOn(s.Name, err)
		})
}

// readErrorGoesOn reports a failure to read one input and lets the next
// one be rendered; any other error (writing the output) stops everything.
func (d *drawing) readErrorGoesOn(name string, err error) error {
	var re *ErrRead
	if errors.As(err, &re) {
		d.readError(fmt.Errorf("%s: %w", name, re.Err))
		return nil
	}
	return err
}

// follow renders one input live until it ends, every run has ended
// (ExitOnEnd) or the user interrupts.
func (d *drawing) follow(src input.Source) error {
	s, err := input.Open(src, d.IO.In)
	if err != nil {
		d.readError(err)
		return nil
	}
	defer s.Close()
	p := NewTerminal(d.IO.Out, "", d.Render)
	if s.Compression != input.None {
		// A compressed stream cannot be read while it is being written:
		// render what is there.
		err = p.ReadAll(s.Lines())
	} else {
		ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
		defer stop()
		fo := FollowOptions{ExitOnEnd: d.ExitOnEnd, Pipe: isStream(src, d.IO.In)}
		if !fo.Pipe && !src.IsStdin() { // followed by name, as tail -F
			fo.Path, fo.Notice = src.Path, func(msg string) { fmt.Fprintln(d.IO.ErrOut, msg) }
		}
		err = p.Follow(ctx, s, fo)
	}
	d.invalid += p.Invalid()
	return d.readErrorGoesOn(s.Name, err)
}

// isStream reports whether an input is a pipe or terminal (its end is
// final) rather than a regular file that may grow.
func isStream(src input.Source, stdin io.Reader) bool {
	if !src.IsStdin() {
		info, err := os.Stat(src.Path)
		return err == nil && !info.Mode().IsRegular()
	}
	f, ok := stdin.(*os.File)
	if !ok {
		return true
	}
	info, err := f.Stat()
	return err != nil || !info.Mode().IsRegular()
}
