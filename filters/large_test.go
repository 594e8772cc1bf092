package filters

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
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

// An input that cannot be opened or breaks off is reported, naming the
// file and, for a break, the line; the inputs after it are still read, in
// parallel runs and sequential ones alike.
func TestUnreadableInputsAreReported(t *testing.T) {
	dir := t.TempDir()
	write := func(name string, data []byte) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	var log bytes.Buffer
	for i := 1; i <= 5000; i++ {
		fmt.Fprintf(&log, "{\"n\":%d}\n", i)
	}
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write(log.Bytes())
	zw.Close()
	a := write("a.jsonl", []byte("{\"n\":1}\n{\"n\":2}\n"))
	broken := write("broken.jsonl.gz", gz.Bytes()[:gz.Len()/2])
	b := write("b.jsonl", []byte("{\"n\":3}\n"))
	missing := filepath.Join(dir, "missing.jsonl")
	sources := []input.Source{{Name: a, Path: a}, {Name: missing, Path: missing}, {Name: broken, Path: broken}, {Name: b, Path: b}}
	brokenAt := regexp.MustCompile(`^` + regexp.QuoteMeta(broken) + `: line (\d+): unexpected EOF$`)
	for _, opts := range []Options{{Expr: ".n"}, {Expr: "input_line_number"}} {
		t.Run(opts.Expr, func(t *testing.T) {
			f, err := New(opts)
			if err != nil {
				t.Fatal(err)
			}
			var out bytes.Buffer
			var reports []string
			res, err := f.Run(sources, IO{Stdout: &out, Stderr: io.Discard, Report: func(err error) { reports = append(reports, err.Error()) }})
			if err != nil {
				t.Fatal(err)
			}
			lines := strings.Split(strings.TrimSpace(out.String()), "\n")
			if len(reports) != 2 || reports[0] != "open "+missing+": no such file or directory" || !brokenAt.MatchString(reports[1]) {
				t.Fatalf("reports %q", reports)
			}
			// The line named is the first one not read whole.
			read := len(lines) - 3 // a's two lines and b's one
			if m := brokenAt.FindStringSubmatch(reports[1]); m[1] != fmt.Sprint(read+1) {
				t.Errorf("%d lines of the broken file read, the error names line %s", read, m[1])
			}
			if lines[len(lines)-1] != map[string]string{".n": "3", "input_line_number": "1"}[opts.Expr] {
				t.Errorf("the input after the broken one was not read: ...%q", lines[max(0, len(lines)-3):])
			}
			if res.Unreadable != 2 || res.ExitCode(false) != ExitInput {
				t.Errorf("result %+v", res)
			}
		})
	}
}
