package usage

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/zsj-dev/zsj/gen"
)

// mergeArchive is an archive with everything merging must get right:
// runs found twice in one shard and across shards, a version 1 copy, a run
// id shared by different runs in different shards, fractional tokens, an
// unreadable line, and runs without a date.
func mergeArchive(t *testing.T) []logFile {
	g1 := generated(t, "g1.jsonl", gen.Options{Runs: 12, Seed: 31})
	g2 := generated(t, "g2.jsonl", gen.Options{Runs: 8, Seed: 32, Profile: gen.Chatty})
	g1v1 := generated(t, "g1.v1.jsonl", gen.Options{Runs: 12, Seed: 31, SchemaVersion: 1})
	odd := logFile{"odd.jsonl", lines(
		`{"schemaVersion":2,"type":"usage","runId":"run_20260101_a","promptTokens":0.5,"completionTokens":0.25,"costUsd":0.0000000000001}`,
		`{"schemaVersion":2,"type":"usage","runId":"undated","promptTokens":3}`,
		`not json`,
	)}
	return []logFile{
		{"a.jsonl", runA}, g1, {"twice.jsonl", cat(runB, runB)}, g2,
		{"a2.jsonl", runA2}, g1v1, odd, {"a-again.jsonl", runA}, g2,
	}
}

// TestMergeEqualsWhole checks that the json outputs of parts of an
// archive, merged, are byte for byte the json output of the whole, for
// several ways of cutting the archive and several options.
func TestMergeEqualsWhole(t *testing.T) {
	archive := mergeArchive(t)
	for _, opts := range []ReportOptions{
		{},
		{By: []Dimension{ByModel, ByDay}},
		{By: []Dimension{ByFile}},
		{By: []Dimension{ByRun}, NoDedupe: true},
		{By: []Dimension{ByMonth}, Since: "2026-01-01", Until: "2026-12-31"},
	} {
		whole := renderJSON(t, report(t, opts, Options{}, nil, archive...))
		for _, size := range []int{1, 2, 4} {
			t.Run(fmt.Sprintf("%+v/shards of %d", opts, size), func(t *testing.T) {
				opts.ListRuns = true
				agg := NewAggregator(opts)
				for i := 0; i < len(archive); i += size {
					part := archive[i:min(i+size, len(archive))]
					shard, err := ReadShard(bytes.NewReader(renderJSON(t, report(t, opts, Options{}, nil, part...))))
					if err != nil {
						t.Fatal(err)
					}
					if err := agg.Merge(shard); err != nil {
						t.Fatal(err)
					}
				}
				merged := renderJSON(t, agg.Report())
				if !bytes.Equal(merged, whole) {
					t.Errorf("merged differs from whole:\n%s", firstDifference(merged, whole))
				}
			})
		}
	}
	// The archive tests what it claims to.
	rep := report(t, ReportOptions{}, Options{}, nil, archive...)
	if rep.DuplicateRuns == 0 || len(rep.Conflicts) == 0 || rep.InvalidLines == 0 || rep.Totals.Prompt.exact == nil {
		t.Errorf("the archive lacks a case: %d duplicates, %v conflicts, %d invalid, prompt %s",
			rep.DuplicateRuns, rep.Conflicts, rep.InvalidLines, rep.Totals.Prompt)
	}
}

// TestMergeRegroups merges shards made with no --by into a report by model:
// the shards' runs carry what grouping needs.
func TestMergeRegroups(t *testing.T) {
	archive := mergeArchive(t)
	by := ReportOptions{By: []Dimension{ByModel}, ListRuns: true}
	want := renderJSON(t, report(t, by, Options{}, nil, archive...))
	agg := NewAggregator(by)
	for _, f := range archive {
		shard, err := ReadShard(bytes.NewReader(renderJSON(t, report(t, ReportOptions{}, Options{}, nil, f))))
		if err != nil {
			t.Fatal(err)
		}
		agg.Merge(shard)
	}
	if got := renderJSON(t, agg.Report()); !bytes.Equal(got, want) {
		t.Errorf("regrouped merge differs:\n%s", firstDifference(got, want))
	}
}

func TestMergeRefuses(t *testing.T) {
	plain := renderJSON(t, report(t, ReportOptions{}, Options{}, nil, logFile{"a", runA}))
	cumulative := renderJSON(t, report(t, ReportOptions{Cumulative: true}, Options{}, nil, logFile{"b", runB}))
	agg := NewAggregator(ReportOptions{ListRuns: true})
	for i, doc := range [][]byte{plain, cumulative} {
		shard, err := ReadShard(bytes.NewReader(doc))
		if err != nil {
			t.Fatal(err)
		}
		err = agg.Merge(shard)
		if (err != nil) != (i == 1) {
			t.Errorf("shard %d: err = %v", i, err)
		}
	}
	for _, doc := range []string{
		`{"format":"something-else/1"}`,
		`[1,2]`,
		`{"format":"zsj-usage/2","runs":[{"runId":"r","hash":"xyz","status":"success"}]}`,
		`{"format":"zsj-usage/2","runs":[{"runId":"r","hash":"0000000000000001","status":"done"}]}`,
		`{"format":"zsj-usage/2","runs":[{"runId":"r","hash":"0000000000000001","status":"success","promptTokens":-5}]}`,
	} {
		if _, err := ReadShard(strings.NewReader(doc)); err == nil {
			t.Errorf("ReadShard(%s) did not fail", doc)
		}
	}
	// Outputs of the first format fingerprinted runs another way: they
	// are refused, saying what to do.
	_, err := ReadShard(strings.NewReader(`{"format":"zsj-usage/1","runs":[]}`))
	if err == nil || !strings.Contains(err.Error(), "older zsj usage") {
		t.Errorf("a zsj-usage/1 document: %v", err)
	}
}

func renderJSON(t *testing.T, rep *Report) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := WriteReport(&b, rep, JSON, Style{}); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func firstDifference(got, want []byte) string {
	g, w := strings.Split(string(got), "\n"), strings.Split(string(want), "\n")
	for i := range min(len(g), len(w)) {
		if g[i] != w[i] {
			return fmt.Sprintf("line %d:\n got  %.300s\n want %.300s", i+1, g[i], w[i])
		}
	}
	return fmt.Sprintf("%d lines, want %d", len(g), len(w))
}
