package faults

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// syncBuffer is a bytes.Buffer the test reads while zsj writes to it.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// waitFor waits until cond holds, or fails after a while.
func waitFor(t *testing.T, what string, cond func() bool) bool {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); {
		if cond() {
			return true
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Errorf("gave up waiting for %s", what)
	return false
}

// pretty -f on a log that is truncated and written again, then rotated
// (moved away, a new one created): each time the new content is drawn
// from its start, with one notice, and nothing is read from mid-line.
func TestFollowTruncatedAndRotated(t *testing.T) {
	dir := t.TempDir()
	data, err := os.ReadFile("../../testdata/v2/run.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(string(data), "\n")
	head := strings.Join(lines[:6], "")
	const marker = "▶ read_file  path=README.md"
	path := filepath.Join(dir, "run.jsonl")
	writeFile(t, path, []byte(strings.Join(lines[:10], "")))

	cmd := exec.Command(zsj, "pretty", "-f", "--exit-on-end", "--color", "never", "run.jsonl")
	cmd.Dir = dir
	var out, errOut syncBuffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	markers := func(n int) func() bool { return func() bool { return strings.Count(out.String(), marker) == n } }

	tries, lost := 0, 0
	waitFor(t, "the first lines", markers(1))
	tries++
	writeFile(t, path, []byte(head)) // truncated, then written again
	if !waitFor(t, "the truncated file read again", markers(2)) {
		lost++
	}
	tries++
	if err := os.Rename(path, path+".1"); err != nil {
		t.Fatal(err)
	}
	writeFile(t, path, []byte(head))
	if !waitFor(t, "the new file after rotation", markers(3)) {
		lost++
	}
	f, err := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString(strings.Join(lines[6:], ""))
	f.Close()
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("pretty -f: %v; stderr %q", err, errOut.String())
		}
	case <-time.After(10 * time.Second):
		t.Error("pretty -f --exit-on-end did not stop at the new file's run_end")
	}
	wantNotices := "zsj: run.jsonl was truncated; following it from its start\n" +
		"zsj: run.jsonl was replaced (rotated); following the new file from its start\n"
	if got := errOut.String(); got != wantNotices {
		t.Errorf("stderr %q, want the two notices %q", got, wantNotices)
	}
	if strings.Contains(out.String(), "invalid") {
		t.Errorf("a line was read from its middle:\n%s", out.String())
		lost++
	}
	record(t, result{
		Fault:     "`pretty -f` on a log truncated, then rotated, while followed",
		Tries:     tries,
		Outcome:   "new content drawn from its start, one notice each; nothing read mid-line",
		DataLost:  lost,
		Leftovers: leftovers(t, dir, "run.jsonl", "run.jsonl.1"),
	})
}
