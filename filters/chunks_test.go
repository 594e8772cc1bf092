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
// than a chunk, and returns its path and content.
func bigLog(t *testing.T, size int) (string, []byte) {
	t.Helper()
	var b bytes.Buffer
	for i := 0; b.Len() < size; i++ {
		pad := ""
		if i%500 == 7 {
			pad = strings.Repeat("x", 3*chunkSize)
		}
		fmt.Fprintf(&b, "{\"type\":\"text\",\"n\":%d,\"delta\":\"%s\"}\n", i, pad)
	}
	path := filepath.Join(t.TempDir(), "big.jsonl")
	if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return path, b.Bytes()
}

// collect reads sources into chunks and checks that each chunk is whole
// lines.
func collect(t *testing.T, sources []input.Source, stdin *os.File) (chunks []*chunk, mapped int) {
	t.Helper()
	readChunks(sources, stdin, func(c *chunk) bool {
		if c.err != nil {
			t.Fatalf("%s: %v", c.name, c.err)
		}
		chunks = append(chunks, c)
		return true
	}, func(unmap func()) { mapped++; t.Cleanup(unmap) })
	return chunks, mapped
}

func TestChunksOfMappedAndReadFiles(t *testing.T) {
	withChunkSize(t, 64<<10)
	path, want := bigLog(t, 3*minMapped)
	gzPath := filepath.Join(t.TempDir(), "big.jsonl.gz")
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write(want)
	zw.Close()
	if err := os.WriteFile(gzPath, gz.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	stdin, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer stdin.Close()
	for _, tc := range []struct {
		name       string
		src        input.Source
		wantMapped int
	}{
		{"a file is mapped", input.Source{Name: path, Path: path}, 1},
		{"stdin that is a file is mapped", input.Source{Name: input.StdinName}, 1},
		{"a compressed file is read", input.Source{Name: gzPath, Path: gzPath}, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			chunks, mapped := collect(t, []input.Source{tc.src}, stdin)
			if mapped != tc.wantMapped {
				t.Errorf("%d files mapped, want %d", mapped, tc.wantMapped)
			}
			var got []byte
			for i, c := range chunks {
				if c.first != (i == 0) {
					t.Errorf("chunk %d: first %v", i, c.first)
				}
				if i < len(chunks)-1 && !bytes.HasSuffix(c.data, []byte("\n")) {
					t.Errorf("chunk %d does not end a line", i)
				}
				got = append(got, c.data...)
			}
			if !bytes.Equal(got, want) || len(chunks) < 10 {
				t.Errorf("%d chunks, %d bytes; want the %d bytes of the file in many chunks", len(chunks), len(got), len(want))
			}
		})
	}
}

// A mapped file that shrinks while it is read is a read error, not a
// crash.
func TestMappedFileShrinking(t *testing.T) {
	withChunkSize(t, 64<<10)
	path, _ := bigLog(t, 2*minMapped)
	var errs []error
	n := 0
	readChunks([]input.Source{{Name: path, Path: path}}, nil, func(c *chunk) bool {
		if c.err != nil {
			errs = append(errs, c.err)
			return true
		}
		if n++; n == 1 {
			if err := os.Truncate(path, 0); err != nil {
				t.Fatal(err)
			}
		}
		return true
	}, func(unmap func()) { t.Cleanup(unmap) })
	if len(errs) != 1 || !strings.Contains(errs[0].Error(), "shrank") {
		t.Errorf("errors %v, want one saying the file shrank", errs)
	}
}

// Mapped or read, in parallel or not, a large file gives the same results
// in the same order.
func TestLargeFileResults(t *testing.T) {
	withChunkSize(t, 64<<10)
	path, data := bigLog(t, 2*minMapped)
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
