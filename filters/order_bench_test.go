package filters

import (
	"io"
	"os"
	"testing"

	"github.com/zsj-dev/zsj/internal/input"
)

// BenchmarkFilterBuild reports throughput in MB/s of input for expressions
// that build, merge and walk objects, where key order costs something.
func BenchmarkFilterBuild(b *testing.B) {
	_, chatty := benchCorpus(b)
	info, err := os.Stat(chatty)
	if err != nil {
		b.Fatal(err)
	}
	for _, tc := range []struct{ name, expr string }{
		{"construct", `{type, runId, seq: 1}`},
		{"merge", `. + {seen: true, type: "x"}`},
		{"set-del", `.seen = true | del(.runId)`},
		{"entries", `with_entries(select(.value != null))`},
		{"iterate", `[.[] | type] | length`},
		{"tojson", `tojson | length`},
	} {
		b.Run(tc.name, func(b *testing.B) {
			f, err := New(Options{Expr: tc.expr})
			if err != nil {
				b.Fatal(err)
			}
			src := []input.Source{{Name: chatty, Path: chatty}}
			b.SetBytes(info.Size())
			b.ResetTimer()
			start := cpuTime()
			for range b.N {
				res, err := f.Run(src, IO{Stdout: io.Discard, Stderr: io.Discard, Report: func(error) {}})
				if err != nil || res.BadLines > 0 {
					b.Fatalf("%v %+v", err, res)
				}
			}
			b.ReportMetric(float64(cpuTime()-start)/float64(b.N)/1e9, "cpu-s/op")
		})
	}
}

// BenchmarkEvent reports the time per event of expressions evaluated on
// one event of a chatty log, without reading or writing: the cost of key
// order where it is paid.
func BenchmarkEvent(b *testing.B) {
	line := []byte(`{"schemaVersion":2,"type":"tool_call","runId":"run_1","seq":12,"ts":"2026-06-03T10:00:00Z","id":"call_7","name":"read_file","args":{"path":"/src/main.go","limit":200}}`)
	for _, tc := range []struct{ name, expr string }{
		{"select", `select(.type == "tool_call")`},
		{"select-field", `select(.type == "tool_call") | .name`},
		{"construct", `{name, id, type}`},
		{"merge", `. + {seen: true, type: "x"}`},
		{"set-del", `.seen = true | del(.runId)`},
		{"update", `.seq += 1`},
		{"entries", `with_entries(select(.value != null))`},
		{"iterate", `[.[] | type] | length`},
		{"tojson", `tojson | length`},
		{"sum", `(.seq // 0) + (.schemaVersion // 0)`},
	} {
		b.Run(tc.name, func(b *testing.B) {
			f, err := New(Options{Expr: tc.expr})
			if err != nil {
				b.Fatal(err)
			}
			f.plan.gate, f.plan.selectOnly, f.plan.path = nil, false, nil // always through gojq
			w := newWorker(f, false)
			if w.code, err = f.compileFor(w); err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			b.ResetTimer()
			start := cpuTime()
			for range b.N {
				w.handleLine(line)
				w.out = w.out[:0]
			}
			// CPU time is steadier than wall time on a machine others share.
			b.ReportMetric(float64(cpuTime()-start)/float64(b.N), "cpu-ns/op")
		})
	}
}
