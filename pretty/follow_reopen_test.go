package pretty

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// Followed by name, like tail -F: a file truncated and written again is
// read from its start, a file moved away and recreated is reopened, each
// with one notice, and nothing is read from the middle of a line.
func TestFollowTruncatedAndRotated(t *testing.T) {
	data, err := os.ReadFile("../testdata/v2/run.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(string(data), "\n")
	head := strings.Join(lines[:6], "") // draws marker once
	const marker = "▶ read_file  path=README.md"
	dir := t.TempDir()
	path := filepath.Join(dir, "run.jsonl")
	steps := []struct {
		name    string
		change  func(t *testing.T)
		markers int
		notices []string
	}{
		{"first lines", func(t *testing.T) { writeAll(t, path, strings.Join(lines[:10], "")) }, 1, nil},
		{"truncated and written again", func(t *testing.T) { writeAll(t, path, head) }, 2,
			[]string{"zsj: " + path + " was truncated; following it from its start"}},
		{"rotated", func(t *testing.T) {
			if err := os.Rename(path, path+".1"); err != nil {
				t.Fatal(err)
			}
			writeAll(t, path, head)
		}, 3, []string{"zsj: " + path + " was replaced (rotated); following the new file from its start"}},
		{"the new file grows to its end", func(t *testing.T) { appendTo(t, path, strings.Join(lines[6:], "")) }, 3, nil},
	}

	steps[0].change(t)
	r, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	wait, idle, proceed := handWait()
	var out lockedBuffer
	var mu sync.Mutex
	var notices []string
	fo := FollowOptions{ExitOnEnd: true, Wait: wait, Path: path, Notice: func(m string) {
		mu.Lock()
		notices = append(notices, m)
		mu.Unlock()
	}}
	p := NewTerminal(&out, "", DefaultOptions())
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := make(chan error, 1)
	go func() { done <- p.Follow(ctx, r, fo) }()

	for i, step := range steps {
		if i > 0 {
			step.change(t)
			proceed <- struct{}{}
		}
		if i < len(steps)-1 {
			select {
			case <-idle:
			case err := <-done:
				t.Fatalf("%s: Follow returned early: %v", step.name, err)
			case <-time.After(stepTimeout):
				t.Fatalf("%s: Follow never went idle", step.name)
			}
		} else {
			select {
			case err := <-done:
				if err != nil {
					t.Fatal(err)
				}
			case <-idle:
				t.Fatalf("%s: the run ended in the new file, Follow should stop", step.name)
			case <-time.After(stepTimeout):
				t.Fatalf("%s: Follow did not stop", step.name)
			}
		}
		got := out.String()
		if n := strings.Count(got, marker); n != step.markers {
			t.Errorf("%s: %q drawn %d times, want %d", step.name, marker, n, step.markers)
		}
		mu.Lock()
		seen := notices
		notices = nil
		mu.Unlock()
		if strings.Join(seen, "\n") != strings.Join(step.notices, "\n") {
			t.Errorf("%s: notices %q, want %q", step.name, seen, step.notices)
		}
		if strings.Contains(got, "invalid") {
			t.Fatalf("%s: a line was read from the middle:\n%s", step.name, got)
		}
	}
}

// writeAll replaces path's content in place (same file: truncate, write),
// as a logger reopening with O_TRUNC does.
func writeAll(t *testing.T, path, s string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(s), 0o644); err != nil {
		t.Fatal(err)
	}
}

func appendTo(t *testing.T, path, s string) {
	t.Helper()
	f, err := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := f.WriteString(s); err != nil {
		t.Fatal(err)
	}
}
