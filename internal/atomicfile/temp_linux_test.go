package atomicfile

import (
	"errors"
	"io"
	"path/filepath"
	"slices"
	"testing"

	"golang.org/x/sys/unix"
)

func useUnnamedFor(t *testing.T, on bool) {
	old := useUnnamed
	useUnnamed = on
	t.Cleanup(func() { useUnnamed = old })
}

// On Linux nothing new has a name while fn writes, so a kill at that
// moment leaves nothing behind.
func TestWriteUnnamedWhileWriting(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "log.jsonl")
	create(t, path, oldText, 0o600)
	err := Write(path, Options{}, func(w io.Writer) error {
		if got := names(t, dir); !slices.Equal(got, []string{"log.jsonl"}) {
			t.Errorf("while writing, the directory holds %q", got)
		}
		return writeText(newText)(w)
	})
	if err != nil {
		t.Fatal(err)
	}
	if got := readFile(t, path); got != newText {
		t.Errorf("content = %q", got)
	}
	if got := modeOf(t, path); got != 0o600 {
		t.Errorf("mode = %v, want 0600", got)
	}
}

func TestWriteKeepsXattrs(t *testing.T) {
	for _, unnamed := range []bool{true, false} {
		useUnnamedFor(t, unnamed)
		dir := t.TempDir()
		path := filepath.Join(dir, "log.jsonl")
		create(t, path, oldText, 0o600)
		err := unix.Setxattr(path, "user.origin", []byte("ci-archive"), 0)
		if errors.Is(err, unix.ENOTSUP) || errors.Is(err, unix.EPERM) {
			t.Skipf("%s: no user extended attributes here: %v", dir, err)
		}
		if err != nil {
			t.Fatal(err)
		}
		if err := Write(path, Options{}, writeText(newText)); err != nil {
			t.Fatal(err)
		}
		buf := make([]byte, 64)
		n, err := unix.Getxattr(path, "user.origin", buf)
		if err != nil || string(buf[:n]) != "ci-archive" {
			t.Errorf("unnamed=%v: user.origin = %q, %v; want \"ci-archive\"", unnamed, buf[:n], err)
		}
	}
}
