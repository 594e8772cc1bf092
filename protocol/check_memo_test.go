package protocol

import (
	"bytes"
	"path/filepath"
	"reflect"
	"testing"
)

// memoOptions are the option sets the memo must agree with a full check
// under: the version and leniency change what a line's fields mean.
var memoOptions = []Options{{}, {Lenient: true}, {SchemaVersion: 1}, {SchemaVersion: 2}, {Strict: true}}

const (
	textLine   = `{"schemaVersion":2,"type":"text","runId":"run_1","delta":"hello"}`
	textPrefix = `{"schemaVersion":2,"type":"text","runId":"run_1","delta":`
	resultLine = `{"schemaVersion":2,"type":"tool_result","runId":"run_1","id":"call_1","status":"ok","truncated":false,"output":"a\nb"}`
	resultHead = `{"schemaVersion":2,"type":"tool_result","runId":"run_1","id":"call_1","status":"ok","truncated":false,"output":`
)

// TestMemoShortensChecks pins which lines the memo stands for: without it
// every line would be checked in full and the hits below would be misses.
func TestMemoShortensChecks(t *testing.T) {
	for _, tc := range []struct {
		name       string
		prev, next string
		hit        bool
	}{
		{"next delta", textLine, textPrefix + `" world"}`, true},
		{"escapes and space", textLine, textPrefix + `"tab\t\u00e9 \"q\""} ` + "\t", true},
		{"empty delta", textLine, textPrefix + `""}`, true},
		{"output after id and status", resultLine, resultHead + `"other"}`, true},
		{"bad escape", textLine, textPrefix + `"\x"}`, false},
		{"control byte", textLine, textPrefix + "\"a\x01\"}", false},
		{"bad UTF-8", textLine, textPrefix + "\"\xff\"}", false},
		{"another member follows", textLine, textPrefix + `"a","extra":1}`, false},
		{"value is not a string", textLine, textPrefix + `1}`, false},
		{"data after the object", textLine, textPrefix + `"a"} x`, false},
		{"cut short", textLine, textPrefix + `"a`, false},
		{"other run", textLine, `{"schemaVersion":2,"type":"text","runId":"run_2","delta":"a"}`, false},
		{"previous had a problem", `{"schemaVersion":2,"type":"text","runId":"run_1","delta":"a","x":1}`, textLine, false},
		{"previous ends in a number", `{"schemaVersion":2,"type":"run_end","runId":"run_1","status":"success","exitCode":0}`,
			`{"schemaVersion":2,"type":"run_end","runId":"run_1","status":"success","exitCode":1}`, false},
		{"usage compares fields", `{"schemaVersion":2,"type":"usage","runId":"run_1","totalTokens":3,"model":"m"}`,
			`{"schemaVersion":2,"type":"usage","runId":"run_1","totalTokens":3,"model":"n"}`, false},
		{"status is read by the run checks", `{"schemaVersion":2,"type":"tool_result","runId":"run_1","id":"c","output":"","truncated":true,"status":"ok"}`,
			`{"schemaVersion":2,"type":"tool_result","runId":"run_1","id":"c","output":"","truncated":true,"status":"error"}`, false},
		{"escaped run id is a copy", `{"schemaVersion":2,"type":"text","runId":"run\u005f1","delta":"a"}`,
			`{"schemaVersion":2,"type":"text","runId":"run\u005f1","delta":"b"}`, false},
		{"not JSON before", `{`, textLine, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := NewLineChecker(Options{})
			var out Checked
			c.Check([]byte(tc.prev), false, &out)
			var info eventInfo
			c.cur = &out
			if got := c.c.checkLikePrevious([]byte(tc.next), &info, 0); got != tc.hit {
				t.Errorf("memo used: %v, want %v", got, tc.hit)
			}
			checkMemoAgrees(t, []byte(tc.prev), []byte(tc.next))
		})
	}
}

// TestMemoOverCorpus checks every file of testdata line by line with one
// checker and each line with a fresh one: the results must be the same.
func TestMemoOverCorpus(t *testing.T) {
	paths, _ := filepath.Glob("../testdata/*/*.jsonl")
	more, _ := filepath.Glob("../testdata/invalid/files/*.jsonl")
	paths = append(paths, more...)
	if len(paths) < 10 {
		t.Fatalf("only %d files in testdata", len(paths))
	}
	for _, p := range paths {
		lines := bytes.Split(readFile(t, p), []byte("\n"))
		for i := 1; i < len(lines); i++ {
			checkMemoAgrees(t, lines[i-1], lines[i])
		}
	}
}

// FuzzLineMemo checks that a line checked after another gives what it
// gives on its own, also when it is built to share the other's prefix.
func FuzzLineMemo(f *testing.F) {
	for _, p := range []string{"../testdata/v2/run.jsonl", "../testdata/v1/interleaved.jsonl", "../testdata/input/prompt.jsonl"} {
		lines := bytes.Split(readFile(f, p), []byte("\n"))
		for i := 1; i < len(lines); i++ {
			f.Add(lines[i-1], lines[i])
		}
	}
	f.Add([]byte(textLine), []byte(`"\ud800"}`))
	f.Add([]byte(resultLine), []byte(`"x" }`))
	f.Fuzz(func(t *testing.T, prev, next []byte) {
		checkMemoAgrees(t, prev, next)
		c := NewLineChecker(Options{})
		var out Checked
		c.Check(prev, false, &out)
		if c.c.memo.valid {
			checkMemoAgrees(t, prev, append(bytes.Clone(c.c.memo.prefix), next...))
		}
	})
}

// checkMemoAgrees checks next after prev, then scribbles over prev, and
// compares with next checked by a fresh checker, under every option set.
func checkMemoAgrees(t *testing.T, prev, next []byte) {
	t.Helper()
	for _, opts := range memoOptions {
		for _, noEOL := range []bool{false, true} {
			warm := NewLineChecker(opts)
			var first, got, want Checked
			p := bytes.Clone(prev)
			warm.Check(p, false, &first)
			warm.Check(next, noEOL, &got)
			for i := range p {
				p[i] = 'X' // what got holds must not point into the previous line
			}
			fresh := NewLineChecker(opts)
			fresh.Check(next, noEOL, &want)
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("options %+v, noEOL %v:\nprev %q\nnext %q\nafter prev: %+v\non its own: %+v", opts, noEOL, prev, next, got, want)
			}
			// The members a check read, when it read them, are
			// MembersOf's; a check without a memo reads those of every
			// line it finds an object.
			if members, ok := warm.Members(nil); ok && !reflect.DeepEqual(members, MembersOf(next, nil)) {
				t.Fatalf("after %q, Members of %q: %+v, MembersOf: %+v", prev, next, members, MembersOf(next, nil))
			}
			// LastString names the line's last value, a string; a
			// repeated line has the bytes of prev before it.
			if start, repeated := warm.LastString(); start >= 0 {
				members := MembersOf(next, nil)
				if n := len(members); n == 0 || members[n-1].ValueStart != start || members[n-1].Value.Kind != KindString ||
					repeated && !bytes.Equal(next[:start], prev[:start]) {
					t.Fatalf("after %q, LastString of %q: %d %v; members %+v", prev, next, start, repeated, members)
				}
			} else if repeated {
				t.Fatalf("after %q, LastString of %q: repeated with no start", prev, next)
			}
			if _, repeated := fresh.LastString(); repeated {
				t.Fatalf("LastString of %q on its own: repeated", next)
			}
			// Shape's long string is a string value of the line: the
			// longest, or on a repeated line its last.
			for _, c := range []*LineChecker{warm, fresh} {
				checkLongString(t, next, c.Shape())
			}
			members, ok := fresh.Members(nil)
			if ok != want.Object() || ok && !reflect.DeepEqual(members, MembersOf(next, nil)) {
				t.Fatalf("Members of %q: %v %+v, object %v, MembersOf: %+v", next, ok, members, want.Object(), MembersOf(next, nil))
			}
		}
	}
}

// checkLongString checks that the long string shape names in line is the
// text of one string: on a repeated line its last value, on another no
// shorter than any top-level string value.
func checkLongString(t *testing.T, line []byte, shape LineShape) {
	t.Helper()
	start, end := shape.LongStart, shape.LongEnd
	if start == 0 && end == 0 {
		return
	}
	if start < 1 || end < start || end >= len(line) || line[start-1] != '"' {
		t.Fatalf("long string %d:%d of %q does not follow a quote", start, end, line)
	}
	if e, _, err := ScanString(line, start-1); err != nil || e != end+1 {
		t.Fatalf("long string %d:%d of %q is not one string", start, end, line)
	}
	if shape.Repeated {
		if start != shape.LastString+1 {
			t.Fatalf("long string %d:%d of the repeated line %q is not its last (%d)", start, end, line, shape.LastString)
		}
		return
	}
	for _, m := range MembersOf(line, nil) {
		if m.Value.Kind == KindString && len(m.Value.Raw)-2 > end-start {
			t.Fatalf("long string %d:%d of %q is shorter than member %q", start, end, line, m.Key)
		}
	}
}
