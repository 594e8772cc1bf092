package usage

import (
	"bytes"
	"strings"
	"testing"

	"github.com/cespare/xxhash/v2"
)

var (
	runA = lines(
		`{"schemaVersion":2,"type":"run_start","runId":"run_20260101_a","cwd":"/r","provider":"openai","model":"gpt-4.1"}`,
		`{"schemaVersion":2,"type":"usage","runId":"run_20260101_a","promptTokens":100,"completionTokens":10,"totalTokens":110}`,
		`{"schemaVersion":2,"type":"run_end","runId":"run_20260101_a","status":"success","exitCode":0}`,
	)
	runB = lines(
		`{"schemaVersion":2,"type":"run_start","runId":"run_20260102_b","cwd":"/r","provider":"openai","model":"gpt-4.1"}`,
		`{"schemaVersion":2,"type":"usage","runId":"run_20260102_b","promptTokens":200,"completionTokens":20,"totalTokens":220}`,
		`{"schemaVersion":2,"type":"run_end","runId":"run_20260102_b","status":"success","exitCode":0}`,
	)
	// runA2 has runA's id and different events.
	runA2 = lines(
		`{"schemaVersion":2,"type":"run_start","runId":"run_20260101_a","cwd":"/r","provider":"openai","model":"gpt-4.1"}`,
		`{"schemaVersion":2,"type":"usage","runId":"run_20260101_a","promptTokens":7,"completionTokens":3,"totalTokens":10}`,
		`{"schemaVersion":2,"type":"run_end","runId":"run_20260101_a","status":"success","exitCode":0}`,
	)
)

func cat(parts ...[]byte) []byte { return bytes.Join(parts, nil) }

func TestDedupe(t *testing.T) {
	crlf := bytes.ReplaceAll(runA, []byte("\n"), []byte("\r\n"))
	for _, tc := range []struct {
		name      string
		files     []logFile
		total     string // totalTokens counted
		runs      int64
		dropped   int64
		conflicts []Conflict
	}{
		{"one file", []logFile{{"a", runA}}, "110", 1, 0, nil},
		{"the same file twice", []logFile{{"a", runA}, {"a", runA}}, "110", 1, 1, nil},
		{"the same run in two files", []logFile{{"a", runA}, {"ab", cat(runB, runA)}}, "330", 2, 1, nil},
		{"a file appended to itself", []logFile{{"aa", cat(runA, runA)}}, "110", 1, 1, nil},
		{"crlf line ends", []logFile{{"a", runA}, {"crlf", crlf}}, "110", 1, 1, nil},
		{"conflicting run ids", []logFile{{"a", runA}, {"a2", runA2}}, "120", 2, 0, []Conflict{{"run_20260101_a", 2}}},
		{"a conflict found twice", []logFile{{"a", runA}, {"a2", runA2}, {"a2", runA2}, {"a", runA}}, "120", 2, 2, []Conflict{{"run_20260101_a", 2}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rep := report(t, ReportOptions{}, Options{}, nil, tc.files...)
			if got := rep.Totals.Total.String(); got != tc.total || rep.Totals.Runs != tc.runs {
				t.Errorf("total %s in %d runs, want %s in %d", got, rep.Totals.Runs, tc.total, tc.runs)
			}
			if rep.DuplicateRuns != tc.dropped {
				t.Errorf("dropped %d, want %d", rep.DuplicateRuns, tc.dropped)
			}
			if len(rep.Conflicts) != len(tc.conflicts) || len(tc.conflicts) > 0 && rep.Conflicts[0] != tc.conflicts[0] {
				t.Errorf("conflicts %v, want %v", rep.Conflicts, tc.conflicts)
			}
			// --no-dedupe counts every run found.
			all := report(t, ReportOptions{NoDedupe: true}, Options{}, nil, tc.files...)
			if all.Totals.Runs != tc.runs+tc.dropped || all.DuplicateRuns != 0 {
				t.Errorf("--no-dedupe: %d runs, %d dropped; want %d, 0", all.Totals.Runs, all.DuplicateRuns, tc.runs+tc.dropped)
			}
		})
	}
}

// TestDedupeKeepsTheFirst checks that the run kept is the first found, so
// --by file and the json list name the file read first.
func TestDedupeKeepsTheFirst(t *testing.T) {
	rep := report(t, ReportOptions{By: []Dimension{ByFile}}, Options{}, nil,
		logFile{"first.jsonl", runA}, logFile{"second.jsonl", cat(runB, runA)})
	var files []string
	for _, r := range rep.Runs {
		files = append(files, r.ID+"@"+r.File)
	}
	want := "run_20260101_a@first.jsonl run_20260102_b@second.jsonl"
	if got := strings.Join(files, " "); got != want {
		t.Errorf("runs kept: %s, want %s", got, want)
	}
}

func TestFingerprint(t *testing.T) {
	fp := func(ls ...string) uint64 {
		runs, _ := collect(t, Options{}, logFile{"f", lines(ls...)})
		if len(runs) != 1 {
			t.Fatalf("%d runs, want 1", len(runs))
		}
		return runs[0].Hash
	}
	v2 := []string{
		`{"schemaVersion":2,"type":"text","runId":"r","delta":"x"}`,
		`{"schemaVersion":2,"type":"tool_result","runId":"r","id":"c","status":"error","output":"","truncated":false,"block":{"code":"network"}}`,
	}
	v1 := []string{
		`{"schemaVersion":1,"type":"text","runId":"r","delta":"x"}`,
		`{"schemaVersion":1,"type":"tool_result","runId":"r","id":"c","status":"error","output":"","truncated":false,"violation":{"code":"network"}}`,
	}
	if fp(v1...) != fp(v2...) {
		t.Error("a version 1 run and its upgrade have different fingerprints")
	}
	// "violation" is renamed only where the upgrade renames it: a key at
	// the top level of a version 1 event.
	nested := `{"schemaVersion":1,"type":"tool_call","runId":"r","id":"c","name":"n","args":{"violation":1}}`
	renamed := `{"schemaVersion":1,"type":"tool_call","runId":"r","id":"c","name":"n","args":{"block":1}}`
	if fp(nested) == fp(renamed) {
		t.Error("a nested violation key was renamed")
	}
	v2violation := `{"schemaVersion":2,"type":"tool_result","runId":"r","id":"c","status":"error","output":"","truncated":false,"violation":{"code":"network"}}`
	if fp(v2violation) == fp(v2[1]) {
		t.Error("a violation key in a version 2 event was read as block")
	}
	for name, other := range map[string][]string{
		"one byte":   {v2[0], strings.Replace(v2[1], "network", "netwerk", 1)},
		"line order": {v2[1], v2[0]},
		"a line":     {v2[0]},
	} {
		if fp(other...) == fp(v2...) {
			t.Errorf("runs differing by %s have the same fingerprint", name)
		}
	}
	// The usual start of a line is hashed as one constant: the same bytes
	// as hashing the line piece by piece.
	usual := []byte(`{"schemaVersion":2,"type":"text","runId":"r","delta":"x"}`)
	long := []byte(`{"schemaVersion":2,"type":"text","runId":"r","delta":"` + strings.Repeat("x", 600) + `"}`)
	for _, line := range [][]byte{usual, long} {
		var fast, slow identity
		fast.line(line, span{from: 17, to: 18})
		slow.write(newline)
		slow.write(line[:17])
		slow.write(line[18:])
		if fast.sum() != slow.sum() {
			t.Errorf("the shortcut for the usual start of a %d-byte line hashes other bytes", len(line))
		}
	}
	// The fingerprint is what the json format zsj-usage/2 says: the xxHash
	// of the run's lines, each after a newline, without the version's
	// value. Outputs of other processes and machines then merge.
	var normalized strings.Builder
	for _, l := range v2 {
		normalized.WriteString("\n" + strings.Replace(l, `"schemaVersion":2`, `"schemaVersion":`, 1))
	}
	if got, want := fp(v2...), xxhash.Sum64String(normalized.String()); got != want {
		t.Errorf("fingerprint %016x, want %016x: if the definition changed on purpose, change the json format name too", got, want)
	}
	var a, b identity
	a.line([]byte("ab"))
	a.line([]byte("c"))
	b.line([]byte("a"))
	b.line([]byte("bc"))
	if a.sum() == b.sum() {
		t.Error("line boundaries do not count")
	}
}
