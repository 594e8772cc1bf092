// Package usage reads Zero stream-json logs into runs and adds up what
// they used: tokens, cost, outcomes. It is the logic behind zsj usage and
// zsj runs.
//
// A Collector reads the lines of each file and hands over each run once it
// is complete, holding only the runs of the file being read, never their
// events; an Aggregator drops runs found twice (same runId, same events,
// by a fingerprint of the lines) and groups the others; WriteReport and
// WriteRuns print the result. The json report lists every run counted so
// that reports on parts of an archive can be merged exactly (ReadShard,
// Aggregator.Merge).
//
// Sums are exact: token counts and costs are decimals, never floats, so
// the order in which runs and shards are added never changes a total.
//
// It is not a validator: lines it cannot read are warned about and
// skipped, and zsj validate is what says whether a log is well formed.
package usage
