package rewrite

import (
	"bytes"
	"compress/gzip"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/klauspost/compress/zstd"

	"github.com/zsj-dev/zsj/internal/input"
	"github.com/zsj-dev/zsj/protocol"
)

// swap is the transform of these tests: "old" becomes "NEW" (a change of
// length, so offsets matter), and a line starting with "!" is kept and
// reported as an error, like a line that is not an event.
func swap(line input.Line, dst []byte) ([]byte, bool, []protocol.Problem) {
	if bytes.HasPrefix(line.Text, []byte("!")) {
		return dst, false, []protocol.Problem{{Rule: "bang", Severity: protocol.Error, Message: "bad line"}}
	}
	if !bytes.Contains(line.Text, []byte("old")) {
		return dst, false, nil
	}
	dst = append(dst, bytes.ReplaceAll(line.Text, []byte("old"), []byte("NEW"))...)
	return dst, true, nil
}

// collect records what Run reports.
type collect struct {
	problems []protocol.Problem
	files    []FileResult
}

func (c *collect) options(o Options) Options {
	o.Report = func(p protocol.Problem) { c.problems = append(c.problems, p) }
	o.OnFile = func(r FileResult) { c.files = append(c.files, r) }
	return o
}

func TestStdoutKeepsEveryOtherByte(t *testing.T) {
	for _, tc := range []struct {
		name, in, want string
	}{
		{"lf", "a old\nkeep\n", "a NEW\nkeep\n"},
		{"crlf", "old\r\nkeep\r\nold", "NEW\r\nkeep\r\nNEW"},
		{"bom on a changed line", "\ufeffold\n", "\ufeffNEW\n"},
		{"bom on a kept line", "\ufeffkeep\nold\n", "\ufeffkeep\nNEW\n"},
		{"blank lines and a lone cr", "\n  \nx\rold\n", "\n  \nx\rNEW\n"},
		{"no final newline", "keep\nold", "keep\nNEW"},
		{"empty", "", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var out bytes.Buffer
			var c collect
			stats, err := Run(stdinSources, swap, c.options(Options{Mode: Stdout, Stdin: strings.NewReader(tc.in), Out: &out}))
			if err != nil {
				t.Fatal(err)
			}
			if out.String() != tc.want {
				t.Fatalf("got %q, want %q", out.String(), tc.want)
			}
			if want := strings.Count(tc.in, "old"); stats.LinesChanged != want {
				t.Fatalf("LinesChanged %d, want %d", stats.LinesChanged, want)
			}
		})
	}
}

var stdinSources = []input.Source{{Name: input.StdinName, Explicit: true}}

func TestStreamModes(t *testing.T) {
	dir := t.TempDir()
	plain := writeFile(t, dir, "a.jsonl", "old 1\n!bad\nkeep\n", 0o644)
	gz := writeFile(t, dir, "b.jsonl.gz", gzipText(t, "old 2\n"), 0o644)
	zs := writeFile(t, dir, "c.jsonl.zst", zstdText(t, "keep\r\nold 3"), 0o644)
	missing := filepath.Join(dir, "missing.jsonl")
	sources := []input.Source{src(plain), src(missing), src(gz), src(zs)}
	all := "old 1\n!bad\nkeep\nold 2\nkeep\r\nold 3"
	allNew := strings.ReplaceAll(all, "old", "NEW")

	for _, tc := range []struct {
		name   string
		opts   Options
		output string // OutputFile: the file written, compressed as named
		want   string
	}{
		{name: "stdout", opts: Options{Mode: Stdout}, want: allNew},
		{name: "stdout strict leaves out the file with a bad line", opts: Options{Mode: Stdout, Strict: true},
			want: "NEW 2\nkeep\r\nNEW 3"},
		{name: "output file", opts: Options{Mode: OutputFile}, output: "out.jsonl", want: allNew},
		{name: "output file gz", opts: Options{Mode: OutputFile}, output: "out.jsonl.gz", want: allNew},
		{name: "output file zst strict", opts: Options{Mode: OutputFile, Strict: true}, output: "out.jsonl.zst",
			want: "NEW 2\nkeep\r\nNEW 3"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var out bytes.Buffer
			var c collect
			opts := c.options(tc.opts)
			opts.Out = &out
			if tc.output != "" {
				opts.Output = filepath.Join(t.TempDir(), tc.output)
			}
			stats, err := Run(sources, swap, opts)
			if err != nil {
				t.Fatal(err)
			}
			got := out.String()
			if tc.output != "" {
				got = readDecompressed(t, opts.Output)
			}
			if got != tc.want {
				t.Fatalf("got %q, want %q", got, tc.want)
			}
			want := Stats{Files: 3, FilesChanged: 3, Lines: 6, LinesChanged: 3, ProblemLines: 1, Failed: 1}
			if tc.opts.Strict {
				want.FilesChanged, want.LinesChanged, want.Refused = 2, 2, 1
			}
			if stats != want {
				t.Fatalf("stats %+v, want %+v", stats, want)
			}
			if len(c.problems) != 1 || c.problems[0].File != plain || c.problems[0].Line != 2 {
				t.Fatalf("problems %+v, want one at %s:2", c.problems, plain)
			}
			if len(c.files) != 4 || c.files[1].Err == nil {
				t.Fatalf("file results %+v: want 4, the second failed", c.files)
			}
			if before := readFile(t, plain); before != "old 1\n!bad\nkeep\n" {
				t.Fatalf("an input was modified: %q", before)
			}
		})
	}
}

func TestOutputFileNotCreatedWithoutInput(t *testing.T) {
	out := filepath.Join(t.TempDir(), "out.jsonl")
	var c collect
	_, err := Run([]input.Source{src(filepath.Join(t.TempDir(), "missing.jsonl"))}, swap, c.options(Options{Mode: OutputFile, Output: out}))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Fatalf("output file exists though nothing was read: %v", err)
	}
	if len(c.files) != 1 || c.files[0].Err == nil {
		t.Fatalf("the missing input was not reported: %+v", c.files)
	}
}

func TestDryRunWritesNothing(t *testing.T) {
	dir := t.TempDir()
	a := writeFile(t, dir, "a.jsonl", "old\nold\n!bad\n", 0o644)
	b := writeFile(t, dir, "b.jsonl", "keep\n", 0o644)
	before := snapshot(t, dir)
	var c collect
	stats, err := Run([]input.Source{src(a), src(b)}, swap, c.options(Options{Mode: DryRun}))
	if err != nil {
		t.Fatal(err)
	}
	if want := (Stats{Files: 2, FilesChanged: 1, Lines: 4, LinesChanged: 2, ProblemLines: 1}); stats != want {
		t.Fatalf("stats %+v, want %+v", stats, want)
	}
	if c.files[0].Changed != 2 || c.files[1].Changed != 0 {
		t.Fatalf("per-file counts %+v", c.files)
	}
	if after := snapshot(t, dir); after != before {
		t.Fatalf("dry run changed the folder:\n%s\n%s", before, after)
	}
}

func TestStdoutStopsOnWriteError(t *testing.T) {
	dir := t.TempDir()
	big := writeFile(t, dir, "big.jsonl", strings.Repeat("old line\n", 200_000), 0o644)
	second := writeFile(t, dir, "second.jsonl", "old\n", 0o644)
	var c collect
	_, err := Run([]input.Source{src(big), src(second)}, swap, c.options(Options{Mode: Stdout, Out: &failingWriter{left: 1000}}))
	if err != errDiskFull {
		t.Fatalf("got %v, want the writer's error", err)
	}
	if len(c.files) != 1 {
		t.Fatalf("went on after the output failed: %d files done", len(c.files))
	}
}

func src(path string) input.Source { return input.Source{Name: path, Path: path, Explicit: true} }

func writeFile(t *testing.T, dir, name, content string, perm os.FileMode) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte(content), perm); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(p, perm); err != nil { // past the umask
		t.Fatal(err)
	}
	return p
}

func readFile(t *testing.T, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// readDecompressed reads a file through input, as zsj would.
func readDecompressed(t *testing.T, path string) string {
	t.Helper()
	s, err := input.Open(src(path), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	data, err := io.ReadAll(s)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

func gzipText(t *testing.T, text string) string {
	t.Helper()
	var b bytes.Buffer
	w := gzip.NewWriter(&b)
	w.Write([]byte(text))
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

func zstdText(t *testing.T, text string) string {
	t.Helper()
	var b bytes.Buffer
	w, err := zstd.NewWriter(&b)
	if err != nil {
		t.Fatal(err)
	}
	w.Write([]byte(text))
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// snapshot lists a folder's entries with their sizes, modes, mtimes and
// content, to show that nothing in it changed.
func snapshot(t *testing.T, dir string) string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	for _, e := range entries {
		info, err := e.Info()
		if err != nil {
			t.Fatal(err)
		}
		content, _ := os.ReadFile(filepath.Join(dir, e.Name()))
		b.WriteString(e.Name() + " " + info.Mode().String() + " " + info.ModTime().String() + " " + string(content) + "\n")
	}
	return b.String()
}

var errDiskFull = syscall.ENOSPC

// failingWriter accepts left bytes, then fails like a full disk.
type failingWriter struct {
	w    io.Writer
	left int
}

func (f *failingWriter) Write(p []byte) (int, error) {
	if len(p) > f.left {
		n := f.left
		if f.w != nil {
			f.w.Write(p[:n])
		}
		f.left = 0
		return n, errDiskFull
	}
	f.left -= len(p)
	if f.w != nil {
		return f.w.Write(p)
	}
	return len(p), nil
}

func TestOutputFileWriteFailsMidway(t *testing.T) {
	dir := t.TempDir()
	in := writeFile(t, dir, "in.jsonl", strings.Repeat("old line\n", 100_000), 0o644)
	outDir := t.TempDir()
	out := writeFile(t, outDir, "out.jsonl", "previous\n", 0o644)
	wrapOutput = func(w io.Writer) io.Writer { return &failingWriter{w: w, left: 100} }
	defer func() { wrapOutput = func(w io.Writer) io.Writer { return w } }()
	var c collect
	_, err := Run([]input.Source{src(in)}, swap, c.options(Options{Mode: OutputFile, Output: out}))
	if !errors.Is(err, errDiskFull) || !strings.Contains(err.Error(), out) {
		t.Fatalf("got %v, want the write error naming the output", err)
	}
	if got := readFile(t, out); got != "previous\n" {
		t.Fatalf("the output file was replaced by a partial write: %q", got[:min(len(got), 40)])
	}
	assertNoTempFiles(t, outDir)
}

// Lines from a live producer on stdin come out before zsj waits for the
// next ones: the output is flushed before every read of stdin.
func TestStdoutFlushesBeforeWaitingOnStdin(t *testing.T) {
	var out bytes.Buffer
	stdin := &liveProducer{chunks: []string{"old 1\n", "old 2\n"}, out: &out}
	if _, err := Run(stdinSources, swap, Options{Mode: Stdout, Stdin: stdin, Out: &out}); err != nil {
		t.Fatal(err)
	}
	want := []string{"", "NEW 1\n", "NEW 1\nNEW 2\n"}
	if strings.Join(stdin.seen, "|") != strings.Join(want, "|") {
		t.Fatalf("output seen before each read: %q, want %q", stdin.seen, want)
	}
}

// liveProducer hands out one chunk per read and records what the output
// held at the moment of each read.
type liveProducer struct {
	chunks []string
	out    *bytes.Buffer
	seen   []string
}

func (l *liveProducer) Read(p []byte) (int, error) {
	l.seen = append(l.seen, l.out.String())
	if len(l.chunks) == 0 {
		return 0, io.EOF
	}
	n := copy(p, l.chunks[0])
	l.chunks = l.chunks[1:]
	return n, nil
}

// TestDropLine: a transform that returns nil, true removes the line and
// its line end; the lines around it are untouched.
func TestDropLine(t *testing.T) {
	drop := func(line input.Line, dst []byte) ([]byte, bool, []protocol.Problem) {
		if bytes.HasPrefix(line.Text, []byte("drop")) {
			return nil, true, nil
		}
		return swap(line, dst)
	}
	for _, tc := range []struct{ name, in, want string }{
		{"middle", "a\ndrop me\nold\n", "a\nNEW\n"},
		{"crlf", "a\r\ndrop\r\nb", "a\r\nb"},
		{"last without newline", "a\ndrop", "a\n"},
		{"first after a bom", "\ufeffdrop\nb\n", "\ufeffb\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var out bytes.Buffer
			if _, err := Run(stdinSources, drop, Options{Mode: Stdout, Stdin: strings.NewReader(tc.in), Out: &out}); err != nil {
				t.Fatal(err)
			}
			if out.String() != tc.want {
				t.Fatalf("got %q, want %q", out.String(), tc.want)
			}
		})
	}
}
