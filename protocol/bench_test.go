// The benchmarks live in the external test package because they build their
// corpus with package gen, which imports protocol.
package protocol_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/zsj-dev/zsj/gen"
	"github.com/zsj-dev/zsj/protocol"
)

// Lines of the two shapes that dominate real logs: many short deltas, and
// tool results whose output is most of the bytes.
var (
	smallEvent = []byte(`{"schemaVersion":2,"type":"text","runId":"run_20260603_abc123","delta":" the README to see how the project is laid out."}`)
	bigResult  = toolResult(64 << 10)
)

// toolResult builds a tool_result line whose output is about n bytes of
// command output, escaped as encoding/json escapes it (newlines, tabs,
// quotes), like the output of ls or a test runner.
func toolResult(n int) []byte {
	const row = "drwxr-xr-x  3 user  staff    96 Jan  1 00:00 \"src\"\tgo test ./... ok  0.412s\n"
	out := strings.Repeat(row, n/len(row)+1)[:n]
	quoted, err := json.Marshal(out)
	if err != nil {
		panic(err)
	}
	return fmt.Appendf(nil, `{"schemaVersion":2,"type":"tool_result","runId":"run_20260603_abc123","id":"call_1","status":"ok","output":%s,"truncated":false}`, quoted)
}

var lineCases = []struct {
	name string
	line []byte
}{
	{"text", smallEvent},
	{"tool_result_64KiB", bigResult},
}

// BenchmarkValidateLine measures the per-event checks (sections 1-3) on one
// reused validator, the way zsj validate calls them for every line.
func BenchmarkValidateLine(b *testing.B) {
	for _, tc := range lineCases {
		b.Run(tc.name, func(b *testing.B) {
			v := protocol.NewFileValidator("bench", protocol.Options{NoRunChecks: true}, func(p protocol.Problem) {
				b.Fatalf("unexpected problem: %+v", p)
			})
			b.SetBytes(int64(len(tc.line)))
			b.ReportAllocs()
			num := 0
			for b.Loop() {
				num++
				v.Line(num, tc.line, false)
			}
		})
	}
}

// BenchmarkFileValidator measures whole-file validation, run checks
// included, over generated logs of each profile held in memory, so that
// neither reading nor line splitting shows.
func BenchmarkFileValidator(b *testing.B) {
	const corpusSize = 16 << 20 // bytes: several runs even of output-heavy
	for _, profile := range []gen.Profile{gen.OutputHeavy, gen.Chatty} {
		b.Run(string(profile), func(b *testing.B) {
			var buf bytes.Buffer
			if err := gen.Write(&buf, gen.Options{Profile: profile, Size: corpusSize, Seed: 1}); err != nil {
				b.Fatal(err)
			}
			data := buf.Bytes()
			b.SetBytes(int64(len(data)))
			b.ReportAllocs()
			for b.Loop() {
				v := protocol.NewFileValidator("bench", protocol.Options{}, func(p protocol.Problem) {
					b.Fatalf("generated log has a problem: %+v", p)
				})
				rest, num := data, 0
				for len(rest) > 0 {
					line, after, _ := bytes.Cut(rest, []byte{'\n'})
					num++
					v.Line(num, line, false)
					rest = after
				}
				v.End()
				if v.Stats().Events == 0 {
					b.Fatal("no events validated")
				}
			}
		})
	}
}

// BenchmarkParseObject measures the scan every command starts with: check
// the line and find the members it dispatches on ("type", "runId"), once
// through ParseObject and once through a Parser kept across lines.
func BenchmarkParseObject(b *testing.B) {
	var p protocol.Parser
	for _, api := range []struct {
		name  string
		parse func([]byte, []protocol.Member) ([]protocol.Member, *protocol.SyntaxError)
	}{
		{"ParseObject", protocol.ParseObject},
		{"Parser", p.Parse},
	} {
		for _, tc := range lineCases {
			b.Run(api.name+"/"+tc.name, func(b *testing.B) {
				var members []protocol.Member
				b.SetBytes(int64(len(tc.line)))
				b.ReportAllocs()
				for b.Loop() {
					var serr *protocol.SyntaxError
					members, serr = api.parse(tc.line, members[:0])
					if serr != nil {
						b.Fatal(serr)
					}
					typ, runID := lookup(members, "type"), lookup(members, "runId")
					if typ == nil || runID == nil {
						b.Fatal("type or runId not found")
					}
				}
			})
		}
	}
}

func lookup(members []protocol.Member, key string) *protocol.Value {
	for i := range members {
		if string(members[i].Key) == key {
			return &members[i].Value
		}
	}
	return nil
}
