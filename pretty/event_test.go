package pretty

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/zsj-dev/zsj/protocol"
)

// The names lent to events are those of each line: a new run id, an
// escaped one, a type the protocol does not name, and no run at all.
func TestEventNames(t *testing.T) {
	var names lineReader
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

// parseAlone parses line with a reader of its own, as if it were the
// first line read, and reading its members itself.
func parseAlone(line []byte) (event, bool) {
	var (
		ev      event
		r       lineReader
		checked protocol.Checked
	)
	protocol.NewLineChecker(protocol.Options{}).Check(line, false, &checked)
	ok := ev.parse(1, line, &checked, &r)
	return ev, ok
}

// A line parsed after others (a delta of a stream read from its last
// string), with the members its check read or not, is the event it is
// alone: same type, run, delta, output stats and members.
func FuzzEventParseAfterOthers(f *testing.F) {
	for _, s := range []string{
		`{"type":"text","runId":"r","delta":"a"}` + "\n" + `{"type":"text","runId":"r","delta":"b\u00e9"}` + "\n" + `{"type":"text","runId":"r","delta":"c"}`,
		`{"type":"reasoning","runId":"r","delta":"a"}` + "\n" + `{"type":"reasoning","runId":"r","delta":"a","x":1}`,
		`{"type":"text","runId":"r","delta":"a","delta":"b"}` + "\n" + `{"type":"text","runId":"r","delta":"a","delta":"c"}`,
		`{"type":"text","delta":"a","runId":"r"}` + "\n" + `{"type":"text","delta":"a","runId":"s"}`,
		`{"delta":"a","type":"text"}` + "\n" + `{"delta":"a","type":"tool_call"}`,
		`{"type":"text","runId":"r","d\u0065lta":"a"}` + "\n" + `{"type":"text","runId":"r","d\u0065lta":"b"}`,
		`{"type":"tool_result","runId":"r","output":"a"}` + "\n" + `{"type":"tool_result","runId":"r","output":"b"}` + "\n" + `{"type":"text","runId":"r","delta":"c"}`,
		// Interleaved runs: the delta of run r after one of run s must
		// not be taken for s's.
		// (Valid events: the checker reads a line like the one before
		// from its last string only then.)
		`{"schemaVersion":2,"type":"text","runId":"r","delta":"a"}` + "\n" + `{"schemaVersion":2,"type":"text","runId":"r","delta":"b"}` + "\n" +
			`{"schemaVersion":2,"type":"tool_call","runId":"r","id":"c","name":"x","args":{},"sideEffect":"read"}` + "\n" +
			`{"schemaVersion":2,"type":"text","runId":"s","delta":"c"}` + "\n" + `{"schemaVersion":2,"type":"text","runId":"r","delta":"d"}`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		for _, withChecker := range []bool{false, true} {
			var (
				r       lineReader
				ev      event
				checked protocol.Checked
			)
			checker := protocol.NewLineChecker(protocol.Options{})
			if withChecker {
				r.checker = checker
			}
			for _, line := range strings.Split(in, "\n") {
				checker.Check([]byte(line), false, &checked)
				ok := ev.parse(1, []byte(line), &checked, &r)
				alone, aloneOK := parseAlone([]byte(line))
				if ok != aloneOK || ok && (ev.typ != alone.typ || ev.runID != alone.runID || ev.delta != alone.delta ||
					ev.outSize != alone.outSize || ev.outLines != alone.outLines || !reflect.DeepEqual(ev.members, alone.members)) {
					t.Fatalf("with checker %v, after the lines before, %q parses to\n%v %q %q %q %+v\nalone to\n%v %q %q %q %+v",
						withChecker, line, ok, ev.typ, ev.runID, ev.delta, ev.members, aloneOK, alone.typ, alone.runID, alone.delta, alone.members)
				}
			}
		}
	})
}

// A parsed delta points into its line (lineString): nothing drawn may
// keep it past the line. Drawn line by line from a buffer overwritten
// after each, interleaved runs (whose text is held back) draw as from a
// file.
func TestDeltasAreNotKept(t *testing.T) {
	for _, in := range goldenInputs {
		t.Run(filepath.Base(in), func(t *testing.T) {
			opts := DefaultOptions()
			want := renderTerminal(t, in, opts)
			var out bytes.Buffer
			p := NewTerminal(&out, "", opts)
			var buf []byte
			data, err := os.ReadFile(in)
			if err != nil {
				t.Fatal(err)
			}
			text := string(data)
			lines := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
			for i, line := range lines {
				buf = append(buf[:0], line...)
				noEOL := i == len(lines)-1 && !strings.HasSuffix(text, "\n")
				if err := p.Line(i+1, buf, noEOL); err != nil {
					t.Fatal(err)
				}
				for j := range buf {
					buf[j] = 'X'
				}
			}
			if err := p.End(); err != nil {
				t.Fatal(err)
			}
			if got := out.String(); got != want {
				t.Errorf("drawn from an overwritten buffer:\n%s\nfrom the file:\n%s", got, want)
			}
		})
	}
}

// The escaped deltas of a batch are decoded into one buffer: each must
// keep its own text until drawn. Drawn from a file (in batches, on all
// cores), a stream of escaped deltas draws as line by line.
func TestEscapedDeltasInABatch(t *testing.T) {
	var log strings.Builder
	log.WriteString(`{"schemaVersion":2,"type":"run_start","runId":"r","sessionId":"s","cwd":"/w","provider":"p","model":"m"}` + "\n")
	for i := range 500 {
		fmt.Fprintf(&log, `{"schemaVersion":2,"type":"text","runId":"r","delta":"w%d \"q\u00e9\"\n"}`+"\n", i)
	}
	log.WriteString(`{"schemaVersion":2,"type":"run_end","runId":"r","status":"ok","exitCode":0}` + "\n")
	path := filepath.Join(t.TempDir(), "deltas.jsonl")
	if err := os.WriteFile(path, []byte(log.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	opts := DefaultOptions()
	got := renderTerminal(t, path, opts)
	var want bytes.Buffer
	p := NewTerminal(&want, "", opts)
	for i, line := range strings.Split(strings.TrimSuffix(log.String(), "\n"), "\n") {
		if err := p.Line(i+1, []byte(line), false); err != nil {
			t.Fatal(err)
		}
	}
	if err := p.End(); err != nil {
		t.Fatal(err)
	}
	if got != want.String() {
		t.Errorf("drawn from the file:\n%s\nline by line:\n%s", got, want.String())
	}
	if !strings.Contains(got, `w499 "qé"`) {
		t.Errorf("the last delta is not drawn as decoded:\n%s", got)
	}
}
