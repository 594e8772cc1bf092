package main

import (
	"github.com/spf13/cobra"

	"github.com/zsj-dev/zsj/pretty"
)

func init() { register(newPrettyCmd) }

func newPrettyCmd(a *app) *cobra.Command {
	opts := pretty.DrawOptions{IO: a.io, Render: pretty.DefaultOptions()}
	opts.Render.Width = 0 // 0: the terminal's width, or the default
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
--exit-on-end it stops once every run it has seen has ended. A file is
followed by name, like tail -F: truncated, it is read again from its start;
rotated (moved away and a new file created), the new file is opened. Each
time a one-line notice goes to stderr.

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
			if err := opts.Check(); err != nil {
				return usageError(err)
			}
			if opts.Format == "html" && !cmd.Flags().Changed("max-output-lines") {
				opts.Render.MaxOutputLines = pretty.DefaultHTMLOutputLines // outputs fold away on the page
			}
			var err error
			if opts.Sources, opts.Unreadable, err = expandInputs(args); err != nil {
				return err
			}
			return pretty.Draw(opts)
		},
	}
	f := cmd.Flags()
	f.StringSliceVar(&opts.Render.Runs, "run", nil, "show only this run (an id or the end of one, like the tag of interleaved runs); repeatable")
	f.StringSliceVar(&opts.Render.Types, "type", nil, "show only events of these types (comma-separated or repeated); the summary still counts all")
	f.IntVar(&opts.Render.Width, "width", 0, "wrap at N columns (default: the terminal's width, 100 when not a terminal)")
	f.BoolVar(&opts.Render.ASCII, "ascii", false, "draw with ASCII characters only (no Unicode symbols)")
	f.IntVar(&opts.Render.MaxOutputLines, "max-output-lines", pretty.DefaultMaxOutputLines, "show the first N lines of each tool output (HTML: 100)")
	f.BoolVar(&opts.Render.Full, "full", false, "show every line of every tool output")
	f.BoolVar(&opts.Render.NoReasoning, "no-reasoning", false, "hide reasoning (thinking)")
	f.BoolVarP(&opts.Follow, "follow", "f", false, "keep reading as the input grows, drawing each event as it arrives")
	f.BoolVar(&opts.ExitOnEnd, "exit-on-end", false, "with -f: stop once every run seen has ended")
	f.StringVar(&opts.Format, "format", "terminal", "output format: terminal or html")
	f.StringVarP(&opts.Output, "output", "o", "", "with --format html: write to this file (one input) or directory (several)")
	return cmd
}
