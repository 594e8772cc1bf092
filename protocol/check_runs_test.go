package protocol

import (
	"fmt"
	"strings"
	"testing"
)

// The ids of a run are its own: once a run has ended, the next may use
// them again (its map is the ended run's, emptied), while within a run
// a second tool_result for an id is still one too many.
func TestRunIdsStartEmpty(t *testing.T) {
	run := func(id string, results int) []string {
		lines := []string{
			`{"schemaVersion":2,"type":"run_start","runId":"` + id + `","sessionId":"s","cwd":"/","provider":"p","model":"m"}`,
			`{"schemaVersion":2,"type":"tool_call","runId":"` + id + `","id":"call_1","name":"read_file","args":{}}`,
		}
		for range results {
			lines = append(lines, `{"schemaVersion":2,"type":"tool_result","runId":"`+id+`","id":"call_1","status":"ok","truncated":false,"output":""}`)
		}
		return append(lines, `{"schemaVersion":2,"type":"run_end","runId":"`+id+`","status":"success","exitCode":0}`)
	}
	for _, tc := range []struct {
		name  string
		lines []string
		want  []string
	}{
		{"an id again in the next run", append(append(run("run_1", 1), run("run_2", 1)...), run("run_3", 1)...), nil},
		{"an id twice in one run", append(run("run_1", 1), run("run_2", 2)...), []string{"8 " + RuleDuplicateToolResult}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var got []string
			v := NewFileValidator("case", Options{}, func(p Problem) { got = append(got, fmt.Sprint(p.Line, " ", p.Rule)) })
			for i, line := range tc.lines {
				v.Line(i+1, []byte(line), false)
			}
			v.End()
			if strings.Join(got, "; ") != strings.Join(tc.want, "; ") {
				t.Fatalf("problems %q, want %q", got, tc.want)
			}
		})
	}
}
