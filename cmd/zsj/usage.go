package main

import (
	"errors"

	"github.com/spf13/cobra"

	"github.com/zsj-dev/zsj/usage"
)

func init() { register(newUsageCmd) }

func newUsageCmd(a *app) *cobra.Command {
	opts := usage.SumOptions{IO: a.io}
	var by []string
	var format string
	var merge, noPrices, pricesInfo bool
	cmd := &cobra.Command{
		Use:   "usage [PATH...]",
		Short: "Sum tokens and cost of runs, by model, day, cwd and more",
		Long: `Usage adds up the usage events of every run: prompt, completion and total
tokens (total = prompt + completion when an event has none), cached input,
cache writes, reasoning tokens and cost, and counts runs by outcome
(success, error, unfinished) and their usage events.

The counts, per group and in total (csv, tsv and json names; the table's
headers say the same):
  runs               runs counted (after dates and duplicates)
  success, error     runs whose run_end says so
  unfinished         runs with no run_end
  usageEvents        usage events read (a skipped line is not one)
  promptTokens       promptTokens of those events; likewise completionTokens,
                     cachedInputTokens, cacheWriteTokens, reasoningTokens
  totalTokens        totalTokens, or prompt + completion when an event has none
  costUsd            costUsd as the events report it
  estimatedCostUsd   the tokens priced (see below)
  unpricedEvents     usage events left out of the estimate: their model has
                     no price (json, csv and tsv only)
Below the table: files read, lines skipped as unreadable (warned about one
by one, and in no count), duplicate runs dropped, runs left out for having
no date.

--by groups the runs: run, session, model, provider, cwd, day, month, file,
or several (--by model,day). Session, model, provider and cwd come from the
run's run_start ("unknown" without one). Events carry no time, so the day
is the date in the run id (run_YYYYMMDD_...), else in the session id
(zero_YYYYMMDDhhmmss_...), else "unknown"; --since and --until (YYYY-MM-DD,
both included) leave out runs outside the dates, and runs without one.

Cost is costUsd as reported. The estimated cost, in its own column, prices
every usage event's tokens at its run's model's prices, whether or not the
event reports costUsd: (prompt - cached - cache writes) at the input price,
cached at the cache-read price, cache writes at the cache-write price,
(completion - reasoning) at the output price, reasoning at the reasoning
price (the output price when the model has none). The prices are a dated
snapshot of pydantic's genai-prices catalogue (MIT license) built into zsj:
--prices-info says its version and date. Model names are looked up as
apiModel, then model, with and without provider prefixes
(openai/gpt-4.1) and release dates (claude-sonnet-4-20250514).
--prices FILE (LiteLLM's model_prices_and_context_window.json format)
overrides the snapshot for the models it prices; --no-prices turns the
estimate off. Models with no price are listed in a warning.

A run whose lines go on in the next file given (a log rotated, or cut with
split -l) is one run: a run that had not ended at the end of a file goes
on when its runId's first line in the next file is no run_start and not
its first line again.

A run found again (same runId and the same events, also in another file or
as the version 1 copy of a version 2 log) is counted once, and the number
dropped is reported; runs sharing a runId with different events are all
counted, with a warning. --no-dedupe counts everything found.

--format json lists every run counted, with its fingerprint, so that the
outputs for parts of an archive merge exactly: 'zsj usage --merge' reads
such outputs instead of logs and prints what one run over all the logs
would have (given the parts in the same order; with --no-dedupe, runs a
part dropped as duplicates stay dropped). The merge is grouped as the
parts were, unless --by regroups it; parts grouped differently are
refused (exit 2) unless --by is given. The json names its format,
zsj-usage/2; outputs of another format (an older zsj) are refused, since
their fingerprints differ. Token counts and costs are
exact decimal numbers in json, csv and tsv; the table rounds cost to
4 decimals.

Only run_start, usage and run_end events are read in full; other lines are
read up to their type and runId. Unreadable lines are skipped with a
warning; run 'zsj validate' to check logs.

Exit status: 0 done, 2 usage error (also --merge of parts grouped
differently, with no --by), 3 an input could not be read (the others are
still counted).`,
		Example: `  zsj usage logs/
  zsj usage --by model,day logs/
  zsj usage --by month --since 2026-01-01 --until 2026-06-30 archive/
  zsj usage --prices model_prices_and_context_window.json --by model logs/
  zsj usage --prices-info
  zsj usage --format csv --by day logs/ > usage.csv

  # A large archive in parallel, then merged:
  find archive -name '*.jsonl.zst' | xargs -P 8 -I{} sh -c 'zsj usage --format json {} > {}.usage.json'
  zsj usage --merge --by model archive/*.usage.json`,
		RunE: func(cmd *cobra.Command, args []string) error {
			var err error
			if opts.Format, err = usage.ParseFormat(format, usage.Table, usage.JSON, usage.CSV, usage.TSV); err != nil {
				return usageError(err)
			}
			if opts.Report.By, err = usage.ParseDimensions(by); err != nil {
				return usageError(err)
			}
			if err := usage.CheckDates(opts.Report.Since, opts.Report.Until); err != nil {
				return usageError(err)
			}
			if noPrices && (opts.PricesFile != "" || pricesInfo) {
				return usageError(errors.New("--no-prices cannot be used with --prices or --prices-info"))
			}
			if merge {
				if opts.PricesFile != "" || noPrices || pricesInfo || opts.Report.Cumulative {
					return usageError(errors.New("--merge takes --by, --since, --until, --no-dedupe and --format: prices and --cumulative apply when logs are read"))
				}
				opts.Report.ByShards = !cmd.Flags().Changed("by")
				return usage.Merge(opts, args)
			}
			if opts.Report.Prices, err = loadPrices(opts.PricesFile, noPrices); err != nil {
				return err
			}
			if pricesInfo {
				if len(args) > 0 {
					return usageError(errors.New("--prices-info reads no logs"))
				}
				return usage.WritePricesInfo(a.io.Out, opts.Report.Prices, opts.PricesFile)
			}
			if opts.Sources, opts.Unreadable, err = expandInputs(args); err != nil {
				return err
			}
			return usage.Sum(opts)
		},
	}
	f := cmd.Flags()
	f.StringSliceVar(&by, "by", nil, "group by run, session, model, provider, cwd, day, month or file (comma-separated or repeated)")
	f.StringVar(&opts.Report.Since, "since", "", "leave out runs dated before this day (YYYY-MM-DD)")
	f.StringVar(&opts.Report.Until, "until", "", "leave out runs dated after this day (YYYY-MM-DD)")
	f.StringVar(&format, "format", "table", "output format: table, json, csv or tsv")
	f.StringVar(&opts.PricesFile, "prices", "", "price file (LiteLLM's format) overriding the shipped prices for the models it has")
	f.BoolVar(&noPrices, "no-prices", false, "no estimated cost")
	f.BoolVar(&pricesInfo, "prices-info", false, "say where the shipped prices come from (source, version, date, license) and exit")
	f.BoolVar(&opts.Report.NoDedupe, "no-dedupe", false, "count runs found more than once every time")
	f.BoolVar(&opts.Report.Cumulative, "cumulative", false, "usage events are running totals: a run's last one is its total")
	f.BoolVar(&merge, "merge", false, "merge outputs of 'zsj usage --format json' given as arguments")
	return cmd
}

// loadPrices returns the prices that estimate costs: the shipped
// snapshot, extended by --prices FILE, or none with --no-prices.
func loadPrices(file string, none bool) (*usage.Prices, error) {
	switch {
	case none:
		return nil, nil
	case file != "":
		return usage.LoadPricesFile(file)
	}
	return usage.EmbeddedPrices(), nil
}
