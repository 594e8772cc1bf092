package filters

import (
	"slices"
	"testing"

	"github.com/itchyny/gojq"
)

func TestPlanGate(t *testing.T) {
	for _, tc := range []struct {
		expr       string
		gate       []string // nil: no gate
		selectOnly bool
	}{
		{`select(.type == "usage")`, []string{"usage"}, true},
		{`select("usage" == .type)`, []string{"usage"}, true},
		{`select(.["type"] == "usage")`, []string{"usage"}, true},
		{`select(."type" == "usage")`, []string{"usage"}, true},
		{`select((.type == "usage"))`, []string{"usage"}, true},
		{`(select(.type == "usage"))`, []string{"usage"}, true},
		{`select(.type == "a" or .type == "b")`, []string{"a", "b"}, true},
		{`select(.type == "a" and .x > 1)`, []string{"a"}, false},
		{`select((.type == "a" and .x) or .type == "b")`, []string{"a", "b"}, false},
		{`select(.type == "usage") | .totalTokens`, []string{"usage"}, false},
		{`select(.type == "usage") | .a | .b`, []string{"usage"}, false},
		{`tool_calls`, []string{"tool_call"}, true},
		{`tool_calls | .name`, []string{"tool_call"}, false},
		{`of_type("final")`, []string{"final"}, true},
		{`failed`, []string{"error", "run_end", "tool_result"}, false},
		// No gate: the type test is not first, not a literal, not on
		// .type, or select may be something else.
		{`select(.x > 1 and .type == "a")`, nil, false},
		{`select(.type == $t)`, nil, false},
		{`select(.type == "a\(1)")`, nil, false},
		{`select(type == "object")`, nil, false},
		{`select(.type.x == "a")`, nil, false},
		{`select(.type == "a"), .b`, nil, false},
		{`.b | select(.type == "a")`, nil, false},
		{`def select(f): .; select(.type == "a")`, nil, false},
		{`select(.type == "a") as $x | $x`, []string{"a"}, false},
		{`select(.type == "a") | input`, nil, false},
		{`.`, nil, false},
	} {
		t.Run(tc.expr, func(t *testing.T) {
			q, err := gojq.Parse(tc.expr)
			if err != nil {
				t.Fatal(err)
			}
			p := analyze(q)
			gate := slices.Clone(p.gate)
			slices.Sort(gate)
			if !slices.Equal(gate, tc.gate) || p.selectOnly != tc.selectOnly {
				t.Errorf("gate %q selectOnly %v, want %q %v", gate, p.selectOnly, tc.gate, tc.selectOnly)
			}
		})
	}
}

func TestPlanFlags(t *testing.T) {
	for _, tc := range []struct {
		expr                            string
		identity, usesInput, lineNumber bool
	}{
		{`.`, true, false, false},
		{`.a`, false, false, false},
		{`[., input]`, false, true, false},
		{`reduce inputs as $x (0; . + 1)`, false, true, false},
		{`def f: first(inputs); f`, false, true, false},
		{`{a: input_line_number}`, false, false, true},
		{`"input"`, false, false, false},
	} {
		q, err := gojq.Parse(tc.expr)
		if err != nil {
			t.Fatal(err)
		}
		p := analyze(q)
		if p.identity != tc.identity || p.usesInput != tc.usesInput || p.lineNumbers != tc.lineNumber {
			t.Errorf("%s: identity %v usesInput %v lineNumbers %v, want %v %v %v",
				tc.expr, p.identity, p.usesInput, p.lineNumbers, tc.identity, tc.usesInput, tc.lineNumber)
		}
	}
}

func TestPlanKeyPath(t *testing.T) {
	for _, tc := range []struct {
		expr string
		want []string
	}{
		{`.a`, []string{"a"}},
		{`.a.b.c`, []string{"a", "b", "c"}},
		{`."a b"`, []string{"a b"}},
		{`.["a"].b`, []string{"a", "b"}},
		{`.a["b"]`, []string{"a", "b"}},
		{`.a?`, nil},
		{`.a[0]`, nil},
		{`.a[]`, nil},
		{`.a | .b`, nil},
		{`.["a\(1)"]`, nil},
		{`.[$k]`, nil},
		{`.`, nil},
		{`def f: 1; .a`, nil},
	} {
		q, err := gojq.Parse(tc.expr)
		if err != nil {
			t.Fatal(err)
		}
		if got := analyze(q).path; !slices.Equal(got, tc.want) {
			t.Errorf("%s: path %q, want %q", tc.expr, got, tc.want)
		}
	}
}
