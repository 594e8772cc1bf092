package main

import (
	"errors"
	"fmt"
	"os"
	"strings"

	"github.com/spf13/cobra"

	"github.com/zsj-dev/zsj/internal/exitcode"
	"github.com/zsj-dev/zsj/internal/input"
	"github.com/zsj-dev/zsj/usage"
)

func init() { register(newUsageCmd) }

type usageOptions struct {
	by         []string
	since      string
	until      string
	format     string
	prices     string
	noDedupe   bool
	cumulative bool
	merge      bool
}

func newUsageCmd(a *app) *cobra.Command {
	var opts usageOptions
	cmd := &cobra.Command{
		Use:   "usage [PATH...]",
		Short: "Sum tokens and cost of runs, by model, day, cwd and more",
		Long: `Usage adds up the usage events of every run: prompt, completion and total
tokens (total = prompt + completion when an event has none), cached input,
cache writes, reasoning tokens and cost, and counts runs by outcome
(success, error, unfinished) and their usage events.

--by groups the runs: run, session, model, provider, cwd, day, month, file,
or several (--by model,day). Session, model, provider and cwd come from the
run's run_start ("unknown" without one). Events carry no time, so the day
is the date in the run id (run_YYYYMMDD_...), else in the session id
(zero_YYYYMMDDhhmmss_...), else "unknown"; --since and --until (YYYY-MM-DD,
both included) leave out runs outside the dates, and runs without one.

Cost is costUsd as reported. With --prices FILE (LiteLLM's
model_prices_and_context_window.json format) the events without costUsd
get an estimate, in a separate column: (prompt - cached - cache writes) at
the input price, cached at the cache-read price, cache writes at the
cache-creation price, completion at the output price. Models missing from
the file are listed in a warning.

A run found again (same runId and the same events, also in another file or
as the version 1 copy of a version 2 log) is counted once, and the number
dropped is reported; runs sharing a runId with different events are all
counted, with a warning. --no-dedupe counts everything found.

--format json lists every run counted, with its fingerprint, so that the
outputs for parts of an archive merge exactly: 'zsj usage --merge' reads
such outputs instead of logs and prints what one run over all the logs
would have (given the parts in the same order; with --no-dedupe, runs a
part dropped as duplicates stay dropped). The json names its format,
zsj-usage/2; outputs of another format (an older zsj) are refused, since
their fingerprints differ. Token counts and costs are
exact decimal numbers in json, csv and tsv; the table rounds cost to
4 decimals.

Only run_start, usage and run_end events are read in full; other lines are
read up to their type and runId. Unreadable lines are skipped with a
warning; run 'zsj validate' to check logs.

Exit status: 0 done, 2 usage error, 3 an input could not be read (the
others are still counted).`,
		Example: `  zsj usage logs/
  zsj usage --by model,day logs/
  zsj usage --by month --since 2026-01-01 --until 2026-06-30 archive/
  zsj usage --prices model_prices_and_context_window.json --by model logs/
  zsj usage --format csv --by day logs/ > usage.csv

  # A large archive in parallel, then merged:
  find archive -name '*.jsonl.zst' | xargs -P 8 -I{} sh -c 'zsj usage --format json {} > {}.usage.json'
  zsj usage --merge --by model archive/*.usage.json`,
		RunE: func(cmd *cobra.Command, args []string) error {
			format, err := usage.ParseFormat(opts.format, usage.Table, usage.JSON, usage.CSV, usage.TSV)
			if err != nil {
				return usageError(err)
			}
			ropts, err := opts.reportOptions()
			if err != nil {
				return usageError(err)
			}
			ropts.ListRuns = format == usage.JSON // listed for --merge
			if opts.merge {
				if opts.prices != "" || opts.cumulative {
					return usageError(errors.New("--merge takes --by, --since, --until, --no-dedupe and --format: prices and --cumulative apply when logs are read"))
				}
				return runUsageMerge(a, args, ropts, format)
			}
			return runUsage(a, args, opts, ropts, format)
		},
	}
	f := cmd.Flags()
	f.StringSliceVar(&opts.by, "by", nil, "group by run, session, model, provider, cwd, day, month or file (comma-separated or repeated)")
	f.StringVar(&opts.since, "since", "", "leave out runs dated before this day (YYYY-MM-DD)")
	f.StringVar(&opts.until, "until", "", "leave out runs dated after this day (YYYY-MM-DD)")
	f.StringVar(&opts.format, "format", "table", "output format: table, json, csv or tsv")
	f.StringVar(&opts.prices, "prices", "", "estimate the cost of events without costUsd from this LiteLLM price file")
	f.BoolVar(&opts.noDedupe, "no-dedupe", false, "count runs found more than once every time")
	f.BoolVar(&opts.cumulative, "cumulative", false, "usage events are running totals: a run's last one is its total")
	f.BoolVar(&opts.merge, "merge", false, "merge outputs of 'zsj usage --format json' given as arguments")
	return cmd
}

func (o *usageOptions) reportOptions() (usage.ReportOptions, error) {
	by, err := usage.ParseDimensions(o.by)
	if err != nil {
		return usage.ReportOptions{}, err
	}
	for _, d := range []struct{ flag, value string }{{"--since", o.since}, {"--until", o.until}} {
		if d.value == "" {
			continue
		}
		if err := usage.ParseDate(d.value); err != nil {
			return usage.ReportOptions{}, fmt.Errorf("%s: %w", d.flag, err)
		}
	}
	if o.since != "" && o.until != "" && o.since > o.until {
		return usage.ReportOptions{}, fmt.Errorf("--since %s is after --until %s", o.since, o.until)
	}
	return usage.ReportOptions{
		By: by, Since: o.since, Until: o.until, NoDedupe: o.noDedupe,
		Cumulative: o.cumulative,
	}, nil
}

func runUsage(a *app, args []string, opts usageOptions, ropts usage.ReportOptions, format usage.Format) error {
	if opts.prices != "" {
		p, err := loadPrices(opts.prices)
		if err != nil {
			return err
		}
		ropts.Prices = p
	}
	agg := usage.NewAggregator(ropts)
	c, failed, err := readLogs(a, args, usage.Options{Cumulative: opts.cumulative, Run: agg.Add})
	if err != nil {
		return err
	}
	agg.Inputs(c.Files, c.Invalid, 0, 0)
	return finishUsage(a, agg.Report(), format, opts.prices, failed)
}

func runUsageMerge(a *app, args []string, ropts usage.ReportOptions, format usage.Format) error {
	if len(args) == 0 {
		return usageError(errors.New("--merge needs the json files to merge"))
	}
	sources, unreadable, err := expandMergeInputs(args)
	if err != nil {
		return err
	}
	failed := len(unreadable) > 0
	for _, e := range unreadable {
		reportReadError(a, e)
	}
	agg := usage.NewAggregator(ropts)
	err = input.Each(sources, a.io.In,
		func(_ input.Source, err error) {
			reportReadError(a, err)
			failed = true
		},
		func(s *input.Stream) error {
			shard, err := usage.ReadShard(s)
			if err == nil {
				err = agg.Merge(shard)
			}
			if err != nil {
				reportReadError(a, fmt.Errorf("%s: %w", s.Name, err))
				failed = true
			}
			return nil
		})
	if err != nil {
		return err
	}
	return finishUsage(a, agg.Report(), format, "", failed)
}

// expandMergeInputs takes merge inputs as named: a directory is not
// walked (it holds logs, not usage outputs).
func expandMergeInputs(args []string) ([]input.Source, []error, error) {
	var files []string
	var errs []error
	for _, arg := range args {
		if arg != "-" && isDir(arg) {
			errs = append(errs, fmt.Errorf("%s: is a directory; --merge takes the json files written by 'zsj usage --format json'", arg))
			continue
		}
		files = append(files, arg)
	}
	if len(files) == 0 {
		return nil, errs, nil // not stdin, as no argument at all would mean
	}
	sources, unreadable, err := expandInputs(files)
	return sources, append(errs, unreadable...), err
}

// finishUsage prints the report, then the notes and warnings about it.
func finishUsage(a *app, rep *usage.Report, format usage.Format, pricesFile string, failed bool) error {
	style := usage.Style{Color: a.io.ColorEnabled(), Separators: a.io.OutTTY}
	if err := usage.WriteReport(a.io.Out, rep, format, style); err != nil {
		return err
	}
	w := a.io.ErrOut
	if rep.DuplicateRuns > 0 {
		fmt.Fprintf(w, "zsj: %s dropped: found before with the same runId and events (--no-dedupe counts them)\n", plural(rep.DuplicateRuns, "duplicate run"))
	}
	const maxConflicts = 10
	for i, c := range rep.Conflicts {
		if i == maxConflicts {
			fmt.Fprintf(w, "zsj: warning: %d more run ids are shared by runs with different events\n", len(rep.Conflicts)-maxConflicts)
			break
		}
		fmt.Fprintf(w, "zsj: warning: run %s: %d runs with different events share this id; all are counted\n", c.ID, c.Runs)
	}
	if rep.UndatedRuns > 0 {
		fmt.Fprintf(w, "zsj: %s left out: no date in their ids to compare with --since/--until\n", plural(rep.UndatedRuns, "run"))
	}
	if len(rep.UnpricedModels) > 0 {
		what := "the price file"
		if pricesFile != "" {
			what = pricesFile
		}
		fmt.Fprintf(w, "zsj: warning: no price in %s for: %s (%s without costUsd left out of the estimate)\n",
			what, strings.Join(rep.UnpricedModels, ", "), plural(rep.Totals.Unpriced, "usage event"))
	}
	if rep.InvalidLines > 0 {
		fmt.Fprintf(w, "zsj: warning: %s skipped\n", plural(rep.InvalidLines, "unreadable line"))
		fmt.Fprintln(w, "zsj: hint: run 'zsj validate' for details")
	}
	if failed {
		return exitcode.Silent(exitcode.Failure)
	}
	return nil
}

func plural(n int64, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, what)
}

func loadPrices(path string) (*usage.Prices, error) {
	s, err := input.Open(input.Source{Name: path, Path: path}, nil)
	if err != nil {
		return nil, fmt.Errorf("--prices: %w", err)
	}
	defer s.Close()
	p, err := usage.LoadPrices(s)
	if err != nil {
		return nil, fmt.Errorf("--prices %s: %w", path, err)
	}
	return p, nil
}

func isDir(path string) bool {
	info, err := os.Stat(path)
	return err == nil && info.IsDir()
}
