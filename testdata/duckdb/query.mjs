// Usage: node query.mjs DIR DAY
//
// Queries the tables that zsj export --to parquet wrote to DIR with DuckDB,
// an engine written independently of zsj, and prints one JSON object:
// the runs (all rows, and those not marked duplicate), total tokens by
// model over the runs not duplicate, denied tool calls by file and run,
// and how many files a query of the events of DAY reads (from EXPLAIN
// ANALYZE: partition pruning must leave one). export/duckdb_test.go
// compares the figures with zsj runs and zsj usage.
import { DuckDBInstance } from "@duckdb/node-api";

const [dir, day] = process.argv.slice(2);
if (!dir || !day) {
  console.error("usage: node query.mjs DIR DAY");
  process.exit(2);
}
const table = (name) =>
  `read_parquet('${dir}/${name}/**/*.parquet', hive_partitioning = true, hive_types = {'day': VARCHAR})`;

const db = await DuckDBInstance.create(":memory:");
const conn = await db.connect();
const rows = async (sql) => (await conn.runAndReadAll(sql)).getRowObjectsJson();

const out = {};
const [counts] = await rows(
  `SELECT count(*)::VARCHAR AS rows, count(*) FILTER (WHERE NOT duplicate)::VARCHAR AS counted FROM ${table("runs")}`,
);
out.runs = counts.rows;
out.counted = counts.counted;
out.tokensByModel = {};
for (const r of await rows(
  `SELECT coalesce(model, 'unknown') AS model, sum(total_tokens)::VARCHAR AS tokens
   FROM ${table("runs")} WHERE NOT duplicate GROUP BY ALL ORDER BY ALL`,
)) {
  out.tokensByModel[r.model] = r.tokens;
}
out.deniedByRun = {};
for (const r of await rows(
  `SELECT file || ' ' || run_id AS run, count(*) FILTER (WHERE denied)::VARCHAR AS denied
   FROM ${table("tool_calls")} GROUP BY ALL ORDER BY ALL`,
)) {
  out.deniedByRun[r.run] = r.denied;
}
const plan = (await rows(`EXPLAIN ANALYZE SELECT sum(bytes) FROM ${table("events")} WHERE day = '${day}'`))
  .map((r) => r.explain_value)
  .join("\n");
const read = plan.match(/Total Files Read: (\d+)/);
out.filesRead = read ? read[1] : "not in the plan";
const [parts] = await rows(`SELECT count(DISTINCT day)::VARCHAR AS n FROM ${table("events")}`);
out.partitions = parts.n;
console.log(JSON.stringify(out));
