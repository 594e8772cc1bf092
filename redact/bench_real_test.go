package redact

import (
	"bytes"
	"encoding/json"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// realCorpus is a log whose tool outputs and text deltas are real files:
// Go source, docs and test data from the Go tree (go env GOROOT), read at
// test time. Source is dense with "key", "token", "secret" and
// "password", which is what makes keyword prefilters work hard.
var (
	realOnce  sync.Once
	realLines [][]byte
	realSize  int64
)

func realFiles(b *testing.B) [][]byte {
	realOnce.Do(func() {
		out, err := exec.Command("go", "env", "GOROOT").Output()
		if err != nil {
			return
		}
		root := filepath.Join(strings.TrimSpace(string(out)), "src")
		var files []string
		filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
			if err == nil && !d.IsDir() && (strings.HasSuffix(p, ".go") || strings.HasSuffix(p, ".md") || strings.HasSuffix(p, ".txt")) {
				files = append(files, p)
			}
			return nil
		})
		const want = 32 << 20
		n := 0
		for i, p := range files {
			if realSize >= want {
				break
			}
			data, err := os.ReadFile(p)
			if err != nil || len(data) > 1<<20 {
				continue
			}
			_ = n
			var ev map[string]any
			if i%3 == 2 {
				ev = map[string]any{"schemaVersion": 2, "type": "text", "runId": "r1", "delta": string(data)}
			} else {
				ev = map[string]any{"schemaVersion": 2, "type": "tool_result", "runId": "r1", "id": "t1", "status": "ok", "output": string(data)}
			}
			line, _ := json.Marshal(ev)
			line = bytes.ReplaceAll(line, []byte(`\u003c`), []byte("<"))
			line = bytes.ReplaceAll(line, []byte(`\u003e`), []byte(">"))
			line = bytes.ReplaceAll(line, []byte(`\u0026`), []byte("&"))
			realLines = append(realLines, line)
			realSize += int64(len(line)) + 1
		}
	})
	if len(realLines) == 0 {
		b.Skip("no Go tree to read")
	}
	return realLines
}

// BenchmarkRedactReal measures Line, single-core, over the real-file log,
// with the default rules and with them less gitleaks' catalogue.
func BenchmarkRedactReal(b *testing.B) {
	for _, set := range []struct {
		name string
		rs   func(testing.TB) *RuleSet
	}{{"defaults", defaults}, {"own", withoutCatalogue}} {
		b.Run(set.name, func(b *testing.B) {
			lines := realFiles(b)
			x := set.rs(b).NewRedactor()
			var buf []byte
			b.SetBytes(realSize)
			b.ReportAllocs()
			for b.Loop() {
				for _, l := range lines {
					buf, _ = x.Line(l, buf[:0])
				}
			}
		})
	}
}
