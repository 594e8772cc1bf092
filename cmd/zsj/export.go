package main

import (
	"errors"

	"github.com/spf13/cobra"

	"github.com/zsj-dev/zsj/export"
	"github.com/zsj-dev/zsj/internal/buildinfo"
	"github.com/zsj-dev/zsj/internal/english"
)

func init() { register(newExportCmd) }

// exportTargets are the values of --to.
var exportTargets = []string{"parquet"}

func newExportCmd(a *app) *cobra.Command {
	var to string
	var cumulative bool
	cmd := &cobra.Command{
		Use:   "export --to parquet DIR [PATH...]",
		Short: "Export runs to Parquet tables for SQL engines",
		Long: `Export hands runs to the engines people use past one machine.

--to parquet DIR writes five tables for DuckDB, ClickHouse, Spark and other
SQL engines, each a directory of DIR partitioned by day, Hive-style:
DIR/runs/day=2026-06-03/part-0000.parquet.

  runs        one row per run found in a file: the columns of 'zsj runs',
              the usage totals, and duplicate (true for a run exported
              before with the same events: sum the rows where it is false
              to get 'zsj usage')
  events      one row per line: file, line, runId, type, the common fields
              and the line itself as JSON
  tool_calls  one row per tool call: the call joined with its permission
              request, decision, result and block
  usage       one row per usage event: every token field and the cost
  problems    what 'zsj validate' finds, with rule codes

The day is the date in the run id (run_YYYYMMDD_...), else in the session
id of its run_start (zero_YYYYMMDDhhmmss_...), else "unknown" (as 'zsj
usage --by day' shows it). Columns are compressed with zstd; costs are
exact decimals (DECIMAL(18,12)). The schema is versioned (zsj-export/1,
in each file's metadata and in DIR/_zsj_export.json) and described in
docs/export.md.

Memory stays flat whatever the input: row groups are written as they fill.
DIR must not exist or be empty; it appears only once complete.

Exit status: 0 done, 2 usage error, 3 an input could not be read (the
others are exported) or the output could not be written.`,
		Example: `  zsj export --to parquet out/ logs/
  duckdb -c "SELECT model, sum(total_tokens) FROM read_parquet('out/runs/**/*.parquet', hive_partitioning = true) WHERE NOT duplicate GROUP BY model"`,
		RunE: func(cmd *cobra.Command, args []string) error {
			if _, err := english.Choose("--to", to, exportTargets); err != nil {
				return usageError(err)
			}
			if len(args) == 0 {
				return usageError(errors.New("--to parquet needs the directory to write: zsj export --to parquet DIR [PATH...]"))
			}
			opts := export.ParquetOptions{IO: a.io, Dir: args[0], Cumulative: cumulative, Version: buildinfo.Version(version)}
			var err error
			if opts.Sources, opts.Unreadable, err = expandInputs(args[1:]); err != nil {
				return err
			}
			return export.ToParquet(opts)
		},
	}
	f := cmd.Flags()
	f.StringVar(&to, "to", "", "the format: parquet")
	f.BoolVar(&cumulative, "cumulative", false, "usage events are running totals: a run's last one is its total")
	return cmd
}
