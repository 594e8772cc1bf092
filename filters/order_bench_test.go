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
			for range b.N {
				res, err := f.Run(src, IO{Stdout: io.Discard, Stderr: io.Discard, Report: func(error) {}})
				if err != nil || res.BadLines > 0 {
					b.Fatalf("%v %+v", err, res)
				}
			}
		})
	}
}
