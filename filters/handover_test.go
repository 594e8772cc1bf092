package filters

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/zsj-dev/zsj/internal/input"
)

// jsonText is a JSON text that is one value per line at first, then
// pretty-printed values over many chunks, then several values a line.
func jsonText() string {
	var b strings.Builder
	for i := range 40 {
		fmt.Fprintf(&b, "{\"n\":%d,\"s\":\"line %d\"}\n", i, i)
	}
	for i := range 30 {
		fmt.Fprintf(&b, "{\n  \"n\": %d,\n  \"list\": [\n", 100+i)
		for j := range 20 {
			fmt.Fprintf(&b, "    {\"k\": \"v %d\\\" \\\\\", \"x\": [%d, 2.50]},\n", j, j)
		}
		b.WriteString("    null\n  ]\n}\n")
	}
	for i := range 20 {
		fmt.Fprintf(&b, "[%d] {\"a\":%d}\"s\"  %d\n", i, i, i)
	}
	return b.String()
}

// compactValues is what '.' should write for text: each value compact,
// as encoding/json reads it.
func compactValues(t *testing.T, text string) string {
	t.Helper()
	dec := json.NewDecoder(strings.NewReader(text))
	var b bytes.Buffer
	for {
		var raw json.RawMessage
		if err := dec.Decode(&raw); errors.Is(err, io.EOF) {
			return b.String()
		} else if err != nil {
			t.Fatal(err)
		}
		if err := json.Compact(&b, raw); err != nil {
			t.Fatal(err)
		}
		b.WriteByte('\n')
	}
}

// TestHandOver reads JSON text that turns from one value a line into
// pretty-printed JSON, in small chunks over several workers (the sink
// reads the rest as a stream) and in one goroutine (the line source
// does), from stdin and from files one after another.
func TestHandOver(t *testing.T) {
	text := jsonText()
	want := compactValues(t, text)
	dir := t.TempDir()
	pretty := filepath.Join(dir, "pretty.json")
	lines := filepath.Join(dir, "lines.jsonl")
	writeTestFile(t, pretty, text)
	writeTestFile(t, lines, "{\"last\":1}\n{\"last\":2}\n")
	for _, tc := range []struct {
		name string
		opts Options
	}{
		{"parallel", Options{Expr: ".", Workers: 3}},
		{"parallel, evaluated", Options{Expr: "[.]", Workers: 3}},
		{"sequential", Options{Expr: ".", NullInput: true}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			opts := tc.opts
			wantHere := want
			if opts.NullInput {
				opts.Expr = "inputs"
			}
			if opts.Expr == "[.]" {
				wantHere = inArrays(want)
			}
			f, err := New(opts)
			if err != nil {
				t.Fatal(err)
			}
			f.readSize = 512
			out, errOut, res := run(t, f, text)
			if out != wantHere || errOut != "" || res.ExitCode(false) != ExitOK {
				t.Fatalf("stdin: exit %d, stderr %q, stdout differs: %v", res.ExitCode(false), errOut, firstDiff(out, wantHere))
			}
			// Two files: the stream ends with the first, and the second
			// is read a line at a time again.
			var b bytes.Buffer
			res, err = f.Run([]input.Source{{Name: "pretty.json", Path: pretty}, {Name: "lines.jsonl", Path: lines}}, IO{
				Stdout: &b, Stderr: io.Discard, Report: func(err error) { t.Error(err) },
			})
			wantBoth := wantHere + "{\"last\":1}\n{\"last\":2}\n"
			if opts.Expr == "[.]" {
				wantBoth = wantHere + "[{\"last\":1}]\n[{\"last\":2}]\n"
			}
			if err != nil || b.String() != wantBoth {
				t.Fatalf("files: %v, stdout differs: %v", err, firstDiff(b.String(), wantBoth))
			}
		})
	}
}

// inArrays is what [.] writes for lines of compact values.
func inArrays(values string) string {
	var b strings.Builder
	for _, line := range strings.SplitAfter(values, "\n") {
		if line != "" {
			b.WriteString("[" + strings.TrimSuffix(line, "\n") + "]\n")
		}
	}
	return b.String()
}

func firstDiff(got, want string) string {
	for i := 0; i < len(got) && i < len(want); i++ {
		if got[i] != want[i] {
			start := max(0, i-40)
			return fmt.Sprintf("at byte %d: got %q, want %q", i, got[start:min(len(got), i+40)], want[start:min(len(want), i+40)])
		}
	}
	return fmt.Sprintf("lengths %d and %d", len(got), len(want))
}

func writeTestFile(t *testing.T, path, text string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

// One file named twice: its second reading starts over a line at a time
// and hands over again, and no chunk of it is taken for a chunk of the
// first reading's stream (workers run ahead of the sink that ends it).
func TestHandOverSameFileTwice(t *testing.T) {
	text := jsonText()
	want := compactValues(t, text)
	pretty := filepath.Join(t.TempDir(), "pretty.json")
	writeTestFile(t, pretty, text)
	f, err := New(Options{Expr: ".", Workers: 3})
	if err != nil {
		t.Fatal(err)
	}
	f.readSize = 512
	src := input.Source{Name: "pretty.json", Path: pretty}
	for round := range 20 {
		var b bytes.Buffer
		_, err := f.Run([]input.Source{src, src, src}, IO{
			Stdout: &b, Stderr: io.Discard, Report: func(err error) { t.Error(err) },
		})
		if err != nil || b.String() != want+want+want {
			t.Fatalf("round %d: %v, stdout differs: %v", round, err, firstDiff(b.String(), want+want+want))
		}
	}
}
