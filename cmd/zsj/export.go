package main

import (
	"errors"
	"os"

	"github.com/spf13/cobra"

	"github.com/zsj-dev/zsj/export"
	"github.com/zsj-dev/zsj/internal/buildinfo"
	"github.com/zsj-dev/zsj/internal/english"
)

func init() { register(newExportCmd) }

// exportTargets are the values of --to.
var exportTargets = []string{"parquet", "otlp", "otlp-json"}

func newExportCmd(a *app) *cobra.Command {
	var to, endpoint, protocol string
	var headers []string
	var cumulative bool
	otlp := export.OTLPOptions{IO: a.io}
	cmd := &cobra.Command{
		Use:   "export --to parquet DIR | --to otlp | --to otlp-json FILE [PATH...]",
		Short: "Export runs to Parquet tables for SQL engines, or as OpenTelemetry traces",
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

--to otlp sends one OpenTelemetry trace per run over OTLP/HTTP to
--endpoint (else OTEL_EXPORTER_OTLP_ENDPOINT; /v1/traces is added), as
http/protobuf or http/json (--protocol, else OTEL_EXPORTER_OTLP_PROTOCOL),
with the headers of --header key=value (repeatable) and of
OTEL_EXPORTER_OTLP_HEADERS, for backends that need authentication. Batches
refused with 429 or 503 are sent again after a growing pause; any other
refusal (401, 403, 400...) stops the export with the endpoint's answer.
--to otlp-json FILE writes the same traces as JSON, one
ExportTraceServiceRequest per line, as the collector's file exporter does
("-": standard output).

The spans follow OpenTelemetry's GenAI conventions: a root invoke_agent
span (gen_ai.provider.name, gen_ai.request.model, gen_ai.conversation.id
from the sessionId, the run's gen_ai.usage.* totals) and one
"execute_tool NAME" span per tool call (gen_ai.tool.name,
gen_ai.tool.call.id, error.type), with permissions and sandbox blocks as
zero.* attributes; errors are span status and exception events. The trace
id is derived from the runId: exporting a run again gives the same trace.
Events carry no clock: times come from the timing file 'zsj record'
writes beside a log (LOG.timing); without one they are made up from the
date in the run id plus one millisecond per event, and every span says so
(zero.time.synthetic = true). Tool arguments and results and the final
answer are included only with --content, redacted with the default rules
of 'zsj redact' unless --no-redact (error messages always are).

Exit status: 0 done, 2 usage error, 3 an input could not be read (the
others are exported) or the output could not be written.`,
		Example: `  zsj export --to parquet out/ logs/
  zsj export --to otlp --endpoint http://localhost:4318 logs/
  zsj export --to otlp-json traces.jsonl logs/
  duckdb -c "SELECT model, sum(total_tokens) FROM read_parquet('out/runs/**/*.parquet', hive_partitioning = true) WHERE NOT duplicate GROUP BY model"`,
		RunE: func(cmd *cobra.Command, args []string) error {
			if _, err := english.Choose("--to", to, exportTargets); err != nil {
				return usageError(err)
			}
			switch to {
			case "otlp":
				var err error
				if otlp.Endpoint, err = export.ResolveEndpoint(endpoint, protocol, headers, os.Getenv); err != nil {
					return usageError(err)
				}
				return exportTraces(otlp, cumulative, args)
			case "otlp-json":
				if len(args) == 0 {
					return usageError(errors.New("--to otlp-json needs the file to write: zsj export --to otlp-json FILE [PATH...]"))
				}
				otlp.File = args[0]
				return exportTraces(otlp, cumulative, args[1:])
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
	f.StringVar(&to, "to", "", "the format: parquet, otlp or otlp-json")
	f.StringVar(&endpoint, "endpoint", "", "--to otlp: the OTLP/HTTP endpoint (default $OTEL_EXPORTER_OTLP_ENDPOINT)")
	f.StringVar(&protocol, "protocol", "", "--to otlp: http/protobuf or http/json (default $OTEL_EXPORTER_OTLP_PROTOCOL, else http/protobuf)")
	f.StringArrayVar(&headers, "header", nil, "--to otlp: a request header, key=value (repeatable)")
	f.BoolVar(&otlp.Content, "content", false, "traces: add tool arguments and results and the final answer")
	f.BoolVar(&otlp.NoRedact, "no-redact", false, "traces: leave content and error messages unredacted")
	f.BoolVar(&cumulative, "cumulative", false, "usage events are running totals: a run's last one is its total")
	return cmd
}

func exportTraces(opts export.OTLPOptions, cumulative bool, args []string) error {
	opts.Cumulative = cumulative
	var err error
	if opts.Sources, opts.Unreadable, err = expandInputs(args); err != nil {
		return err
	}
	return export.ToOTLP(opts)
}
