// Package export hands runs to the engines people use past one machine:
// Parquet files for SQL engines (DuckDB, ClickHouse, Spark) and
// OpenTelemetry traces for tracing backends (Jaeger, Tempo, Langfuse).
//
// One pass reads the logs in order (a walker) and turns them into rows:
// runs, events, tool calls, usage events and problems. Runs and their
// counts come from package usage, problems from the protocol's validator,
// so an export says what zsj runs, zsj usage and zsj validate say. The
// Parquet writer streams the rows into Hive-style day partitions; the OTLP
// exporter turns each run into one trace.
//
// docs/export.md documents the tables, their columns and the versioning
// of the schema (SchemaVersion).
package export
