package usage

import (
	"testing"
)

// TestSkippedLinesAreNotCounted: a line reported as skipped is in no
// count: not the run's events, nor its usage events, tokens, tool calls,
// or outcome.
func TestSkippedLinesAreNotCounted(t *testing.T) {
	start := `{"schemaVersion":2,"type":"run_start","runId":"run_20260101_a","cwd":"/r","provider":"openai","model":"gpt-4.1"}`
	use := `{"schemaVersion":2,"type":"usage","runId":"run_20260101_a","promptTokens":10,"completionTokens":1}`
	for _, bad := range []string{
		`{"schemaVersion":2,"type":"usage","runId":"run_20260101_a","promptTokens":-5,"completionTokens":1}`,
		`{"schemaVersion":2,"type":"usage","runId":"run_20260101_a","promptTokens":"5"}`,
		`{"schemaVersion":2,"type":"usage","runId":"run_20260101_a","costUsd":true}`,
		`{"schemaVersion":2,"type":"run_end","runId":"run_20260101_a","status":"maybe","exitCode":0}`,
		`{"schemaVersion":2,"type":"run_end","runId":"run_20260101_a","status":"success","exitCode":"0"}`,
		`{"schemaVersion":2,"type":"tool_call","runId":"run_20260101_a","id":5,"name":"shell"}`,
		`{"schemaVersion":2,"type":"error","runId":"run_20260101_a","code":7,"recoverable":false}`,
	} {
		var warnings int
		runs, c := collect(t, Options{Details: true, Warn: func(Warning) { warnings++ }}, logFile{"f", lines(start, use, bad, use)})
		if warnings != 1 || c.Invalid != 1 || len(runs) != 1 {
			t.Errorf("%s: %d warnings, %d invalid, %d runs; want 1, 1, 1", bad, warnings, c.Invalid, len(runs))
			continue
		}
		r := runs[0]
		if r.Events != 3 || r.Usage.Events != 2 || r.Usage.Prompt.String() != "20" || r.ToolCalls != 0 || r.Status != Unfinished || r.ErrorCode != "" {
			t.Errorf("%s was counted: events %d, usage events %d, prompt %s, tool calls %d, status %s, error %q",
				bad, r.Events, r.Usage.Events, r.Usage.Prompt, r.ToolCalls, r.Status, r.ErrorCode)
		}
	}
}
