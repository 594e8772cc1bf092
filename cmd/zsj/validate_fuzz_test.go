package main

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/zsj-dev/zsj/internal/input"
	"github.com/zsj-dev/zsj/internal/report"
	"github.com/zsj-dev/zsj/protocol"
)

// FuzzValidate drives the reader and the validator the way zsj validate
// does: whatever the bytes, nothing panics and every problem points at a
// line that exists.
func FuzzValidate(f *testing.F) {
	seeds, _ := filepath.Glob("../../testdata/*/*.jsonl")
	more, _ := filepath.Glob("../../testdata/invalid/files/*.jsonl")
	for _, p := range append(seeds, more...) {
		if data, err := os.ReadFile(p); err == nil {
			f.Add(data)
		}
	}
	if data, err := os.ReadFile("../../testdata/invalid/lines.txt"); err == nil {
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
		var problems []protocol.Problem
		v := protocol.NewFileValidator("fuzz", protocol.Options{}, func(p protocol.Problem) { problems = append(problems, p) })
		r := input.NewReader(bytes.NewReader(data))
		for {
			line, err := r.Next()
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Fatal(err)
			}
			if line.BOM {
				v.BOM()
			}
			v.Line(line.Num, line.Text, len(line.EOL) == 0)
		}
		v.End()
		for _, p := range problems {
			if p.Line < 1 || p.Line > max(lines, 1) {
				t.Fatalf("problem at line %d of a %d-line input: %+v", p.Line, lines, p)
			}
		}
		// Printing never fails on what the validator produced.
		for _, format := range []report.Format{report.Text, report.JSON, report.GitHub} {
			pr := report.NewPrinter(io.Discard, format, false)
			for _, p := range problems {
				if err := pr.Problem(p); err != nil {
					t.Fatal(err)
				}
			}
		}
	})
}
