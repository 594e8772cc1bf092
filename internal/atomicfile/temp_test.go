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
	here := owner{hostTag("build-7.example.com"), 4242}
	for _, tc := range []struct {
		name  string
		owner owner
		ok    bool
	}{
		{tempName("log.jsonl", here, 0xbeef), here, true},
		{tempName("a.zsj-1-2-3.tmp", owner{"0badf00d", 7}, 1), owner{"0badf00d", 7}, true}, // the last mark counts
		{".log.jsonl.zsj-0badf00d-4242-beef.tmp", owner{"0badf00d", 4242}, true},
		{".log.jsonl.tmp123456", owner{}, false},         // another program's naming
		{".log.jsonl.zsj-4242-beef.tmp", owner{}, false}, // no host: an older zsj's, whose host is not known
		{"log.jsonl.zsj-0badf00d-4242-beef.tmp", owner{}, false},
		{"..zsj-0badf00d-4242-beef.tmp", owner{}, false},   // no file name before the mark
		{".a.zsj-0badf00d-4242-BEEF.tmp", owner{}, false},  // upper-case hex is not ours
		{".a.zsj-0BADF00D-4242-beef.tmp", owner{}, false},  // in the host tag neither
		{".a.zsj-badf00d-4242-beef.tmp", owner{}, false},   // a short host tag
		{".a.zsj-0badf00d-04242-beef.tmp", owner{}, false}, // nor a padded pid
		{".a.zsj-0badf00d-4242-.tmp", owner{}, false},
		{".a.zsj-0badf00d--1-beef.tmp", owner{}, false},
		{".a.zsj-0badf00d-0-beef.tmp", owner{}, false},
		{".a.zsj-0badf00d-4242-beef-1.tmp", owner{}, false},
		{".a.zsj-0badf00d-4242-beef.tmp~", owner{}, false},
	} {
		got, ok := parseTempName(tc.name)
		if got != tc.owner || ok != tc.ok {
			t.Errorf("parseTempName(%q) = %+v, %v; want %+v, %v", tc.name, got, ok, tc.owner, tc.ok)
		}
	}
}

// Two hosts get different tags, and one host the same tag each time.
func TestHostTag(t *testing.T) {
	if a, b := hostTag("build-1"), hostTag("build-2"); a == b || len(a) != 8 || a != hostTag("build-1") {
		t.Errorf("hostTag: %q and %q", a, b)
	}
}

// needHostName skips a test of removing stale files where the host has
// no name: RemoveStale then rightly keeps them all.
func needHostName(t *testing.T) {
	t.Helper()
	if !HostNamed() {
		t.Skip("this host has no name: RemoveStale removes nothing here")
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
	needHostName(t)
	dir := t.TempDir()
	dead := deadPid(t)
	host := HostTag()
	stale := tempName("a.jsonl", owner{host, dead}, 1)
	keep := []string{
		"a.jsonl",
		tempName("a.jsonl", self(), 2),         // this process's own, being written
		tempName("b.jsonl", owner{host, 1}, 3), // init always runs
		".a.jsonl.tmp" + strconv.Itoa(dead),    // not named by Write
		// Another host's, on a shared folder: the dead process id is
		// not that host's.
		tempName("c.jsonl", owner{hostTag("elsewhere-" + host), dead}, 5),
		// A host with no name cannot tell its files from another's.
		tempName("e.jsonl", owner{unknownHost, dead}, 6),
	}
	for _, n := range append([]string{stale}, keep...) {
		create(t, filepath.Join(dir, n), oldText, 0o600)
	}
	if err := os.Mkdir(filepath.Join(dir, tempName("d", owner{host, dead}, 4)), 0o755); err != nil {
		t.Fatal(err)
	}
	keep = append(keep, tempName("d", owner{host, dead}, 4)) // a directory is not a temporary file
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
		var owners []owner
		for _, n := range names(t, dir) {
			if o, ok := parseTempName(n); ok {
				owners = append(owners, o)
			}
		}
		if !slices.Equal(owners, []owner{self()}) {
			t.Errorf("while writing, temporary files owned by %v, want one by %v", owners, self())
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
