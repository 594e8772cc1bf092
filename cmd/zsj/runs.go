package main

import (
	"github.com/spf13/cobra"

	"github.com/zsj-dev/zsj/usage"
)

func init() { register(newRunsCmd) }

func newRunsCmd(a *app) *cobra.Command {
	opts := usage.RunsOptions{IO: a.io}
	var format string
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

The counts (csv and json names):
  events             the run's lines, its run_start and run_end included;
                     a line reported as skipped is not counted
  toolCalls          tool_call events
  permissionsDenied  permission decisions not granted, and permission
                     requests answered by a failed tool_result
  blocks             tool_result events carrying block (violation in
                     version 1)
  totalTokens        the sum of its usage events' totalTokens (prompt +
                     completion when an event has none)

A run whose lines go on in the next file (a log rotated, or cut with
split -l) is one run, listed at the file and line it starts: it goes on
when its first line in the next file is no run_start and not its first
line again. A run found again in another file is listed once per file;
'zsj usage' is the one that counts it once.

Unreadable lines are skipped with a warning; run 'zsj validate' to check
logs.

Exit status: 0 done, 2 usage error, 3 an input could not be read.`,
		Example: `  zsj runs logs/
  zsj runs --failed logs/                   # runs that ended in error or never ended
  zsj runs --format json logs/ | jq -r 'select(.blocks > 0) | .runId'
  zsj runs --format csv archive/ > runs.csv`,
		RunE: func(cmd *cobra.Command, args []string) error {
			var err error
			if opts.Format, err = usage.ParseFormat(format, usage.Table, usage.JSON, usage.CSV, usage.TSV); err != nil {
				return usageError(err)
			}
			if opts.Sources, opts.Unreadable, err = expandInputs(args); err != nil {
				return err
			}
			return usage.ListRuns(opts)
		},
	}
	f := cmd.Flags()
	f.StringVar(&format, "format", "table", "output format: table, json (one object per line), csv or tsv")
	f.BoolVar(&opts.Failed, "failed", false, "only runs that ended in error or never ended")
	f.BoolVar(&opts.Cumulative, "cumulative", false, "usage events are running totals: a run's last one is its total")
	return cmd
}
