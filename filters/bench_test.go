package filters

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/zsj-dev/zsj/gen"
	"github.com/zsj-dev/zsj/internal/input"
)

// benchCorpusSize is the size of each generated corpus: large enough for
// many chunks on every worker, small enough to generate in a moment.
const benchCorpusSize = 64 << 20 // bytes

// benchCorpus returns the two shapes of log that matter for speed: one
// dominated by large tool outputs, one by many short text deltas. They
// are generated once and kept in the temporary directory, so that
// profiles of the benchmark show filtering, not generating.
func benchCorpus(b *testing.B) (heavy, chatty string) {
	var paths []string
	for _, p := range []gen.Profile{gen.OutputHeavy, gen.Chatty} {
		path := filepath.Join(os.TempDir(), fmt.Sprintf("zsj-filter-bench-%s-%d.jsonl", p, benchCorpusSize))
		if _, err := os.Stat(path); err != nil {
			var buf bytes.Buffer
			if err := gen.Write(&buf, gen.Options{Profile: p, Size: benchCorpusSize, Seed: 1}); err != nil {
				b.Fatal(err)
			}
			tmp := path + ".tmp"
			if err := os.WriteFile(tmp, buf.Bytes(), 0o644); err != nil {
				b.Fatal(err)
			}
			if err := os.Rename(tmp, path); err != nil {
				b.Fatal(err)
			}
		}
		paths = append(paths, path)
	}
	return paths[0], paths[1]
}

// BenchmarkFilter reports throughput in MB/s of input for the expression
// the benchmark harness compares with jq and gojq, with its type gate
// turned off, and for the --type shortcut.
func BenchmarkFilter(b *testing.B) {
	heavy, chatty := benchCorpus(b)
	for _, corpus := range []struct{ name, path string }{{"output-heavy", heavy}, {"chatty", chatty}} {
		info, err := os.Stat(corpus.path)
		if err != nil {
			b.Fatal(err)
		}
		for _, tc := range []struct {
			name   string
			opts   Options
			noGate bool
		}{
			{"select-type", Options{Expr: `select(.type == "usage")`}, false},
			{"select-type-decoded", Options{Expr: `select(.type == "usage")`}, true},
			{"shortcut-type", Options{Select: Selection{Types: []string{"usage"}}}, false},
			{"field", Options{Expr: `.type`}, false},
		} {
			b.Run(corpus.name+"/"+tc.name, func(b *testing.B) {
				f, err := New(tc.opts)
				if err != nil {
					b.Fatal(err)
				}
				if tc.noGate { // measure what the gate saves
					f.plan.gate, f.plan.selectOnly = nil, false
				}
				src := []input.Source{{Name: corpus.path, Path: corpus.path}}
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
}
