package filters

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/zsj-dev/zsj/internal/input"
)

// bigLog writes a log of at least size bytes, with some lines longer
// than a read and one many times longer, and returns its path and content.
func bigLog(t *testing.T, size int) (string, []byte) {
	t.Helper()
	var b bytes.Buffer
	for i := 0; b.Len() < size; i++ {
		pad := ""
		switch {
		case i == 1003: // many reads long
			pad = strings.Repeat("y", 24*readSize)
		case i%500 == 7: // longer than a read
			pad = strings.Repeat("x", 3*readSize)
		}
		fmt.Fprintf(&b, "{\"type\":\"text\",\"n\":%d,\"delta\":\"%s\"}\n", i, pad)
	}
	path := filepath.Join(t.TempDir(), "big.jsonl")
	if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return path, b.Bytes()
}

// In parallel or not, a large file gives the same results
// in the same order.
func TestLargeFileResults(t *testing.T) {
	withChunkSize(t, 64<<10)
	path, data := bigLog(t, 2<<20)
	var want strings.Builder
	for i := range bytes.Count(data, []byte("\n")) {
		fmt.Fprintf(&want, "%d\n", i)
	}
	for _, opts := range []Options{{Expr: ".n"}, {Expr: ".n", Workers: 1}, {Expr: "input_line_number - 1"}} {
		f, err := New(opts)
		if err != nil {
			t.Fatal(err)
		}
		var out, errOut bytes.Buffer
		res, err := f.Run([]input.Source{{Name: path, Path: path}}, IO{Stdout: &out, Stderr: &errOut, Report: func(err error) { t.Error(err) }})
		if err != nil || res.ExitCode(false) != 0 {
			t.Fatalf("%s: %v %+v", opts.Expr, err, res)
		}
		if out.String() != want.String() {
			t.Errorf("%s: results differ (%d bytes, want %d)", opts.Expr, out.Len(), want.Len())
		}
	}
}
