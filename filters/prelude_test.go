package filters

import (
	"os/exec"
	"strings"
	"testing"

	"github.com/itchyny/gojq"
)

// builtinNames lists gojq's builtins as name/arity.
func builtinNames(t *testing.T) map[string]bool {
	q, err := gojq.Parse("builtins")
	if err != nil {
		t.Fatal(err)
	}
	code, err := gojq.Compile(q)
	if err != nil {
		t.Fatal(err)
	}
	v, _ := code.Run(nil).Next()
	names := map[string]bool{}
	for _, n := range v.([]any) {
		names[n.(string)] = true
	}
	return names
}

// No helper may hide a builtin of gojq or (when it is installed) of jq.
func TestPreludeHidesNoBuiltin(t *testing.T) {
	names := builtinNames(t)
	if out, err := exec.Command("jq", "-nr", "builtins").Output(); err == nil {
		for _, n := range strings.Fields(string(out)) {
			names[n] = true
		}
	} else {
		t.Log("jq not found: checking against gojq's builtins only")
	}
	for _, name := range []string{"keys_unsorted/0", "input_filename/0", "input_line_number/0", "debug/0", "stderr/0"} {
		names[name] = true // the ones zsj adds itself
	}
	for _, h := range Prelude {
		if names[h.Name] {
			t.Errorf("helper %s hides a builtin", h.Name)
		}
		if !strings.HasPrefix(h.Def, "def "+strings.Split(h.Name, "/")[0]) {
			t.Errorf("helper %s: definition %q does not define it", h.Name, h.Def)
		}
	}
}

// The jq builtins zsj adds are ones gojq lacks: none replaces gojq's.
func TestJQCompatAddsOnlyMissing(t *testing.T) {
	names := builtinNames(t)
	for _, c := range jqCompat {
		if names[c.Name] {
			t.Errorf("%s is a gojq builtin already", c.Name)
		}
	}
	for _, tc := range []struct{ expr, want string }{
		{`[leaf_paths]`, `[["a","b"],["c",0]]`},
		{`[recurse_down | numbers]`, `[1,2]`},
		{`2 | pow10`, `100`},
		{`[.[] | scalars_or_empty]`, `[]`},
	} {
		if got := runExpr(t, Options{Expr: tc.expr}, `{"a":{"b":1},"c":[2]}`+"\n"); got != tc.want+"\n" {
			t.Errorf("%s: got %q, want %s", tc.expr, got, tc.want)
		}
	}
}

func TestPreludeHelpers(t *testing.T) {
	for _, tc := range []struct {
		expr, in, want string
	}{
		{`tool_calls | .name`, `{"type":"tool_call","name":"bash"}`, `"bash"`},
		{`[tool_calls]`, `{"type":"text"}`, `[]`},
		{`tool_results | .id`, `{"type":"tool_result","id":"c"}`, `"c"`},
		{`of_type("usage") | .totalTokens`, `{"type":"usage","totalTokens":3}`, `3`},
		{`run("r1") | .type`, `{"type":"text","runId":"r1"}`, `"text"`},
		{`[run("r2")]`, `{"type":"text","runId":"r1"}`, `[]`},
		{`blocked | sandbox.code`, `{"type":"tool_result","block":{"code":"network"}}`, `"network"`},
		{`blocked | sandbox.code`, `{"type":"tool_result","violation":{"code":"fs"}}`, `"fs"`},
		{`[blocked]`, `[1]`, `[]`},
		{`failed | .type`, `{"type":"run_end","status":"error"}`, `"run_end"`},
		{`[failed]`, `{"type":"run_end","status":"success"}`, `[]`},
		{`failed | .code`, `{"type":"error","code":"x"}`, `"x"`},
		{`tokens`, `{"type":"usage","totalTokens":7}`, `7`},
		{`tokens`, `{"type":"usage","promptTokens":2,"completionTokens":3}`, `5`},
		{`def tokens: 42; tokens`, `{}`, `42`},
	} {
		t.Run(tc.expr, func(t *testing.T) {
			if got := runExpr(t, Options{Expr: tc.expr}, tc.in+"\n"); got != tc.want+"\n" {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}
