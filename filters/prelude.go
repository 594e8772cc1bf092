package filters

import (
	"fmt"
	"strings"

	"github.com/itchyny/gojq"

	"github.com/zsj-dev/zsj/protocol"
)

// Helper is one function of the prelude: jq definitions every filter
// expression can call, named so that none hides a jq or gojq builtin
// (prelude_test.go checks the names against both).
type Helper struct {
	Name    string // name/arity, as jq's builtins lists it
	Call    string // how it is called, for the help text
	Def     string // the jq definition
	Doc     string // one line for the help text
	Example string // a command line using it
}

// Prelude lists the helpers in the order the help text shows them.
var Prelude = []Helper{
	{"tool_calls/0", "tool_calls", `def tool_calls: select(.type == "tool_call");`,
		"tool_call events", `zsj filter -r 'tool_calls | .name' run.jsonl`},
	{"tool_results/0", "tool_results", `def tool_results: select(.type == "tool_result");`,
		"tool_result events", `zsj filter -c 'tool_results | {id, status}' run.jsonl`},
	{"of_type/1", "of_type(T)", `def of_type($t): select(.type == $t);`,
		"events of type T", `zsj filter -c 'of_type("usage")' run.jsonl`},
	{"run/1", "run(ID)", `def run($id): select(.runId == $id);`,
		"events of the run ID", `zsj filter -c 'run("run_1") | .type' logs/`},
	{"blocked/0", "blocked", `def blocked: select(type == "object" and (has("block") or has("violation")));`,
		"events the sandbox blocked (block in v2, violation in v1)", `zsj filter -c 'blocked | sandbox.code' run.jsonl`},
	{"failed/0", "failed", `def failed: select(.type == "error" or ((.type == "tool_result" or .type == "run_end") and .status == "error"));`,
		"error events, failed tool results and failed runs", `zsj filter -c failed logs/`},
	{"sandbox/0", "sandbox", `def sandbox: .block // .violation;`,
		"the sandbox metadata of an event, whatever its schema version", `zsj filter -r 'blocked | sandbox.reason' run.jsonl`},
	{"tokens/0", "tokens", `def tokens: select(.type == "usage") | .totalTokens // ((.promptTokens // 0) + (.completionTokens // 0));`,
		"total tokens of usage events", `zsj filter -s '[.[] | tokens] | add' run.jsonl`},
}

// jqCompat defines jq 1.6 builtins that gojq lacks, as jq 1.6 defines
// them. (keys_unsorted, input_line_number, input_filename, debug and
// stderr need zsj's state and are Go functions: see worker.functions.)
var jqCompat = []struct{ Name, Def string }{
	{"leaf_paths/0", `def leaf_paths: paths(scalars);`},
	{"recurse_down/0", `def recurse_down: recurse;`},
	{"pow10/0", `def pow10: pow(10; .);`},
	{"scalars_or_empty/0", `def scalars_or_empty: select(. == null or . == true or . == false or type == "number" or type == "string" or ((type == "array" or type == "object") and length == 0));`},
}

// preludeTypes maps helpers that only select events by type to the types
// they let through, so that lines of other types need not be decoded.
// selectOnly marks helpers that pass those events on unchanged.
var preludeTypes = map[string]struct {
	types      []string
	selectOnly bool
}{
	"tool_calls":   {[]string{protocol.TypeToolCall}, true},
	"tool_results": {[]string{protocol.TypeToolResult}, true},
	"failed":       {[]string{protocol.TypeError, protocol.TypeToolResult, protocol.TypeRunEnd}, false},
}

// preludeLoader hands the prelude to gojq as an init module, so the
// helpers are defined without touching the user's expression (error
// positions stay right) and a definition in the expression may still
// replace one.
type preludeLoader struct{ query *gojq.Query }

func newPreludeLoader() (*preludeLoader, error) {
	var b strings.Builder
	for _, h := range Prelude {
		b.WriteString(h.Def)
		b.WriteByte('\n')
	}
	for _, c := range jqCompat {
		b.WriteString(c.Def)
		b.WriteByte('\n')
	}
	b.WriteString(".")
	q, err := gojq.Parse(b.String())
	if err != nil {
		return nil, err
	}
	// The key order definitions come first: the helpers use them.
	order, err := orderDefs()
	if err != nil {
		return nil, err
	}
	q.FuncDefs = append(order, q.FuncDefs...)
	return &preludeLoader{q}, nil
}

func (l *preludeLoader) LoadInitModules() ([]*gojq.Query, error) { return []*gojq.Query{l.query}, nil }

// LoadModule refuses import and include: zsj has no module search path,
// and gojq needs an answer rather than none.
func (l *preludeLoader) LoadModule(name string) (*gojq.Query, error) {
	return nil, fmt.Errorf("modules are not supported (import %q)", name)
}
