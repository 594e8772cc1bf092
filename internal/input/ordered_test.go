package input

import (
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// pipelineInputs writes the inputs of a pipeline test: plain, gzip and
// zstd files, stdin, and one missing file between them. Line 1 of each
// has a byte order mark, some lines end in CRLF, one is far longer than a
// chunk, and the last has no newline. want is what reading them one line
// at a time gives, with open errors in their place.
func pipelineInputs(t *testing.T) (sources []Source, stdin string, want []string) {
	t.Helper()
	dir := t.TempDir()
	text := func(name string, lines int) string {
		var b strings.Builder
		b.WriteString("\xef\xbb\xbf")
		for i := 1; i <= lines; i++ {
			switch {
			case i == 40:
				fmt.Fprintf(&b, "%s %d %s\n", name, i, strings.Repeat("x", 5000))
			case i%3 == 0:
				fmt.Fprintf(&b, "%s %d\r\n", name, i)
			case i%7 == 0:
				b.WriteString("\n")
			default:
				fmt.Fprintf(&b, "%s %d\n", name, i)
			}
		}
		fmt.Fprintf(&b, "%s last", name)
		return b.String()
	}
	missing := filepath.Join(dir, "missing.jsonl")
	stdin = text("stdin", 300)
	inputs := []struct {
		src  Source
		text string
	}{
		{writeFile(t, dir, "a.jsonl", []byte(text("a", 500))), text("a", 500)},
		{Source{Name: missing, Path: missing}, ""},
		{writeFile(t, dir, "b.jsonl.gz", compress(t, Gzip, text("b", 700))), text("b", 700)},
		{writeFile(t, dir, "empty.jsonl", nil), ""},
		{Source{Name: StdinName, Explicit: true}, stdin},
		{writeFile(t, dir, "c.jsonl.zst", compress(t, Zstd, text("c", 90))), text("c", 90)},
	}
	for _, in := range inputs {
		sources = append(sources, in.src)
		if in.src.Path == missing {
			want = append(want, "error: open "+missing+": no such file or directory")
			continue
		}
		for _, l := range linesByNext(t, []byte(in.text)) {
			want = append(want, fmt.Sprintf("%s:%d: %q %q %v", in.src.Name, l.Num, l.Text, l.EOL, l.BOM))
		}
	}
	return sources, stdin, want
}

// An ordered run gives every line of many sources once, in input order,
// numbered within its source, with open errors at their place: whatever
// the workers and however small the chunks.
func TestOrderedKeepsOrderAcrossSources(t *testing.T) {
	sources, stdin, want := pipelineInputs(t)
	for _, workers := range []int{1, 3} {
		for _, size := range []int{1, 64, 4096} {
			for _, local := range []bool{false, true} {
				orderedAcrossSources(t, sources, stdin, want, workers, size, local)
			}
		}
	}
}

func orderedAcrossSources(t *testing.T, sources []Source, stdin string, want []string, workers, size int, local bool) {
	t.Run(fmt.Sprintf("%d workers, %d-byte reads, done on workers %v", workers, size, local), func(t *testing.T) {
		var got []string
		o := Ordered{
			Workers: workers, ChunkSize: size, Stdin: strings.NewReader(stdin), DoneOnWorkers: local,
			Work: func(_ int, c *Chunk) {
				var lines []Line
				var l Line
				for sp := c.Splitter(); sp.Next(&l); {
					lines = append(lines, l)
				}
				c.Out = lines
			},
			Done: func(c *Chunk) error {
				for _, l := range c.Out.([]Line) {
					got = append(got, fmt.Sprintf("%s:%d: %q %q %v", c.Source.Name, c.Base+l.Num, l.Text, l.EOL, l.BOM))
				}
				return nil
			},
			Failed: func(_ Source, err error) { got = append(got, "error: "+err.Error()) },
		}
		if err := o.Run(sources); err != nil {
			t.Fatal(err)
		}
		if diff := firstDiff(got, want); diff != "" {
			t.Fatal(diff)
		}
	})
}

// A Scanner gives the same lines, numbers and errors as an ordered run.
func TestScannerKeepsOrderAcrossSources(t *testing.T) {
	sources, stdin, want := pipelineInputs(t)
	for _, size := range []int{1, 64, 4096} {
		var got []string
		s := &Scanner{
			Sources: sources, Stdin: strings.NewReader(stdin), ChunkSize: size,
			Failed: func(_ Source, err error) { got = append(got, "error: "+err.Error()) },
		}
		var l Line
		for s.Next(&l) {
			src, num := s.Position()
			if num != l.Num {
				t.Fatalf("Position says line %d, the line is %d", num, l.Num)
			}
			got = append(got, fmt.Sprintf("%s:%d: %q %q %v", src.Name, l.Num, l.Text, l.EOL, l.BOM))
		}
		s.Close()
		if diff := firstDiff(got, want); diff != "" {
			t.Fatalf("%d-byte reads: %s", size, diff)
		}
	}
}

func firstDiff(got, want []string) string {
	for i := range min(len(got), len(want)) {
		if got[i] != want[i] {
			return fmt.Sprintf("entry %d:\ngot  %s\nwant %s", i, got[i], want[i])
		}
	}
	if len(got) != len(want) {
		return fmt.Sprintf("%d entries, want %d", len(got), len(want))
	}
	return ""
}

// A source that breaks off is reported once, naming the file and the line
// it broke off in, after the lines before it (a partial line is dropped);
// the next source goes on.
func TestReadErrorNamesFileAndLine(t *testing.T) {
	dir := t.TempDir()
	gz := compress(t, Gzip, logText)
	brokenGzip := writeFile(t, dir, "broken.jsonl.gz", gz[:len(gz)/2])
	next := writeFile(t, dir, "next.jsonl", []byte("{}\n"))
	stdin := Source{Name: StdinName, Explicit: true}
	broken := errors.New("disk on fire")
	for _, tc := range []struct {
		name    string
		sources []Source
		stdin   func() io.Reader // a fresh one for each run
		want    string           // "" when only the numbers are checked
	}{
		{"partial line", []Source{stdin, next}, func() io.Reader { return ioErrAfter("one\ntwo\nthr", broken) }, "2 lines, then <stdin>: line 3: disk on fire, then 1 line"},
		{"whole lines", []Source{stdin, next}, func() io.Reader { return ioErrAfter("one\ntwo\n", broken) }, "2 lines, then <stdin>: line 3: disk on fire, then 1 line"},
		{"corrupt gzip", []Source{brokenGzip, next}, func() io.Reader { return nil }, ""},
	} {
		for _, local := range []bool{false, true} {
			t.Run(fmt.Sprintf("%s, done on workers %v", tc.name, local), func(t *testing.T) {
				readErrorOnce(t, tc.sources, tc.stdin, tc.want, local)
			})
		}
	}
}

func readErrorOnce(t *testing.T, sources []Source, stdin func() io.Reader, want string, local bool) {
	var got strings.Builder
	count := 0
	o := Ordered{
		Workers: 2, ChunkSize: 512, Stdin: stdin(), DoneOnWorkers: local,
		Work: func(_ int, c *Chunk) {
			var l Line
			for sp := c.Splitter(); sp.Next(&l); {
			}
		},
		Done: func(c *Chunk) error {
			count += c.Lines
			return nil
		},
		Failed: func(src Source, err error) {
			var le *LineError
			if !errors.As(err, &le) || le.Num != count+1 || !strings.HasPrefix(err.Error(), fmt.Sprintf("%s: line %d: ", src.Name, le.Num)) {
				t.Errorf("after %d lines, the read error %q", count, err)
			}
			fmt.Fprintf(&got, "%d lines, then %v, then ", count, err)
			count = 0
		},
	}
	if err := o.Run(sources); err != nil {
		t.Fatal(err)
	}
	fmt.Fprintf(&got, "%d line", count)
	if strings.Count(got.String(), "then") != 2 {
		t.Errorf("not one read error: %s", got.String())
	}
	if want != "" && got.String() != want {
		t.Errorf("got  %s\nwant %s", got.String(), want)
	}
}

// blockingReader returns its text, then blocks forever, like a terminal
// or a pipe whose writer has nothing more to say.
type blockingReader struct{ text string }

func (r *blockingReader) Read(p []byte) (int, error) {
	if r.text == "" {
		select {}
	}
	n := copy(p, r.text)
	r.text = r.text[n:]
	return n, nil
}

// A failing Done ends the run at once, even with the reader blocked on an
// input that never ends; Part sees the parts a chunk sends, in order,
// before Done sees the chunk.
func TestOrderedStopsEarly(t *testing.T) {
	stop := errors.New("stop")
	var got []string
	o := Ordered{
		Workers: 2, ChunkSize: 16,
		Stdin: &blockingReader{"a\nb\nc\nd\n"},
		Work: func(_ int, c *Chunk) {
			var l Line
			for sp := c.Splitter(); sp.Next(&l); {
				c.Send(string(l.Text))
			}
		},
		Part: func(c *Chunk, p any) error {
			got = append(got, p.(string))
			return nil
		},
		Done: func(c *Chunk) error {
			if len(got) >= 2 {
				return stop
			}
			return nil
		},
	}
	if err := runWithin(t, &o, []Source{{Name: StdinName}}); err != stop {
		t.Fatalf("Run returned %v, want Done's error", err)
	}
	if len(got) < 2 || got[0] != "a" || got[1] != "b" {
		t.Errorf("parts %q", got)
	}
}

// A Scanner reads nothing until a line is asked for, and Close does not
// wait for a reader blocked on its input.
func TestScannerIsLazy(t *testing.T) {
	s := &Scanner{Sources: []Source{{Name: StdinName}}, Stdin: readerFunc(func([]byte) (int, error) {
		t.Error("the scanner read with no line asked for")
		return 0, io.EOF
	})}
	s.Close()

	// (Open waits for the four bytes that tell the compression.)
	s = &Scanner{Sources: []Source{{Name: StdinName}}, Stdin: &blockingReader{"abcd\n"}}
	var l Line
	if !s.Next(&l) || string(l.Text) != "abcd" {
		t.Fatalf("first line %q", l.Text)
	}
	s.Close() // the reader is blocked: this must not hang
}

// Stopped ends a Scanner's lines early.
func TestScannerStops(t *testing.T) {
	n := 0
	s := &Scanner{Sources: []Source{{Name: StdinName}}, Stdin: strings.NewReader("a\nb\nc\n"), Stopped: func() bool { return n == 2 }}
	defer s.Close()
	var l Line
	for s.Next(&l) {
		n++
	}
	if n != 2 {
		t.Errorf("%d lines, want 2", n)
	}
}

// dataWithError returns its data and its error from one Read, as io.Reader
// allows.
type dataWithError struct {
	data string
	err  error
}

func (r *dataWithError) Read(p []byte) (int, error) {
	if r.data == "" {
		return 0, r.err
	}
	n := copy(p, r.data)
	r.data = r.data[n:]
	if r.data == "" {
		return n, r.err
	}
	return n, nil
}

type readerFunc func([]byte) (int, error)

func (f readerFunc) Read(p []byte) (int, error) { return f(p) }

// With Done on the workers, a failing Done still ends the run at once,
// with the reader blocked on an input that never ends.
func TestOrderedDoneOnWorkersStopsEarly(t *testing.T) {
	stop := errors.New("stop")
	lines := 0
	o := Ordered{
		Workers: 2, ChunkSize: 4, DoneOnWorkers: true,
		Stdin: &blockingReader{"a\nb\nc\nd\n"},
		Work: func(_ int, c *Chunk) {
			var l Line
			for sp := c.Splitter(); sp.Next(&l); {
			}
		},
		Done: func(c *Chunk) error {
			if lines += c.Lines; lines >= 2 {
				return stop
			}
			return nil
		},
	}
	if err := runWithin(t, &o, []Source{{Name: StdinName}}); err != stop {
		t.Fatalf("Run returned %v, want Done's error", err)
	}
}

// runWithin runs o over sources and returns what Run returned, failing
// the test when the run has not ended in 10 s.
func runWithin(t *testing.T, o *Ordered, sources []Source) error {
	t.Helper()
	done := make(chan error, 1) // the run may end after the test
	go func() { done <- o.Run(sources) }()
	select {
	case err := <-done:
		return err
	case <-time.After(10 * time.Second):
		t.Fatal("the run does not end: it waits for input it no longer needs")
		return nil
	}
}

// Sources that cannot be opened are no work for the workers: many of them
// in a row, more than the chunks in flight, are still reported, in order,
// between the lines of the others, and the run ends.
func TestOrderedDoneOnWorkersManyUnopened(t *testing.T) {
	dir := t.TempDir()
	var sources []Source
	var want []string
	for i := range 30 {
		if i%10 == 0 {
			src := writeFile(t, dir, fmt.Sprintf("%d.jsonl", i), []byte("x\n"))
			sources = append(sources, src)
			want = append(want, src.Name+":1")
			continue
		}
		path := filepath.Join(dir, fmt.Sprintf("missing-%d.jsonl", i))
		sources = append(sources, Source{Name: path, Path: path})
		want = append(want, "open "+path+": no such file or directory")
	}
	for _, workers := range []int{1, 2} {
		var got []string
		o := Ordered{
			Workers: workers, InFlight: 1, DoneOnWorkers: true,
			Work: func(_ int, c *Chunk) {
				var l Line
				for sp := c.Splitter(); sp.Next(&l); {
				}
			},
			Done: func(c *Chunk) error {
				for i := range c.Lines {
					got = append(got, fmt.Sprintf("%s:%d", c.Source.Name, c.Base+i+1))
				}
				return nil
			},
			Failed: func(_ Source, err error) { got = append(got, err.Error()) },
		}
		if err := runWithin(t, &o, sources); err != nil {
			t.Fatal(err)
		}
		if diff := firstDiff(got, want); diff != "" {
			t.Fatalf("%d workers: %s", workers, diff)
		}
	}
}

// With Done on the workers, a stream that is not a plain file (standard
// input here, as a decompressor or a pipe) is still read ahead of the
// workers: the one worker is still on the first chunk when the next
// reads come.
func TestOrderedDoneOnWorkersReadsStreamsAhead(t *testing.T) {
	reads := make(chan struct{}, 1000)
	in := strings.NewReader(strings.Repeat("a line\n", 100000))
	o := Ordered{
		// Reads of 4 KB go straight to the stream, past the peek buffer.
		Workers: 1, ChunkSize: 4096, InFlight: 4, DoneOnWorkers: true,
		Stdin: readerFunc(func(p []byte) (int, error) {
			reads <- struct{}{}
			return in.Read(p)
		}),
		Work: func(_ int, c *Chunk) {
			if c.Start {
				for range 3 { // the peek, and two reads ahead
					select {
					case <-reads:
					case <-time.After(5 * time.Second):
						t.Error("the stream is not read ahead of the worker")
						return
					}
				}
			}
			var l Line
			for sp := c.Splitter(); sp.Next(&l); {
			}
		},
		Done: func(*Chunk) error { return nil },
	}
	if err := o.Run([]Source{{Name: StdinName, Explicit: true}}); err != nil {
		t.Fatal(err)
	}
}
