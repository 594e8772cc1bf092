package redact

import (
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"

	"github.com/zsj-dev/zsj/protocol"
)

// Real text is dense with "key", "token", "secret" and "password": the Go
// source tree, each file printed by a tool as one tool_result event, is
// a corpus that tells what the rules cost on it. Files are taken in path
// order up to 8 MB so that runs compare.
var (
	goSrcOnce  sync.Once
	goSrcLines [][]byte
	goSrcSize  int64
)

func goSourceLog(b *testing.B) ([][]byte, int64) {
	goSrcOnce.Do(func() {
		root := filepath.Join(runtime.GOROOT(), "src")
		_ = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
			if err != nil || goSrcSize > 8<<20 {
				return filepath.SkipDir
			}
			if d.IsDir() || !strings.HasSuffix(path, ".go") {
				return nil
			}
			data, err := os.ReadFile(path)
			if err != nil {
				return nil
			}
			line := []byte(`{"schemaVersion":2,"type":"tool_result","runId":"run_1","id":"toolu_1","status":"ok","output":`)
			line = protocol.AppendQuoted(line, data)
			line = append(line, `,"truncated":false}`...)
			goSrcLines = append(goSrcLines, line)
			goSrcSize += int64(len(line)) + 1
			return nil
		})
	})
	if len(goSrcLines) == 0 {
		b.Skip("no Go source tree")
	}
	return goSrcLines, goSrcSize
}

// BenchmarkRedactGoSource: Line over files of the Go source tree as tool
// outputs. Besides wall time it reports the CPU time of the benchmark's
// thread (cpu-ns/op), which other work on a busy machine does not
// inflate.
func BenchmarkRedactGoSource(b *testing.B) {
	lines, size := goSourceLog(b)
	x := defaults(b).NewRedactor()
	var buf []byte
	b.SetBytes(size)
	b.ReportAllocs()
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	cpu0 := threadCPU()
	for b.Loop() {
		for _, l := range lines {
			buf, _ = x.Line(l, buf[:0])
		}
	}
	b.ReportMetric(float64(threadCPU()-cpu0)/float64(b.N), "cpu-ns/op")
}
