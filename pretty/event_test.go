package pretty

import (
	"testing"

	"github.com/zsj-dev/zsj/protocol"
)

// The names lent to events are those of each line: a new run id, an
// escaped one, a type the protocol does not name, and no run at all.
func TestEventNames(t *testing.T) {
	var names recentNames
	var ev event
	checker := protocol.NewLineChecker(protocol.Options{})
	for _, tc := range []struct{ line, typ, run string }{
		{`{"type":"text_delta","runId":"run_a","delta":"x"}`, "text_delta", "run_a"},
		{`{"type":"text_delta","runId":"run_a","delta":"y"}`, "text_delta", "run_a"},
		{`{"type":"tool_call","runId":"run_b"}`, "tool_call", "run_b"},
		{`{"type":"tool_call","runId":"run_\u0062"}`, "tool_call", "run_b"},
		{`{"type":"not_a_type","runId":"run_a"}`, "not_a_type", "run_a"},
		{`{"type":"hello"}`, "hello", ""},
		{`{"type":"text_delta","runId":"run_c"}`, "text_delta", "run_c"},
	} {
		text := []byte(tc.line)
		var checked protocol.Checked
		checker.Check(text, false, &checked)
		if !ev.parse(1, text, &checked, &names) {
			t.Fatalf("%s: not parsed", tc.line)
		}
		for i := range text {
			text[i] = 'x' // the names must not point into the line
		}
		if ev.typ != tc.typ || ev.runID != tc.run {
			t.Errorf("%s: type %q run %q", tc.line, ev.typ, ev.runID)
		}
	}
}
