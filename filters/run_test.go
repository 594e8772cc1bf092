package filters

import (
	"bytes"
	"fmt"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/zsj-dev/zsj/internal/input"
)

// Lines whose bytes jq would not reproduce: spacing, number spelling, big
// integers, escapes.
const oddLines = `{ "type" : "usage", "n": 1.0, "big": 123456789012345678901234567890, "e": 1E2 }
{"type":"text","delta":"caf\u00e9 \/ \ud83d\ude00","nested":{"x":1.50,"y":[1e-7]}}
{"type":"usage","totalTokens":-0,"args":{"z":1,"a":2}}
`

// An event that comes out unchanged is written as its own bytes, whether
// zsj skipped decoding it (".", a type gate) or gojq handed back the very
// map it was given.
func TestPassThroughIsByteIdentical(t *testing.T) {
	lines := strings.Split(strings.TrimSpace(oddLines), "\n")
	for _, tc := range []struct {
		expr string
		want []string
	}{
		{`.`, lines},
		{`select(.type == "usage")`, []string{lines[0], lines[2]}},
		{`select(.type == "text" or .n == 1)`, []string{lines[0], lines[1]}},
		{`select(.delta | strings | startswith("caf"))`, []string{lines[1]}},
		{`if .type == "text" then . else empty end`, []string{lines[1]}},
		{`.nested // empty`, []string{`{"x":1.50,"y":[1e-7]}`}},
		{`.args // empty`, []string{`{"z":1,"a":2}`}},
		{`[.nested // empty] | select(length > 0)`, []string{`[{"x":1.50,"y":[1e-7]}]`}},
	} {
		t.Run(tc.expr, func(t *testing.T) {
			got := runExpr(t, Options{Expr: tc.expr}, oddLines)
			if want := strings.Join(tc.want, "\n") + "\n"; got != want {
				t.Errorf("got\n%s\nwant\n%s", got, want)
			}
		})
	}
}

// Objects built from an event keep jq's insertion order: a construction
// its keys as written, a new key after the event's. gojq alone would sort
// all keys.
func TestBuiltObjectsKeepKeyOrder(t *testing.T) {
	in := `{"type":"tool_call","runId":"r","id":"c1","name":"bash","args":{"command":"ls","cwd":"/","timeout":5}}` + "\n"
	for _, tc := range []struct{ expr, want string }{
		{`{name, id, type}`, `{"name":"bash","id":"c1","type":"tool_call"}`},
		{`del(.runId)`, `{"type":"tool_call","id":"c1","name":"bash","args":{"command":"ls","cwd":"/","timeout":5}}`},
		{`.zz = 1 | .aa = 2`, `{"type":"tool_call","runId":"r","id":"c1","name":"bash","args":{"command":"ls","cwd":"/","timeout":5},"zz":1,"aa":2}`},
		{`.args.timeout += 1 | .args`, `{"command":"ls","cwd":"/","timeout":6}`},
		{`.args | to_entries | from_entries`, `{"command":"ls","cwd":"/","timeout":5}`},
		{`.args | with_entries(.value |= tostring)`, `{"command":"ls","cwd":"/","timeout":"5"}`},
		{`.args | keys_unsorted`, `["command","cwd","timeout"]`},
		{`{b: 1, a: 2}`, `{"b":1,"a":2}`},
	} {
		t.Run(tc.expr, func(t *testing.T) {
			if got := runExpr(t, Options{Expr: tc.expr}, in); got != tc.want+"\n" {
				t.Errorf("got  %s\nwant %s", got, tc.want)
			}
		})
	}
}

// withChunkSize makes chunks tiny, so that a small input is cut into many
// and spread over workers.
func withChunkSize(t *testing.T, n int) {
	old := readSize
	readSize = n
	t.Cleanup(func() { readSize = old })
}

// Whatever the workers and chunks, results come out in input order, with
// the right line numbers in messages.
func TestParallelKeepsOrder(t *testing.T) {
	withChunkSize(t, 256)
	var in strings.Builder
	var want strings.Builder
	for i := 1; i <= 3000; i++ {
		switch {
		case i%1000 == 0:
			in.WriteString("{not json}\n")
		case i%777 == 0:
			fmt.Fprintf(&in, "{\"n\":%d,\"s\":%q}\n", i, strings.Repeat("x", 700)) // longer than a chunk
			fmt.Fprintf(&want, "%d\n", i)
		default:
			fmt.Fprintf(&in, "{\"n\":%d}\n", i)
			fmt.Fprintf(&want, "%d\n", i)
		}
	}
	for _, workers := range []int{1, 3, 8} {
		t.Run(fmt.Sprint(workers, " workers"), func(t *testing.T) {
			out, errOut, res := runFilter(t, Options{Expr: ".n", Workers: workers}, in.String())
			if out != want.String() {
				t.Errorf("output out of order or incomplete (%d bytes, want %d)", len(out), want.Len())
			}
			wantErr := ""
			for _, n := range []int{1000, 2000, 3000} {
				wantErr += fmt.Sprintf("zsj: error: <stdin>:%d: invalid JSON at byte 2: unexpected 'n' in an object (a key must be a string)\n", n)
			}
			if errOut != wantErr {
				t.Errorf("stderr:\n%s\nwant\n%s", errOut, wantErr)
			}
			if res.BadLines != 3 || res.ExitCode(false) != ExitInput {
				t.Errorf("result %+v", res)
			}
		})
	}
}

// --upgrade shows v1 events as v2: a v1 log passed through is the v2 log.
func TestUpgradeShowsV2(t *testing.T) {
	for _, name := range []string{"run.jsonl", "failed.jsonl", "interleaved.jsonl"} {
		v1, v2 := fixture(t, "v1/"+name), fixture(t, "v2/"+name)
		if got := runExpr(t, Options{Expr: ".", Upgrade: true}, string(v1)); got != string(v2) {
			t.Errorf("%s: upgraded pass-through differs from the v2 fixture", name)
		}
		for _, expr := range []string{`select(.block != null) | .block.code`, `[.schemaVersion, has("violation")]`} {
			got := runExpr(t, Options{Expr: expr, Upgrade: true}, string(v1))
			if want := runExpr(t, Options{Expr: expr}, string(v2)); got != want {
				t.Errorf("%s: %s on v1 with --upgrade:\n%s\non v2:\n%s", name, expr, got, want)
			}
		}
	}
	got := runExpr(t, Options{Upgrade: true, Select: Selection{Blocked: true}}, string(fixture(t, "v1/run.jsonl")))
	if strings.Contains(got, "violation") || strings.Count(got, `"block":`) != 3 {
		t.Errorf("--upgrade --blocked:\n%s", got)
	}
}

func TestShortcutsWriteLinesAsTheyAre(t *testing.T) {
	data := fixture(t, "v2/run.jsonl")
	lines := bytes.Split(data, []byte("\n"))
	got := runExpr(t, Options{Select: Selection{IDs: []string{"call_3"}}}, string(data))
	want := string(bytes.Join(lines[14:18], []byte("\n"))) + "\n"
	if got != want {
		t.Errorf("--id call_3:\n%s\nwant\n%s", got, want)
	}
	got = runExpr(t, Options{Expr: ".status", Select: Selection{Tools: []string{"read_file"}, Types: []string{"tool_result"}}}, string(data))
	if got != "\"ok\"\n\"error\"\n" {
		t.Errorf("--tool read_file --type tool_result .status: %q", got)
	}
}

func TestRuntimeErrorsGoOn(t *testing.T) {
	in := "{\"a\":1}\n\"x\"\n\n{\"a\":2}\n{\"a\":{}}\n"
	out, errOut, res := runFilter(t, Options{Expr: `.a + 1`}, in)
	if out != "2\n3\n" {
		t.Errorf("stdout %q", out)
	}
	want := "zsj: error: <stdin>:2: expected an object but got: string (\"x\")\n" +
		"zsj: error: <stdin>:5: cannot add: object ({}) and number (1)\n"
	if errOut != want {
		t.Errorf("stderr:\n%s\nwant\n%s", errOut, want)
	}
	if res.RuntimeErrors != 2 || res.ExitCode(false) != ExitRuntime {
		t.Errorf("result %+v", res)
	}
	_, errOut, _ = runFilter(t, Options{Expr: `error("boom"), error({a:1})`}, "{}\n")
	if errOut != "zsj: error: <stdin>:1: boom\n" {
		t.Errorf("error(string): %q", errOut)
	}
	_, errOut, _ = runFilter(t, Options{Expr: `error({a:1})`}, "{}\n")
	if errOut != "zsj: error: <stdin>:1: {\"a\":1} (not a string)\n" {
		t.Errorf("error(object): %q", errOut)
	}
}

func TestExitStatus(t *testing.T) {
	for _, tc := range []struct {
		expr string
		in   string
		want int
	}{
		{`.a`, `{"a":1}`, ExitOK},
		{`.a`, `{"a":null}`, ExitFalsy},
		{`.a`, `{"a":false}`, ExitFalsy},
		{`.a`, "{\"a\":false}\n{\"a\":0}", ExitOK},
		{`empty`, `{"a":1}`, ExitNoValue},
		{`.`, ``, ExitNoValue},
		{`.a.b`, `{"a":"x"}`, ExitRuntime},
		{`halt_error`, `{"a":1}`, 5},
		{`halt_error(3)`, `"bye"`, 3},
		{`halt`, `{}`, 0},
	} {
		t.Run(tc.expr, func(t *testing.T) {
			_, _, res := runFilter(t, Options{Expr: tc.expr}, tc.in+"\n")
			if got := res.ExitCode(true); got != tc.want {
				t.Errorf("exit %d, want %d (%+v)", got, tc.want, res)
			}
		})
	}
}

// halt stops the run at its event, in parallel runs too: nothing after it
// is written.
func TestHalt(t *testing.T) {
	withChunkSize(t, 64)
	var in strings.Builder
	for i := 1; i <= 500; i++ {
		fmt.Fprintf(&in, "{\"n\":%d}\n", i)
	}
	out, errOut, res := runFilter(t, Options{Expr: `if .n == 250 then "stop\n" | halt_error(7) else .n end`, Workers: 4}, in.String())
	if !strings.HasSuffix(out, "\n249\n") || strings.Count(out, "\n") != 249 {
		t.Errorf("output does not end at 249: ...%q", out[max(0, len(out)-20):])
	}
	if errOut != "stop\n" || !res.Halted || res.ExitCode(false) != 7 {
		t.Errorf("stderr %q, result %+v", errOut, res)
	}
	_, errOut, _ = runFilter(t, Options{Expr: `{a:1} | halt_error`}, "1\n")
	if errOut != "{\"a\":1}\n" {
		t.Errorf("halt_error with an object: %q", errOut)
	}
}

func TestWholeInputModes(t *testing.T) {
	in := "{\"n\":1}\n{\"n\":2}\n\n{\"n\":3}\n"
	for _, tc := range []struct {
		name string
		opts Options
		want string
	}{
		{"slurp", Options{Expr: `map(.n)`, Slurp: true}, "[1,2,3]\n"},
		{"slurp keeps bytes", Options{Expr: `.[1]`, Slurp: true}, "{\"n\":2}\n"},
		{"null input", Options{Expr: `[inputs.n]`, NullInput: true}, "[1,2,3]\n"},
		{"null input, input", Options{Expr: `input.n, input.n`, NullInput: true}, "1\n2\n"},
		{"null and slurp", Options{Expr: `input | length`, NullInput: true, Slurp: true}, "3\n"},
		{"reduce inputs", Options{Expr: `reduce inputs as $e (.n; . + $e.n)`}, "6\n"},
		{"line numbers", Options{Expr: `input_line_number`}, "1\n2\n4\n"},
		{"no input at all", Options{Expr: `[inputs]`, NullInput: true}, "[[]]\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			stdin := in
			if tc.name == "no input at all" {
				stdin, tc.want = "", "[]\n"
			}
			if got := runExpr(t, tc.opts, stdin); got != tc.want {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
	// input pairs events; the third has none to pair with, as in jq.
	out, errOut, res := runFilter(t, Options{Expr: `[.n, (input | .n)]`}, in)
	if out != "[1,2]\n" || errOut != "zsj: error: <stdin>:4: no more inputs\n" || res.ExitCode(false) != ExitRuntime {
		t.Errorf("[., input]: stdout %q, stderr %q, %+v", out, errOut, res)
	}
	// The last input read is the one a failure is reported at.
	_, errOut, _ = runFilter(t, Options{Expr: `[inputs] | .[0].n.x`, NullInput: true}, in)
	if errOut != "zsj: error: <stdin>:4: expected an object but got: number (1)\n" {
		t.Errorf("stderr %q", errOut)
	}
}

// A plain path is looked up in the line's bytes; the results must be
// gojq's, errors included.
func TestPathLookupMatchesGojq(t *testing.T) {
	in := oddLines + string(fixture(t, "v2/run.jsonl")) + `null
[1]
"s"
{"args":"str","a":{"b":null},"dup":1,"dup":{"x":[1.0,{"y":2}]}}
{"a":{"b":{"c":"\u00e9\n"}},"args":[{"k":1.50}]}
`
	for _, expr := range []string{`.type`, `.args`, `.args.path`, `.a.b`, `.a.b.c`, `.dup`, `.dup.x`, `.nested`, `.n`, `.big`, `.risk.categories`, `.["delta"]`} {
		for _, out := range []Output{{}, {Raw: true}, {Layout: Layout{Indent: 2}}, {Layout: Layout{SortKeys: true}}} {
			opts := Options{Expr: expr, Output: out}
			f, err := New(opts)
			if err != nil {
				t.Fatal(err)
			}
			if f.plan.path == nil {
				t.Fatalf("%s is not a plain path", expr)
			}
			fastOut, fastErr, fastRes := runFilter(t, opts, in)
			slowOut, slowErr, slowRes := runFilterNoPath(t, opts, in)
			if out.SortKeys && sameValues(fastOut, slowOut) {
				// -S keeps an unchanged object's numbers and escapes as
				// written; gojq's path writes them anew.
				slowOut = fastOut
			}
			if fastOut != slowOut || fastErr != slowErr || fastRes != slowRes {
				t.Errorf("%s %+v:\nlookup: %q %q %+v\ngojq:   %q %q %+v", expr, out, fastOut, fastErr, fastRes, slowOut, slowErr, slowRes)
			}
		}
	}
}

// blockingReader returns its text, then blocks forever, like a terminal
// or a pipe whose writer has nothing more to say.
type blockingReader struct{ text string }

func (r *blockingReader) Read(p []byte) (int, error) {
	if r.text == "" {
		select {}
	}
	n := copy(p, r.text)
	r.text = r.text[n:]
	return n, nil
}

// halt, and -n without input, end the run at once, whatever the input is
// still doing.
func TestRunEndsWithoutWaitingForInput(t *testing.T) {
	for _, opts := range []Options{
		{Expr: `halt`},
		{Expr: `select(.a == 1) | halt_error(3)`, Workers: 1},
		{Expr: `input | halt`, NullInput: true},
		{Expr: `1 + 1`, NullInput: true},
		{Expr: `input_line_number, halt`}, // sequential, line by line
	} {
		f, err := New(opts)
		if err != nil {
			t.Fatal(err)
		}
		done := make(chan struct{})
		go func() {
			defer close(done)
			f.Run([]input.Source{{Name: input.StdinName}}, IO{
				Stdin:  &blockingReader{"{\"a\":1}\n"},
				Stdout: io.Discard, Stderr: io.Discard, Report: func(error) {},
			})
		}()
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			t.Fatalf("%s: the run waits for input it does not need", opts.Expr)
		}
	}
}
