package pretty

import (
	"bytes"
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/zsj-dev/zsj/internal/input"
	"github.com/zsj-dev/zsj/internal/interrupt"
)

// lockedBuffer lets the test read what Follow has written so far.
type lockedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// stepTimeout bounds each wait of the tests below; they never sleep.
const stepTimeout = 10 * time.Second

// A log written in steps, one line in two halves: each event is drawn as
// soon as its line is complete and not before, exactly once and in order,
// and --exit-on-end stops after the run_end. The poller waits on the test
// instead of a clock.
func TestFollowGrowingFile(t *testing.T) {
	data, err := os.ReadFile("../testdata/v2/run.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(string(data), "\n")
	half := len(lines[6]) / 2 // line 7, the first tool_result, cut inside its output
	steps := []struct {
		write      string
		shows      []string // drawn after this step
		doesNotYet []string // not drawn yet
	}{
		{strings.Join(lines[:6], ""), []string{"▶ read_file  path=README.md"}, []string{"A CLI toolkit"}},
		{lines[6][:half], nil, []string{"A CLI toolkit", "78 B"}},
		{lines[6][half:] + strings.Join(lines[7:14], ""), []string{"A CLI toolkit", "a notes file would help"}, []string{"permission write_file"}},
		{strings.Join(lines[14:29], ""), []string{"final answer"}, []string{"run ended"}},
		{lines[29], []string{"run ended", "summary of run_20260603_abc123"}, nil},
	}

	path := filepath.Join(t.TempDir(), "run.jsonl")
	w, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	r, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()

	wait, idle, proceed := handWait()
	var out lockedBuffer
	p := NewTerminal(&out, "", DefaultOptions())
	done := make(chan error, 1)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()

	for i, step := range steps {
		if _, err := w.WriteString(step.write); err != nil {
			t.Fatal(err)
		}
		if i == 0 {
			go func() { done <- p.Follow(ctx, r, FollowOptions{ExitOnEnd: true, Wait: wait}) }()
		} else {
			proceed <- struct{}{}
		}
		if i < len(steps)-1 {
			select {
			case <-idle:
			case err := <-done:
				t.Fatalf("step %d: Follow returned early: %v", i+1, err)
			case <-time.After(stepTimeout):
				t.Fatalf("step %d: Follow never went idle", i+1)
			}
		} else {
			select {
			case err := <-done:
				if err != nil {
					t.Fatal(err)
				}
			case <-idle:
				t.Fatal("after run_end, --exit-on-end should stop instead of waiting")
			case <-time.After(stepTimeout):
				t.Fatal("Follow did not stop after the run ended")
			}
		}
		got := out.String()
		for _, s := range step.shows {
			if strings.Count(got, s) != 1 {
				t.Errorf("step %d: %q drawn %d times, want once", i+1, s, strings.Count(got, s))
			}
		}
		for _, s := range step.doesNotYet {
			if strings.Contains(got, s) {
				t.Errorf("step %d: %q drawn too early", i+1, s)
			}
		}
	}
	// Every event once, in order: the same page as reading the whole file.
	if want := renderTerminal(t, "../testdata/v2/run.jsonl", DefaultOptions()); out.String() != want {
		t.Errorf("followed output differs from the whole file's:\n%s", firstDiff(want, out.String()))
	}
}

// On a pipe, data is drawn as it comes; the end of the stream ends
// following, and a last line without a newline is still drawn.
func TestFollowPipe(t *testing.T) {
	data, err := os.ReadFile("../testdata/v2/interleaved.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	text := strings.TrimSuffix(string(data), "\n") // the last line has no newline
	pr, pw := io.Pipe()
	go func() {
		for len(text) > 0 {
			n := min(len(text), 97) // chunks that cut lines anywhere
			pw.Write([]byte(text[:n]))
			text = text[n:]
		}
		pw.Close()
	}()
	var out lockedBuffer
	p := NewTerminal(&out, "", DefaultOptions())
	// The writer never pauses for a minute, so the pipe never counts as
	// idle and the drawing is the same as for the whole file (a pause
	// would draw waiting text of the other run early).
	if err := p.Follow(context.Background(), pr, FollowOptions{Pipe: true, Poll: time.Minute}); err != nil {
		t.Fatal(err)
	}
	if want := renderTerminal(t, "../testdata/v2/interleaved.jsonl", DefaultOptions()); out.String() != want {
		t.Errorf("followed pipe differs from the whole file's:\n%s", firstDiff(want, out.String()))
	}
}

// Interrupted (the context ends) while a run is still open: following
// stops and the open run is shown as unfinished.
func TestFollowInterrupted(t *testing.T) {
	path := filepath.Join(t.TempDir(), "run.jsonl")
	data, err := os.ReadFile("../testdata/v2/failed.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(string(data), "\n")
	if err := os.WriteFile(path, []byte(strings.Join(lines[:3], "")), 0o644); err != nil {
		t.Fatal(err)
	}
	r, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	ctx, cancel := context.WithCancel(context.Background())
	wait := func(ctx context.Context) error {
		cancel() // the user presses ^C while the log is quiet
		<-ctx.Done()
		return ctx.Err()
	}
	var out lockedBuffer
	p := NewTerminal(&out, "", DefaultOptions())
	if err := p.Follow(ctx, r, FollowOptions{ExitOnEnd: true, Wait: wait}); err != nil {
		t.Fatal(err)
	}
	got := out.String()
	if !strings.Contains(got, "▶ bash") || !strings.Contains(got, "did not finish") {
		t.Errorf("want the call and the unfinished run:\n%s", got)
	}
}

// Ctrl-C seen first by the read (input reads stop at an interrupt), not
// by the context: following ends as it does for the context, not with a
// read error.
func TestFollowInterruptedInRead(t *testing.T) {
	pr, pw := io.Pipe()
	go func() {
		pw.Write([]byte("{\"a\":1}\n"))
		pw.CloseWithError(interrupt.ErrInterrupted)
	}()
	var out lockedBuffer
	p := NewTerminal(&out, "", DefaultOptions())
	if err := p.Follow(context.Background(), pr, FollowOptions{Pipe: true, Poll: time.Minute}); err != nil {
		t.Fatalf("Follow = %v; want the end of what was shown", err)
	}
}

// A read error while following names the line it happened at, as every
// other reader of inputs does.
func TestFollowReadErrorNamesTheLine(t *testing.T) {
	pr, pw := io.Pipe()
	go func() {
		pw.Write([]byte("{\"a\":1}\n{\"b\":2}\n{\"c\""))
		pw.CloseWithError(io.ErrUnexpectedEOF)
	}()
	var out lockedBuffer
	p := NewTerminal(&out, "", DefaultOptions())
	err := p.Follow(context.Background(), pr, FollowOptions{Pipe: true, Poll: time.Minute})
	var le *input.LineError
	if !errors.As(err, &le) || le.Num != 3 || !errors.Is(err, io.ErrUnexpectedEOF) {
		t.Fatalf("Follow = %v; want a read error at line 3", err)
	}
}

// handWait is a FollowOptions.Wait that hands each wait to the test: it
// sends on idle when Follow has caught up, and returns once the test
// sends on proceed (or the context ends).
func handWait() (wait func(context.Context) error, idle, proceed chan struct{}) {
	idle, proceed = make(chan struct{}), make(chan struct{})
	wait = func(ctx context.Context) error {
		select {
		case idle <- struct{}{}:
		case <-ctx.Done():
			return ctx.Err()
		}
		select {
		case <-proceed:
			return nil
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	return wait, idle, proceed
}
