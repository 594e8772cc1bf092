package validate

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/zsj-dev/zsj/internal/exitcode"
	"github.com/zsj-dev/zsj/internal/input"
	"github.com/zsj-dev/zsj/internal/report"
	"github.com/zsj-dev/zsj/internal/term"
)

// FuzzValidate runs the engine over any bytes: nothing panics, every
// problem points at a line that exists, and every format prints what the
// validator produced.
func FuzzValidate(f *testing.F) {
	seeds, _ := filepath.Glob("../testdata/*/*.jsonl")
	more, _ := filepath.Glob("../testdata/invalid/files/*.jsonl")
	for _, p := range append(seeds, more...) {
		if data, err := os.ReadFile(p); err == nil {
			f.Add(data)
		}
	}
	if data, err := os.ReadFile("../testdata/invalid/lines.txt"); err == nil {
		for _, line := range bytes.Split(data, []byte("\n")) {
			if _, text, ok := bytes.Cut(line, []byte("\t")); ok {
				f.Add(text)
			}
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		lines := bytes.Count(data, []byte("\n"))
		if len(data) > 0 && data[len(data)-1] != '\n' {
			lines++
		}
		for _, format := range []report.Format{report.JSON, report.Text, report.GitHub} {
			std, stdout, stderr := term.Test(string(data))
			err := Run(Options{IO: std, Sources: []input.Source{{Name: "fuzz"}}, Format: format, Secrets: func() SecretFinder { return fakeFinder{} }})
			if code := exitcode.Of(err); code != exitcode.OK && code != exitcode.Problems {
				t.Fatalf("%s: %v: %s", format, err, stderr)
			}
			if format != report.JSON {
				continue
			}
			sc := bufio.NewScanner(stdout)
			sc.Buffer(nil, 1<<20)
			for sc.Scan() {
				if strings.HasPrefix(sc.Text(), `{"summary"`) {
					continue
				}
				var p struct{ Line int }
				if err := json.Unmarshal(sc.Bytes(), &p); err != nil {
					t.Fatalf("%v: %s", err, sc.Text())
				}
				if p.Line < 1 || p.Line > max(lines, 1) {
					t.Fatalf("problem at line %d of a %d-line input: %s", p.Line, lines, sc.Text())
				}
			}
		}
	})
}
