package usage

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/zsj-dev/zsj/gen"
)

func TestCumulative(t *testing.T) {
	log := lines(
		`{"schemaVersion":2,"type":"run_start","runId":"run_20260101_a","cwd":"/r","provider":"openai","model":"m"}`,
		`{"schemaVersion":2,"type":"usage","runId":"run_20260101_a","promptTokens":100,"completionTokens":10,"totalTokens":110,"costUsd":0.01}`,
		`{"schemaVersion":2,"type":"usage","runId":"run_20260101_a","promptTokens":250,"completionTokens":30,"totalTokens":280,"costUsd":0.03}`,
		`{"schemaVersion":2,"type":"run_end","runId":"run_20260101_a","status":"success","exitCode":0}`,
		`{"schemaVersion":2,"type":"usage","runId":"run_20260101_b","promptTokens":5,"completionTokens":5}`,
		`{"schemaVersion":2,"type":"usage","runId":"run_20260101_b","promptTokens":9,"completionTokens":6}`,
	)
	for _, tc := range []struct {
		cumulative               bool
		prompt, total, cost      string
		events, unpriced, unfini int64
	}{
		// Without prices every usage event is unpriced.
		{false, "364", "415", "0.04", 4, 4, 1},
		{true, "259", "295", "0.03", 4, 4, 1}, // 250+9, 280+15, the last of each run
	} {
		t.Run(fmt.Sprint("cumulative=", tc.cumulative), func(t *testing.T) {
			c := report(t, ReportOptions{Cumulative: tc.cumulative}, Options{}, nil, logFile{"f", log}).Totals
			got := fmt.Sprint(c.Prompt, " ", c.Total, " ", c.Cost, " ", c.Events, " ", c.Unpriced, " ", c.Unfinished)
			want := fmt.Sprint(tc.prompt, " ", tc.total, " ", tc.cost, " ", tc.events, " ", tc.unpriced, " ", tc.unfini)
			if got != want {
				t.Errorf("prompt total cost events unpriced unfinished = %s, want %s", got, want)
			}
		})
	}
}

func TestSkippedLines(t *testing.T) {
	start := `{"schemaVersion":2,"type":"run_start","runId":"r","cwd":"/r","provider":"p","model":"m"}`
	for _, tc := range []struct {
		name, line string
		rule       string // "" when the line is used
		noEOL      bool
	}{
		{"not json", `{"schemaVersion":2,"type":"usage",`, "invalid-json", false},
		{"truncated last line", `{"schemaVersion":2,"type":"usage","runId":"r","promptTokens":1`, "truncated-line", true},
		{"a truncated line inside", `{"schemaVersion":2,"type":"usage","runId":"r","promptTokens":1`, "invalid-json", false},
		{"negative count", `{"schemaVersion":2,"type":"usage","runId":"r","promptTokens":-1}`, "bad-number", false},
		{"count as a string", `{"schemaVersion":2,"type":"usage","runId":"r","promptTokens":"1"}`, "wrong-type", false},
		{"cost out of range", `{"schemaVersion":2,"type":"usage","runId":"r","costUsd":1e999}`, "bad-number", false},
		{"usage without runId", `{"schemaVersion":2,"type":"usage","promptTokens":1}`, "missing-field", false},
		{"duplicate key", `{"schemaVersion":2,"type":"usage","runId":"r","promptTokens":1,"promptTokens":2}`, "duplicate-key", false},
		{"bad status", `{"schemaVersion":2,"type":"run_end","runId":"r","status":"done","exitCode":0}`, "bad-enum", false},
		{"fractional exit code", `{"schemaVersion":2,"type":"run_end","runId":"r","status":"error","exitCode":1.5}`, "bad-number", false},
		{"model not a string", `{"schemaVersion":2,"type":"run_start","runId":"r2","cwd":"/r","provider":"p","model":7}`, "wrong-type", false},
		{"a good last line", `{"schemaVersion":2,"type":"usage","runId":"r","promptTokens":1}`, "", true},
		{"an input event", `{"schemaVersion":2,"type":"prompt","content":"hi"}`, "", false},
		{"an unknown type", `{"schemaVersion":2,"type":"telemetry","runId":"r","x":1}`, "", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			data := lines(start, tc.line)
			if tc.noEOL {
				data = data[:len(data)-1]
			}
			var warnings []Warning
			_, c := collect(t, Options{Warn: func(w Warning) { warnings = append(warnings, w) }}, logFile{"f.jsonl", data})
			if tc.rule == "" {
				if len(warnings) > 0 || c.Invalid > 0 {
					t.Errorf("skipped: %v", warnings)
				}
				return
			}
			if len(warnings) != 1 || c.Invalid != 1 {
				t.Fatalf("warnings %v, invalid %d; want one", warnings, c.Invalid)
			}
			w := warnings[0]
			if w.File != "f.jsonl" || w.Line != 2 || w.Rule != tc.rule {
				t.Errorf("got %s:%d [%s], want f.jsonl:2 [%s]", w.File, w.Line, w.Rule, tc.rule)
			}
		})
	}
}

func TestRunsStartOver(t *testing.T) {
	s := `{"schemaVersion":2,"type":"run_start","runId":"r","cwd":"/r","provider":"p","model":"m"}`
	e := `{"schemaVersion":2,"type":"run_end","runId":"r","status":"success","exitCode":0}`
	x := `{"schemaVersion":2,"type":"text","runId":"r","delta":"x"}`
	for _, tc := range []struct {
		name  string
		lines []string
		want  string // status/events of each run
	}{
		{"one run", []string{s, x, e}, "success/3"},
		{"run_start after run_end", []string{s, e, s, x}, "success/2 unfinished/2"},
		{"a second run_start", []string{s, x, s, e}, "unfinished/2 success/2"},
		{"an event after run_end", []string{s, e, x}, "success/2 unfinished/1"},
		{"no run_start", []string{x, e}, "success/2"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			runs, _ := collect(t, Options{}, logFile{"f", lines(tc.lines...)})
			var got []string
			for _, r := range runs {
				got = append(got, fmt.Sprintf("%s/%d", r.Status, r.Events))
			}
			if strings.Join(got, " ") != tc.want {
				t.Errorf("runs %v, want %s", got, tc.want)
			}
		})
	}
}

// TestRunDetails checks what zsj runs shows against the fixtures, counted
// by hand from testdata/v2 (see testdata/README.md for what each holds).
func TestRunDetails(t *testing.T) {
	runs, _ := collect(t, Options{Details: true}, fixtures(t, "v2/*.jsonl")...)
	var got []string
	for _, r := range runs {
		got = append(got, fmt.Sprintf("%s %s exit=%d events=%d tools=%d denied=%d blocks=%d error=%q final=%v tokens=%s model=%s",
			r.ID, r.Status, r.ExitCode, r.Events, r.ToolCalls, r.Denied, r.Blocks, r.ErrorCode, r.Final, r.Usage.Total, r.Model))
	}
	want := []string{
		`run_20260603_def456 error exit=3 events=7 tools=1 denied=0 blocks=0 error="provider_error" final=false tokens=990 model=claude-sonnet-4`,
		`run_20260603_aaa111 success exit=0 events=7 tools=1 denied=0 blocks=0 error="" final=true tokens=432 model=gpt-4.1`,
		`run_20260603_bbb222 success exit=0 events=7 tools=0 denied=1 blocks=1 error="" final=true tokens=0 model=gpt-4.1-mini`,
		`run_20260603_abc123 success exit=0 events=30 tools=4 denied=1 blocks=1 error="rate_limited" final=true tokens=10281 model=gpt-4.1`,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestRunDetailsMatchReference counts tool calls, denials and blocks in
// generated logs with encoding/json and compares.
func TestRunDetailsMatchReference(t *testing.T) {
	log := generated(t, "g.jsonl", gen.Options{Runs: 30, Seed: 21})
	type counts struct{ events, tools, denied, blocks int }
	want := map[string]*counts{}
	requested := map[string]bool{} // runId/id of requests not yet answered
	for _, line := range bytes.Split(bytes.TrimSpace(log.data), []byte("\n")) {
		var ev map[string]any
		if err := json.Unmarshal(line, &ev); err != nil {
			t.Fatal(err)
		}
		runID, _ := ev["runId"].(string)
		c := want[runID]
		if c == nil {
			c = &counts{}
			want[runID] = c
		}
		c.events++
		key := runID + "/" + fmt.Sprint(ev["id"])
		switch ev["type"] {
		case "tool_call":
			c.tools++
			delete(requested, key)
		case "permission_request":
			requested[key] = true
		case "permission_decision":
			delete(requested, key)
			if ev["permissionGranted"] == false {
				c.denied++
			}
		case "tool_result":
			if requested[key] && ev["status"] == "error" {
				c.denied++
			}
			delete(requested, key)
			if ev["block"] != nil {
				c.blocks++
			}
		}
	}
	runs, _ := collect(t, Options{Details: true}, log)
	if len(runs) != len(want) {
		t.Fatalf("%d runs, want %d", len(runs), len(want))
	}
	total := counts{}
	for _, r := range runs {
		w := want[r.ID]
		got := counts{int(r.Events), int(r.ToolCalls), int(r.Denied), int(r.Blocks)}
		if got != *w {
			t.Errorf("%s: events/tools/denied/blocks %v, want %v", r.ID, got, *w)
		}
		total.denied += w.denied
		total.blocks += w.blocks
	}
	if total.denied == 0 || total.blocks == 0 {
		t.Error("the generated log has no denial or block: the check proves little")
	}
}

func TestDay(t *testing.T) {
	for _, tc := range []struct{ id, session, want string }{
		{"run_20260603_abc123", "", "2026-06-03"},
		{"run_20260603_abc123", "zero_20250101100000_x", "2026-06-03"},
		{"custom-id", "zero_20260603101500_def456", "2026-06-03"},
		{"run_20261301_x", "", "unknown"},         // no month 13
		{"run_2026060_x", "", "unknown"},          // seven digits
		{"run_20260603", "", "unknown"},           // no "_" after the date
		{"run_20260603_x", "", "2026-06-03"},      // the rest is free
		{"x", "zero_20260603256000_x", "unknown"}, // no hour 25
		{"x", "", "unknown"},
	} {
		r := &Run{ID: tc.id, Session: tc.session}
		if got := r.Day(); got != tc.want {
			t.Errorf("Day(%q, %q) = %s, want %s", tc.id, tc.session, got, tc.want)
		}
	}
}
