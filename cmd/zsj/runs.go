package main

import (
	"errors"

	"github.com/spf13/cobra"

	"github.com/zsj-dev/zsj/internal/english"
	"github.com/zsj-dev/zsj/usage"
)

func init() { register(newRunsCmd) }

func newRunsCmd(a *app) *cobra.Command {
	opts := usage.RunsOptions{IO: a.io}
	var format, sort, pricesFile string
	var statuses []string
	var noPrices bool
	cmd := &cobra.Command{
		Use:   "runs [PATH...]",
		Short: "List runs: status, exit code, tool calls, denials, blocks, tokens, cost",
		Long: `Runs prints one line per run found, in the order the runs start: its id, the
file it is in, its model, how it ended (success, error, or unfinished when
there is no run_end), its exit code, its number of events and tool calls,
the permissions denied (decisions not granted, and requests answered by a
failed result with no one to ask), the tool results blocked by the
sandbox, its error events and the code of the error that ended it (else of
its last error), its total tokens, its cost as reported and as estimated,
and whether it has a final answer.

The counts (csv and json names):
  events             the run's lines, its run_start and run_end included;
                     a line reported as skipped is not counted
  toolCalls          tool_call events
  permissionsDenied  permission decisions not granted, and permission
                     requests answered by a failed tool_result
  blocks             tool_result events carrying block (violation in
                     version 1)
  errors             error events, recoverable or not
  totalTokens        the sum of its usage events' totalTokens (prompt +
                     completion when an event has none)
  costUsd            the sum of its usage events' costUsd, as reported
  estimatedCostUsd   its usage events' tokens at its model's prices, as
                     'zsj usage' estimates them (see 'zsj usage --help':
                     the prices zsj ships, --prices FILE over them, or
                     none with --no-prices)

Picking and sorting, for a daily look at what ran:
  --status S     runs that ended so: success, error or unfinished (several
                 comma-separated); --failed is --status error,unfinished
  --model M      runs whose model or apiModel is M (repeatable; "unknown"
                 for runs with no run_start)
  --provider P   runs of provider P (repeatable; "unknown" likewise)
  --since D, --until D
                 runs dated from D, up to D (YYYY-MM-DD, both included; the
                 date in the run id, else in the session id, as 'zsj usage'
                 reads it); runs with no date are left out
  --tool NAME    runs that called the tool NAME
  --sort K       the largest first by tokens, cost (estimated, then
                 reported), tools, events or errors; ties in start order
  --limit N      the first N runs only (after sorting)

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
  zsj runs --since 2026-06-03 --sort cost --limit 10 logs/
  zsj runs --model gpt-4.1 --tool shell --sort tokens logs/
  zsj runs --format json logs/ | jq -r 'select(.blocks > 0) | .runId'
  zsj runs --format csv archive/ > runs.csv`,
		RunE: func(cmd *cobra.Command, args []string) error {
			var err error
			if opts.Format, err = usage.ParseFormat(format, usage.Table, usage.JSON, usage.CSV, usage.TSV); err != nil {
				return usageError(err)
			}
			if sort != "" {
				if opts.Sort, err = english.Choose("--sort", sort, usage.RunOrders); err != nil {
					return usageError(err)
				}
			}
			if opts.Filter.Statuses, err = usage.ParseStatuses(statuses); err != nil {
				return usageError(err)
			}
			if opts.Failed && opts.Filter.Statuses != nil {
				return usageError(errors.New("--failed is --status error,unfinished: give one or the other"))
			}
			if err := usage.CheckDates(opts.Filter.Since, opts.Filter.Until); err != nil {
				return usageError(err)
			}
			if opts.Limit < 0 {
				return usageError(errors.New("--limit must not be negative"))
			}
			if noPrices && pricesFile != "" {
				return usageError(errors.New("--no-prices cannot be used with --prices"))
			}
			if opts.Prices, err = loadPrices(pricesFile, noPrices); err != nil {
				return err
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
	f.StringSliceVar(&statuses, "status", nil, "only runs that ended so: success, error or unfinished (comma-separated or repeated)")
	f.StringSliceVar(&opts.Filter.Models, "model", nil, "only runs whose model or apiModel is this (repeatable)")
	f.StringSliceVar(&opts.Filter.Providers, "provider", nil, "only runs of this provider (repeatable)")
	f.StringVar(&opts.Filter.Since, "since", "", "only runs dated this day (YYYY-MM-DD) or later")
	f.StringVar(&opts.Filter.Until, "until", "", "only runs dated this day (YYYY-MM-DD) or earlier")
	f.StringVar(&opts.Filter.Tool, "tool", "", "only runs that called this tool")
	f.StringVar(&sort, "sort", "", "largest first by tokens, cost, tools, events or errors")
	f.IntVar(&opts.Limit, "limit", 0, "list at most this many runs (after sorting)")
	f.StringVar(&pricesFile, "prices", "", "price file (LiteLLM's format) overriding the shipped prices for the models it has")
	f.BoolVar(&noPrices, "no-prices", false, "no estimated cost")
	f.BoolVar(&opts.Cumulative, "cumulative", false, "usage events are running totals: a run's last one is its total")
	return cmd
}
