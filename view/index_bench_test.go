package view

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/zsj-dev/zsj/gen"
	"github.com/zsj-dev/zsj/internal/input"
)

// benchLogs writes 8 MB of generated runs into dir: one file, or one
// file per run (an archive's shape).
func benchLogs(b *testing.B, perRun bool) (dir string, size int64) {
	b.Helper()
	var buf bytes.Buffer
	if err := gen.Write(&buf, gen.Options{Size: 8 << 20, Seed: 1}); err != nil {
		b.Fatal(err)
	}
	dir = b.TempDir()
	if !perRun {
		os.WriteFile(filepath.Join(dir, "log.jsonl"), buf.Bytes(), 0o644)
		return dir, int64(buf.Len())
	}
	// Cut at run starts, as bench/run.sh cuts its archive.
	data, n := buf.Bytes(), 0
	start := []byte(`"type":"run_start"`)
	for len(data) > 0 {
		end := len(data)
		for i := bytes.IndexByte(data, '\n') + 1; i > 0 && i < len(data); {
			nl := bytes.IndexByte(data[i:], '\n')
			if nl < 0 {
				break
			}
			if bytes.Contains(data[i:i+nl], start) {
				end = i
				break
			}
			i += nl + 1
		}
		n++
		os.WriteFile(filepath.Join(dir, fmt.Sprintf("run-%04d.jsonl", n)), data[:end], 0o644)
		data = data[end:]
	}
	return dir, int64(buf.Len())
}

func benchmarkIndex(b *testing.B, perRun bool) {
	dir, size := benchLogs(b, perRun)
	sources, _ := input.Expand([]string{dir})
	b.SetBytes(size)
	b.ReportAllocs()
	for b.Loop() {
		ix := NewIndex(sources, b.TempDir(), DefaultCacheLimit)
		ix.Build()
		ix.Close()
	}
}

func BenchmarkIndexFile(b *testing.B)    { benchmarkIndex(b, false) }
func BenchmarkIndexArchive(b *testing.B) { benchmarkIndex(b, true) }
