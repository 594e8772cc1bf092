package atomicfile

import (
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"testing"
)

func TestParseTempName(t *testing.T) {
	for _, tc := range []struct {
		name string
		pid  int
		ok   bool
	}{
		{tempName("log.jsonl", 4242, 0xbeef), 4242, true},
		{tempName("a.zsj-1-2.tmp", 7, 1), 7, true}, // the last mark counts
		{".log.jsonl.zsj-4242-beef.tmp", 4242, true},
		{".log.jsonl.tmp123456", 0, false}, // another program's (and older zsj's) naming
		{"log.jsonl.zsj-4242-beef.tmp", 0, false},
		{"..zsj-4242-beef.tmp", 0, false},   // no file name before the mark
		{".a.zsj-4242-BEEF.tmp", 0, false},  // upper-case hex is not ours
		{".a.zsj-04242-beef.tmp", 0, false}, // nor a padded pid
		{".a.zsj-4242-.tmp", 0, false},
		{".a.zsj--1-beef.tmp", 0, false},
		{".a.zsj-0-beef.tmp", 0, false},
		{".a.zsj-4242-beef.tmp~", 0, false},
	} {
		pid, ok := parseTempName(tc.name)
		if pid != tc.pid || ok != tc.ok {
			t.Errorf("parseTempName(%q) = %d, %v; want %d, %v", tc.name, pid, ok, tc.pid, tc.ok)
		}
	}
}

// deadPid returns the id of a process that has ended.
func deadPid(t *testing.T) int {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	if err := cmd.Run(); err != nil {
		t.Fatal(err)
	}
	return cmd.Process.Pid
}

func TestRemoveStale(t *testing.T) {
	dir := t.TempDir()
	dead := deadPid(t)
	stale := tempName("a.jsonl", dead, 1)
	keep := []string{
		"a.jsonl",
		tempName("a.jsonl", os.Getpid(), 2), // this process's own, being written
		tempName("b.jsonl", 1, 3),           // init always runs
		".a.jsonl.tmp" + strconv.Itoa(dead), // not named by Write
	}
	for _, n := range append([]string{stale}, keep...) {
		create(t, filepath.Join(dir, n), oldText, 0o600)
	}
	if err := os.Mkdir(filepath.Join(dir, tempName("d", dead, 4)), 0o755); err != nil {
		t.Fatal(err)
	}
	keep = append(keep, tempName("d", dead, 4)) // a directory is not a temporary file
	removed, err := RemoveStale(dir)
	if err != nil {
		t.Fatal(err)
	}
	want := []Stale{{Path: filepath.Join(dir, stale), Owner: dead}}
	if !slices.Equal(removed, want) {
		t.Errorf("RemoveStale = %v, want %v", removed, want)
	}
	slices.Sort(keep)
	if got := names(t, dir); !slices.Equal(got, keep) {
		t.Errorf("directory holds %q, want %q", got, keep)
	}
}

// With the named fallback, the temporary file carries this process's id
// while it is written, and is gone after.
func TestWriteNamedTempNamesItsOwner(t *testing.T) {
	useUnnamedFor(t, false)
	dir := t.TempDir()
	path := filepath.Join(dir, "log.jsonl")
	create(t, path, oldText, 0o600)
	err := Write(path, Options{}, func(w io.Writer) error {
		var owners []int
		for _, n := range names(t, dir) {
			if pid, ok := parseTempName(n); ok {
				owners = append(owners, pid)
			}
		}
		if !slices.Equal(owners, []int{os.Getpid()}) {
			t.Errorf("while writing, temporary files owned by %v, want one by %d", owners, os.Getpid())
		}
		return writeText(newText)(w)
	})
	if err != nil {
		t.Fatal(err)
	}
	if got := names(t, dir); !slices.Equal(got, []string{"log.jsonl"}) {
		t.Errorf("directory holds %q", got)
	}
	if got := readFile(t, path); got != newText {
		t.Errorf("content = %q", got)
	}
}
