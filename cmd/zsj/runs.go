package main

import (
	"fmt"
	"io"

	"github.com/spf13/cobra"

	"github.com/zsj-dev/zsj/internal/exitcode"
	"github.com/zsj-dev/zsj/internal/input"
	"github.com/zsj-dev/zsj/usage"
)

func init() { register(newRunsCmd) }

type runsOptions struct {
	format     string
	failed     bool
	cumulative bool
}

func newRunsCmd(a *app) *cobra.Command {
	var opts runsOptions
	cmd := &cobra.Command{
		Use:   "runs [PATH...]",
		Short: "List runs: status, exit code, tool calls, denials, blocks, tokens",
		Long: `Runs prints one line per run found, in the order the runs start: its id, the
file it is in, its model, how it ended (success, error, or unfinished when
there is no run_end), its exit code, its number of events and tool calls,
the permissions denied (decisions not granted, and requests answered by a
failed result with no one to ask), the tool results blocked by the
sandbox, the code of the error that ended it (else of its last error),
its total tokens, and whether it has a final answer.

A run found in several files is listed once per file; 'zsj usage' is the
one that counts it once.

Unreadable lines are skipped with a warning; run 'zsj validate' to check
logs.

Exit status: 0 done, 2 usage error, 3 an input could not be read.`,
		Example: `  zsj runs logs/
  zsj runs --failed logs/                   # runs that ended in error or never ended
  zsj runs --format json logs/ | jq -r 'select(.blocks > 0) | .runId'
  zsj runs --format csv archive/ > runs.csv`,
		RunE: func(cmd *cobra.Command, args []string) error {
			format, err := usage.ParseFormat(opts.format, usage.Table, usage.JSON, usage.CSV, usage.TSV)
			if err != nil {
				return usageError(err)
			}
			return runRuns(a, args, opts, format)
		},
	}
	f := cmd.Flags()
	f.StringVar(&opts.format, "format", "table", "output format: table, json (one object per line), csv or tsv")
	f.BoolVar(&opts.failed, "failed", false, "only runs that ended in error or never ended")
	f.BoolVar(&opts.cumulative, "cumulative", false, "usage events are running totals: a run's last one is its total")
	return cmd
}

func runRuns(a *app, args []string, opts runsOptions, format usage.Format) error {
	var runs []*usage.Run
	_, failed, err := readLogs(a, args, usage.Options{
		Cumulative: opts.cumulative,
		Details:    true,
		Run: func(r *usage.Run) {
			if !opts.failed || r.Status != usage.Success {
				runs = append(runs, r)
			}
		},
	})
	if err != nil {
		return err
	}
	usage.SortRuns(runs)
	style := usage.Style{Color: a.io.ColorEnabled(), Separators: a.io.OutTTY}
	if err := usage.WriteRuns(a.io.Out, runs, format, style); err != nil {
		return err
	}
	if failed {
		return exitcode.Silent(exitcode.Failure)
	}
	return nil
}

// maxLineWarnings is how many skipped lines are shown one by one; the rest
// are only counted.
const maxLineWarnings = 20

// readLogs reads every log named by args into runs, handed to opts.Run.
// Inputs that cannot be read are reported and the others read on (failed
// says so); skipped lines are shown on stderr, as validate shows problems,
// and counted. err is a usage error or a failure to write.
func readLogs(a *app, args []string, opts usage.Options) (c *usage.Collector, failed bool, err error) {
	sources, unreadable, err := expandInputs(args)
	if err != nil {
		return nil, false, err
	}
	for _, e := range unreadable {
		reportReadError(a, e)
		failed = true
	}
	shown := 0
	opts.Warn = func(w usage.Warning) {
		if shown < maxLineWarnings {
			fmt.Fprintf(a.io.ErrOut, "%s:%d: warning: line skipped: %s [%s]\n", w.File, w.Line, w.Message, w.Rule)
		}
		shown++
	}
	c = usage.NewCollector(opts)
	err = input.Each(sources, a.io.In,
		func(_ input.Source, err error) {
			reportReadError(a, err)
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
					reportReadError(a, fmt.Errorf("%s: %w", s.Name, err))
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
