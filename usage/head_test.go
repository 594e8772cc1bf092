package usage

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/zsj-dev/zsj/gen"
	"github.com/zsj-dev/zsj/protocol"
)

func TestSniff(t *testing.T) {
	for _, tc := range []struct {
		name, line string
		ok         bool
		typ, runID string // when ok
		version    string // the schemaVersion value's text
	}{
		{"usual order", `{"schemaVersion":2,"type":"text","runId":"run_1","delta":"hi"}`, true, "text", "run_1", "2"},
		{"any order", `{"delta":"a \"quoted\" word","runId":"r","type":"text","schemaVersion":1}`, true, "text", "r", "1"},
		{"spaces", ` { "schemaVersion" : 2 , "type" : "usage" , "runId" : "r" } `, true, "usage", "r", "2"},
		{"stops before a long value", `{"schemaVersion":2,"type":"tool_result","runId":"r","output":"` + string(bytes.Repeat([]byte("x"), 1000)), true, "tool_result", "r", "2"},
		{"no runId", `{"schemaVersion":2,"type":"prompt","content":"hi"}`, true, "prompt", "", "2"},
		{"empty object", `{}`, true, "", "", ""},
		{"literals and numbers before", `{"a":true,"b":null,"c":-1.5e3,"schemaVersion":2,"type":"x","runId":"r"}`, true, "x", "r", "2"},
		{"escaped key", `{"schemaVersion":2,"typ\u0065":"text","runId":"r"}`, false, "", "", ""},
		{"escaped type", `{"schemaVersion":2,"type":"te\u0078t","runId":"r"}`, false, "", "", ""},
		{"nested value first", `{"args":{"type":"x"},"schemaVersion":2,"type":"tool_call","runId":"r"}`, false, "", "", ""},
		{"duplicate type", `{"type":"text","type":"usage","runId":"r","x":1}`, false, "", "", ""},
		{"type not a string", `{"schemaVersion":2,"type":5,"runId":"r"}`, false, "", "", ""},
		{"array line", `[1,2]`, false, "", "", ""},
		{"cut short", `{"schemaVersion":2,"type":"te`, false, "", "", ""},
		{"trailing data", `{"type":"text"} x`, false, "", "", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h, ok := sniff([]byte(tc.line))
			if ok != tc.ok {
				t.Fatalf("ok = %v, want %v", ok, tc.ok)
			}
			if !ok {
				return
			}
			version := ""
			if h.verTo != 0 {
				version = tc.line[h.verFrom:h.verTo]
			}
			if string(h.typ) != tc.typ || string(h.runID) != tc.runID || version != tc.version {
				t.Errorf("got type %q runId %q version %q, want %q %q %q", h.typ, h.runID, version, tc.typ, tc.runID, tc.version)
			}
		})
	}
}

// TestSniffAgreesWithParser checks, on every line of the shared fixtures and
// of generated logs, that when sniff is sure it says what a full parse says.
func TestSniffAgreesWithParser(t *testing.T) {
	var lines [][]byte
	files, _ := filepath.Glob(filepath.Join("..", "testdata", "*", "*.jsonl"))
	more, _ := filepath.Glob(filepath.Join("..", "testdata", "invalid", "files", "*.jsonl"))
	for _, f := range append(files, more...) {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		lines = append(lines, bytes.Split(data, []byte("\n"))...)
	}
	lines = append(lines, genLines(t, gen.Options{Runs: 40, Seed: 3, Secrets: true})...)
	lines = append(lines, genLines(t, gen.Options{Runs: 40, Seed: 4, SchemaVersion: 1, Faults: true})...)
	sure := 0
	for _, line := range lines {
		checkSniff(t, line)
		if _, ok := sniff(line); ok {
			sure++
		}
	}
	if sure < len(lines)/2 {
		t.Errorf("sniff was sure of only %d of %d lines", sure, len(lines))
	}
}

func genLines(t testing.TB, opts gen.Options) [][]byte {
	var b bytes.Buffer
	if err := gen.Write(&b, opts); err != nil {
		t.Fatal(err)
	}
	return bytes.Split(bytes.TrimSuffix(b.Bytes(), []byte("\n")), []byte("\n"))
}

func checkSniff(t *testing.T, line []byte) {
	t.Helper()
	h, ok := sniff(line)
	if !ok {
		return
	}
	members, err := protocol.ParseObject(line, nil)
	if err != nil {
		return // sniff reads only the head: a later problem is the parser's to find
	}
	p := headOf(members)
	if !bytes.Equal(h.typ, p.typ) || !bytes.Equal(h.runID, p.runID) || h.verFrom != p.verFrom || h.verTo != p.verTo {
		t.Errorf("sniff %q/%q/%d:%d, parser %q/%q/%d:%d for line %.200q",
			h.typ, h.runID, h.verFrom, h.verTo, p.typ, p.runID, p.verFrom, p.verTo, line)
	}
}

func FuzzSniff(f *testing.F) {
	for _, s := range []string{
		`{"schemaVersion":2,"type":"text","runId":"run_1","delta":"hi"}`,
		`{"runId":"a\\\"b","type":"usage","schemaVersion":1}`,
		`{"type":"x","runId":"r","schemaVersion":2e0}`,
		` {"a":[1,{"b":"}"}],"type":"t"}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, line []byte) { checkSniff(t, line) })
}
