package rewrite

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/zsj-dev/zsj/internal/input"
	"github.com/zsj-dev/zsj/protocol"
)

// manyLines is an input of several read buffers (so several batches on
// several workers): lines to change, to keep, to report and to drop, of
// many lengths, with both line ends, a byte order mark and no final
// newline.
func manyLines() string {
	var b strings.Builder
	b.WriteString("\ufeff")
	for i := range 40000 {
		eol := "\n"
		if i%7 == 0 {
			eol = "\r\n"
		}
		pad := strings.Repeat("x", i%97)
		switch i % 5 {
		case 0:
			fmt.Fprintf(&b, "old %d %s%s", i, pad, eol)
		case 1:
			fmt.Fprintf(&b, "!bad %d%s", i, eol)
		case 2:
			fmt.Fprintf(&b, "drop %d%s", i, eol)
		default:
			fmt.Fprintf(&b, "keep %d %s%s", i, pad, eol)
		}
	}
	b.WriteString("old at the end")
	return b.String()
}

// dropOrSwap is swap that also drops lines starting with "drop", and
// fails the test when two goroutines use it at once.
func dropOrSwap(t *testing.T) Transform {
	var busy atomic.Bool
	return func(line input.Line, dst []byte) ([]byte, bool, []protocol.Problem) {
		if !busy.CompareAndSwap(false, true) {
			t.Error("a transform was used by two goroutines at once")
		}
		defer busy.Store(false)
		if bytes.HasPrefix(line.Text, []byte("drop")) {
			return nil, true, nil
		}
		out, changed, problems := swap(line, dst)
		for i := range problems {
			problems[i].Line = line.Num
		}
		return out, changed, problems
	}
}

// TestParallelMatchesSerial: lines transformed on many workers come out,
// are counted and are reported exactly as when they are transformed one
// after the other, with problems at their line numbers in the file.
func TestParallelMatchesSerial(t *testing.T) {
	in := manyLines()
	path := writeFile(t, t.TempDir(), "in.jsonl", in, 0o644)

	var serialOut bytes.Buffer
	var serial collect
	serialStats, err := Run(stdinSources, dropOrSwap(t), serial.options(Options{Mode: Stdout, Stdin: strings.NewReader(in), Out: &serialOut}))
	if err != nil {
		t.Fatal(err)
	}
	for _, workers := range []int{1, 2, 5} {
		t.Run(fmt.Sprint(workers, " workers"), func(t *testing.T) {
			var out bytes.Buffer
			var c collect
			made := 0
			newTransform := func() Transform { made++; return dropOrSwap(t) }
			stats, err := run([]input.Source{src(path)}, newTransform, workers, c.options(Options{Mode: Stdout, Out: &out}))
			if err != nil {
				t.Fatal(err)
			}
			if made != workers {
				t.Errorf("%d transforms made, want one per worker (%d)", made, workers)
			}
			if out.String() != serialOut.String() {
				t.Fatalf("the output differs from the serial run's (%d bytes, want %d)", out.Len(), serialOut.Len())
			}
			if stats != serialStats {
				t.Errorf("stats %+v, want %+v", stats, serialStats)
			}
			if len(c.problems) != len(serial.problems) || len(c.problems) != 8000 {
				t.Fatalf("%d problems, want %d (serial: %d)", len(c.problems), 8000, len(serial.problems))
			}
			for i, p := range c.problems {
				want := serial.problems[i]
				want.File = p.File
				if p != want || p.Line != 5*i+2 {
					t.Fatalf("problem %d: %+v, want %+v at line %d", i, p, want, 5*i+2)
				}
			}
		})
	}
}

// TestParallelInPlace: a file rewritten in place on many workers is the
// serial rewrite, and a file with nothing to change is not touched.
func TestParallelInPlace(t *testing.T) {
	in := manyLines()
	var want bytes.Buffer
	if _, err := Run(stdinSources, dropOrSwap(t), Options{Mode: Stdout, Stdin: strings.NewReader(in), Out: &want}); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	path := writeFile(t, dir, "in.jsonl", in, 0o644)
	same := writeFile(t, dir, "same.jsonl", strings.Repeat("keep this line\n", 30000), 0o644)
	before, _ := os.Stat(same)
	var c collect
	stats, err := run([]input.Source{src(path), src(same)}, func() Transform { return dropOrSwap(t) }, 3, c.options(Options{Mode: InPlace}))
	if err != nil {
		t.Fatal(err)
	}
	if got := readFile(t, path); got != want.String() {
		t.Fatalf("the file rewritten in place differs from the serial rewrite (%d bytes, want %d)", len(got), want.Len())
	}
	after, _ := os.Stat(same)
	if stats.FilesChanged != 1 || !after.ModTime().Equal(before.ModTime()) {
		t.Fatalf("stats %+v; the unchanged file was touched: %v", stats, !after.ModTime().Equal(before.ModTime()))
	}
	assertNoTempFiles(t, dir)
}

// TestParallelStopsOnWriteError: a closed output ends a run read ahead,
// and its pipeline, without hanging.
func TestParallelStopsOnWriteError(t *testing.T) {
	path := writeFile(t, t.TempDir(), "in.jsonl", manyLines(), 0o644)
	_, err := run([]input.Source{src(path), src(path)}, func() Transform { return dropOrSwap(t) }, 2, Options{Mode: Stdout, Out: &failingWriter{left: 1000}})
	if err == nil {
		t.Fatal("a failed write was not returned")
	}
}

// TestReadsAhead: files and a file on standard input are read ahead; a
// pipe, which may be a live producer, is not.
func TestReadsAhead(t *testing.T) {
	path := writeFile(t, t.TempDir(), "in.jsonl", "old\n", 0o644)
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	defer w.Close()
	for _, tc := range []struct {
		name  string
		src   input.Source
		stdin io.Reader
		want  bool
	}{
		{"file", src(filepath.Clean(path)), nil, true},
		{"stdin file", stdinSources[0], f, true},
		{"stdin pipe", stdinSources[0], r, false},
		{"stdin reader", stdinSources[0], strings.NewReader("old\n"), false},
	} {
		if got := readsAhead(tc.src, tc.stdin); got != tc.want {
			t.Errorf("%s: readsAhead = %v, want %v", tc.name, got, tc.want)
		}
	}
}
