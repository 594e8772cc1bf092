package filters

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/zsj-dev/zsj/internal/input"
)

// bigLog writes a log of at least size bytes, with some lines longer
// than a read and one longer than a block, and returns its path and
// content.
func bigLog(t *testing.T, size int) (string, []byte) {
	t.Helper()
	var b bytes.Buffer
	for i := 0; b.Len() < size; i++ {
		pad := ""
		switch {
		case i == 1003: // longer than a block
			pad = strings.Repeat("y", 3*blockReads*readSize)
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

func TestChunksAreWholeLines(t *testing.T) {
	withChunkSize(t, 64<<10)
	path, want := bigLog(t, 3<<20)
	gzPath := filepath.Join(t.TempDir(), "big.jsonl.gz")
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write(want)
	zw.Close()
	if err := os.WriteFile(gzPath, gz.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, src := range []input.Source{{Name: path, Path: path}, {Name: gzPath, Path: gzPath}} {
		var got []byte
		n := 0
		readChunks([]input.Source{src}, nil, readSize, func(c *chunk) bool {
			if c.err != nil {
				t.Fatalf("%s: %v", c.name, c.err)
			}
			if c.first != (n == 0) {
				t.Errorf("%s: chunk %d: first %v", src.Name, n, c.first)
			}
			if len(c.data) > 0 && !bytes.HasSuffix(c.data, []byte("\n")) {
				t.Errorf("%s: chunk %d does not end a line", src.Name, n)
			}
			got = append(got, c.data...)
			n++
			release(c.buf)
			return true
		})
		if !bytes.Equal(got, want) || n < 10 {
			t.Errorf("%s: %d chunks, %d bytes; want the %d bytes of the file in many chunks", src.Name, n, len(got), len(want))
		}
	}
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
