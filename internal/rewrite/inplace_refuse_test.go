//go:build unix

package rewrite

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/zsj-dev/zsj/internal/atomicfile"
	"github.com/zsj-dev/zsj/internal/input"
)

// A FIFO is refused before it is opened: opening it would wait for a
// writer, and reading it would consume data that cannot be put back.
func TestInPlaceRefusesFIFO(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "live.jsonl")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip("no FIFOs here:", err)
	}
	var c collect
	done := make(chan error, 1)
	go func() {
		_, err := Run([]input.Source{src(fifo)}, swap, c.options(Options{Mode: InPlace}))
		done <- err
	}()
	select {
	case err := <-done:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(5 * time.Second):
		// Unblock the open so the test ends, then fail.
		if w, err := os.OpenFile(fifo, os.O_WRONLY, 0); err == nil {
			w.WriteString("old\n")
			w.Close()
		}
		<-done
		t.Fatal("Run opened the FIFO and waited for a writer")
	}
	if len(c.files) != 1 || !errors.Is(c.files[0].Err, ErrNotRegular) {
		t.Fatalf("results %+v, want ErrNotRegular", c.files)
	}
	if !strings.Contains(c.files[0].Err.Error(), "a pipe") {
		t.Errorf("error %q does not say it is a pipe", c.files[0].Err)
	}
}

// A file with a second name is refused, and neither name changes: the new
// file would carry only one of them.
func TestInPlaceRefusesHardLinkedFile(t *testing.T) {
	dir := t.TempDir()
	path := writeFile(t, dir, "a.jsonl", "old\n", 0o644)
	other := filepath.Join(dir, "b.jsonl")
	if err := os.Link(path, other); err != nil {
		t.Skip("no hard links here:", err)
	}
	var c collect
	stats, err := Run([]input.Source{src(path)}, swap, c.options(Options{Mode: InPlace}))
	if err != nil {
		t.Fatal(err)
	}
	if !errors.Is(c.files[0].Err, ErrHardLinked) || stats.Failed != 1 {
		t.Fatalf("stats %+v, results %+v; want ErrHardLinked", stats, c.files)
	}
	if !strings.Contains(c.files[0].Err.Error(), "2 names") {
		t.Errorf("error %q does not say how many names", c.files[0].Err)
	}
	for _, p := range []string{path, other} {
		if got := readFile(t, p); got != "old\n" {
			t.Errorf("%s = %q, want it untouched", p, got)
		}
	}
}

// A symlink is followed: its target gets the new content, the link stays.
func TestInPlaceThroughSymlink(t *testing.T) {
	dir := t.TempDir()
	real := writeFile(t, dir, "real.jsonl", "old\n", 0o640)
	link := filepath.Join(dir, "link.jsonl")
	if err := os.Symlink("real.jsonl", link); err != nil {
		t.Fatal(err)
	}
	var c collect
	if _, err := Run([]input.Source{src(link)}, swap, c.options(Options{Mode: InPlace})); err != nil {
		t.Fatal(err)
	}
	if info, err := os.Lstat(link); err != nil || info.Mode()&os.ModeSymlink == 0 {
		t.Fatalf("the link was replaced: %v, %v", info, err)
	}
	if got := readFile(t, real); got != "NEW\n" {
		t.Errorf("target = %q, want %q", got, "NEW\n")
	}
}

// Temporary files a killed run left beside a file are removed and told
// of; one whose owner still runs is kept.
func TestInPlaceRemovesStaleTemps(t *testing.T) {
	if !atomicfile.HostNamed() {
		t.Skip("this host has no name: no temporary file is removed here")
	}
	dir := t.TempDir()
	path := writeFile(t, dir, "a.jsonl", "old\n", 0o644)
	gone := exec.Command(os.Args[0], "-test.run=^$")
	if err := gone.Run(); err != nil {
		t.Fatal(err)
	}
	stale := writeFile(t, dir, ".a.jsonl.zsj-"+atomicfile.HostTag()+"-"+itoa(gone.Process.Pid)+"-1f.tmp", "half", 0o600)
	live := writeFile(t, dir, ".a.jsonl.zsj-"+atomicfile.HostTag()+"-1-2f.tmp", "half", 0o600)
	var removed []atomicfile.Stale
	opts := Options{Mode: InPlace, OnStale: func(s atomicfile.Stale) { removed = append(removed, s) }}
	var c collect
	if _, err := Run([]input.Source{src(path)}, swap, c.options(opts)); err != nil {
		t.Fatal(err)
	}
	if len(removed) != 1 || removed[0].Path != stale || removed[0].Owner != gone.Process.Pid {
		t.Errorf("removed %+v, want only %s", removed, stale)
	}
	if _, err := os.Stat(stale); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("stale temp still there: %v", err)
	}
	if _, err := os.Stat(live); err != nil {
		t.Errorf("a live process's temp was removed: %v", err)
	}
}

func itoa(n int) string { return strconv.Itoa(n) }
