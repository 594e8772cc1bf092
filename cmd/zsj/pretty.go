package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"

	"github.com/spf13/cobra"

	"github.com/zsj-dev/zsj/internal/exitcode"
	"github.com/zsj-dev/zsj/internal/input"
	"github.com/zsj-dev/zsj/pretty"
)

func init() { register(newPrettyCmd) }

type prettyOptions struct {
	render    pretty.Options
	format    string
	output    string
	follow    bool
	exitOnEnd bool
}

func newPrettyCmd(a *app) *cobra.Command {
	opts := prettyOptions{render: pretty.DefaultOptions()}
	opts.render.Width = 0 // 0: the terminal's width, or the default
	cmd := &cobra.Command{
		Use:   "pretty [PATH...]",
		Short: "Render runs for people, in the terminal or as HTML, live with -f",
		Long: `Pretty draws each run as a timeline: a header (run, session, model, cwd), the
answer text as wrapped paragraphs, reasoning dimmed as thinking, each tool
call with its arguments and side effect, its result (status, size, the first
lines of output), permission requests and decisions with the sandbox's
block details, usage per step, warnings, errors, the final answer, the end
status, and a summary of the run.

Interleaved runs carry a short tag (the end of the run id) on each line.
Lines the protocol rejects are shown as a warning where they stand, and
rendering goes on; the exit status is then 1. Version 1 logs render like
version 2.

With -f, pretty keeps reading a file as it grows (or standard input as it
arrives) and draws each event as soon as its line is complete; with
--exit-on-end it stops once every run it has seen has ended.

With --format html, each input becomes one self-contained HTML page
(collapsible tool outputs, a token chart per run). One input is written to
standard output unless -o names a file; several inputs need -o DIR, and
each is written to DIR/NAME.html.`,
		Example: `  zsj pretty run.jsonl
  zsj pretty --run abc123 --no-reasoning logs/
  zsj pretty --color always --type tool_call,tool_result --full run.jsonl | less -R
  zero exec --output-format stream-json "fix it" | zsj pretty -f
  zsj pretty -f --exit-on-end /tmp/run.jsonl
  zsj pretty --format html -o run.html run.jsonl`,
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := checkPrettyOptions(&opts); err != nil {
				return usageError(err)
			}
			if opts.format == "html" && !cmd.Flags().Changed("max-output-lines") {
				opts.render.MaxOutputLines = pretty.DefaultHTMLOutputLines // outputs fold away on the page
			}
			if opts.render.Width == 0 {
				opts.render.Width = a.io.OutWidth(pretty.DefaultWidth)
			}
			opts.render.Color = a.io.ColorEnabled()
			return runPretty(a, args, opts)
		},
	}
	f := cmd.Flags()
	f.StringSliceVar(&opts.render.Runs, "run", nil, "show only this run (an id or the end of one, like the tag of interleaved runs); repeatable")
	f.StringSliceVar(&opts.render.Types, "type", nil, "show only events of these types (comma-separated or repeated); the summary still counts all")
	f.IntVar(&opts.render.Width, "width", 0, "wrap at N columns (default: the terminal's width, 100 when not a terminal)")
	f.BoolVar(&opts.render.ASCII, "ascii", false, "draw with ASCII characters only (no Unicode symbols)")
	f.IntVar(&opts.render.MaxOutputLines, "max-output-lines", pretty.DefaultMaxOutputLines, "show the first N lines of each tool output (HTML: 100)")
	f.BoolVar(&opts.render.Full, "full", false, "show every line of every tool output")
	f.BoolVar(&opts.render.NoReasoning, "no-reasoning", false, "hide reasoning (thinking)")
	f.BoolVarP(&opts.follow, "follow", "f", false, "keep reading as the input grows, drawing each event as it arrives")
	f.BoolVar(&opts.exitOnEnd, "exit-on-end", false, "with -f: stop once every run seen has ended")
	f.StringVar(&opts.format, "format", "terminal", "output format: terminal or html")
	f.StringVarP(&opts.output, "output", "o", "", "with --format html: write to this file (one input) or directory (several)")
	return cmd
}

// checkPrettyOptions refuses flag values and combinations that make no
// sense, before any input is read.
func checkPrettyOptions(o *prettyOptions) error {
	var types []string
	for _, t := range o.render.Types {
		for _, part := range strings.Split(t, ",") {
			if part = strings.TrimSpace(part); part != "" {
				types = append(types, part)
			}
		}
	}
	o.render.Types = types
	switch {
	case o.render.Width < 0:
		return errors.New("--width must not be negative")
	case o.render.MaxOutputLines < 0:
		return errors.New("--max-output-lines must not be negative")
	case o.format != "terminal" && o.format != "html":
		return fmt.Errorf("--format must be terminal or html, not %q", o.format)
	case o.format == "html" && o.follow:
		return errors.New("--follow draws a terminal timeline; it cannot be used with --format html")
	case o.exitOnEnd && !o.follow:
		return errors.New("--exit-on-end only makes sense with --follow")
	case o.output != "" && o.format != "html":
		return errors.New("--output is for --format html; redirect the terminal timeline instead")
	}
	return pretty.CheckTypes(o.render.Types)
}

// prettyTotals counts, across inputs, what decides the exit status.
type prettyTotals struct {
	invalid    int
	unreadable int
}

func runPretty(a *app, args []string, opts prettyOptions) error {
	sources, openErrs, err := expandInputs(args)
	if err != nil {
		return err
	}
	if opts.follow && len(sources) != 1 {
		return usageError(errors.New("--follow reads one input (a file or standard input)"))
	}
	var tot prettyTotals
	for _, err := range openErrs {
		reportReadError(a, err)
		tot.unreadable++
	}
	switch {
	case opts.format == "html":
		err = prettyHTML(a, sources, opts, &tot)
	case opts.follow:
		err = prettyFollow(a, sources[0], opts, &tot)
	default:
		err = prettyTerminal(a, sources, opts, &tot)
	}
	if err != nil {
		return err
	}
	switch {
	case tot.unreadable > 0:
		return exitcode.Silent(exitcode.Failure)
	case tot.invalid > 0:
		fmt.Fprintf(a.io.ErrOut, "zsj: %d invalid %s (shown inline)\n", tot.invalid, pluralWord(tot.invalid, "line"))
		return exitcode.Silent(exitcode.Problems)
	}
	return nil
}

func prettyTerminal(a *app, sources []input.Source, opts prettyOptions, tot *prettyTotals) error {
	shown := 0
	return input.Each(sources, a.io.In,
		func(src input.Source, err error) {
			reportReadError(a, err)
			tot.unreadable++
		},
		func(s *input.Stream) error {
			title := ""
			if len(sources) > 1 {
				title = s.Name
			}
			if shown > 0 {
				fmt.Fprintln(a.io.Out) // a blank line between inputs
			}
			shown++
			p := pretty.NewTerminal(a.io.Out, title, opts.render)
			err := p.ReadAll(s.Lines())
			tot.invalid += p.Invalid()
			return readErrorGoesOn(a, s.Name, err, tot)
		})
}

// readErrorGoesOn reports a failure to read one input and lets the next
// one be rendered; any other error (writing the output) stops everything.
func readErrorGoesOn(a *app, name string, err error, tot *prettyTotals) error {
	var re *pretty.ErrRead
	if errors.As(err, &re) {
		reportReadError(a, fmt.Errorf("%s: %w", name, re.Err))
		tot.unreadable++
		return nil
	}
	return err
}

// prettyFollow renders one input live until it ends, every run has ended
// (--exit-on-end) or the user interrupts.
func prettyFollow(a *app, src input.Source, opts prettyOptions, tot *prettyTotals) error {
	s, err := input.Open(src, a.io.In)
	if err != nil {
		reportReadError(a, err)
		tot.unreadable++
		return nil
	}
	defer s.Close()
	p := pretty.NewTerminal(a.io.Out, "", opts.render)
	if s.Compression != input.None {
		// A compressed stream cannot be read while it is being written:
		// render what is there.
		err = p.ReadAll(s.Lines())
	} else {
		ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
		defer stop()
		fo := pretty.FollowOptions{ExitOnEnd: opts.exitOnEnd, Pipe: isStream(src, a.io.In)}
		err = p.Follow(ctx, s, fo)
	}
	tot.invalid += p.Invalid()
	return readErrorGoesOn(a, s.Name, err, tot)
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

func pluralWord(n int, word string) string {
	if n == 1 {
		return word
	}
	return word + "s"
}
