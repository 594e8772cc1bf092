package atomicfile

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
)

const (
	oldText = "old content\n"
	newText = "new content, longer than the old one\n"
)

// writeText is an fn that writes text.
func writeText(text string) func(io.Writer) error {
	return func(w io.Writer) error {
		_, err := io.WriteString(w, text)
		return err
	}
}

// names lists dir, so tests see any temporary file left behind.
func names(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var ns []string
	for _, e := range entries {
		ns = append(ns, e.Name())
	}
	return ns
}

func readFile(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func modeOf(t *testing.T, path string) fs.FileMode {
	t.Helper()
	info, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	return info.Mode()
}

// create makes a file with content and exactly mode (no umask).
func create(t *testing.T, path, content string, mode fs.FileMode) {
	t.Helper()
	if err := os.WriteFile(path, []byte(content), mode); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(path, mode); err != nil {
		t.Fatal(err)
	}
}

func TestWriteReplacesContentAndKeepsMode(t *testing.T) {
	for _, tc := range []struct {
		name     string
		existing fs.FileMode // 0: no file before
		want     fs.FileMode
	}{
		{"new file", 0, 0o644},
		{"private file", 0o600, 0o600},
		{"executable", 0o755, 0o755},
		{"read-only file", 0o444, 0o444},
		{"setgid", 0o750 | fs.ModeSetgid, 0o750 | fs.ModeSetgid},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, "log.jsonl")
			if tc.existing != 0 {
				create(t, path, oldText, tc.existing)
			}
			if err := Write(path, Options{}, writeText(newText)); err != nil {
				t.Fatal(err)
			}
			if got := readFile(t, path); got != newText {
				t.Errorf("content = %q, want %q", got, newText)
			}
			if got := modeOf(t, path); got != tc.want {
				t.Errorf("mode = %v, want %v", got, tc.want)
			}
			if got := names(t, dir); !slices.Equal(got, []string{"log.jsonl"}) {
				t.Errorf("directory holds %q, want only log.jsonl", got)
			}
		})
	}
}

// failingWriter passes n bytes through, then fails every write as a full
// disk would.
type failingWriter struct {
	w io.Writer
	n int
}

func (f *failingWriter) Write(p []byte) (int, error) {
	if len(p) > f.n {
		n, _ := f.w.Write(p[:f.n])
		f.n = 0
		return n, syscall.ENOSPC
	}
	f.n -= len(p)
	return f.w.Write(p)
}

// useFailingWriter makes the temporary file fail after n bytes for the
// rest of the test.
func useFailingWriter(t *testing.T, n int) {
	wrapWriter = func(w io.Writer) io.Writer { return &failingWriter{w, n} }
	t.Cleanup(func() { wrapWriter = func(w io.Writer) io.Writer { return w } })
}

func TestWriteFailureLeavesOriginal(t *testing.T) {
	errFn := errors.New("bad input at line 3")
	big := strings.Repeat("x", 3*writeBufferSize) // beyond the buffer, so writes reach the file
	for _, tc := range []struct {
		name      string
		failAfter int // bytes the file takes before failing; -1: never
		fn        func(io.Writer) error
		wantErr   error
	}{
		{
			name:      "fn fails after writing part",
			failAfter: -1,
			fn: func(w io.Writer) error {
				io.WriteString(w, big)
				return errFn
			},
			wantErr: errFn,
		},
		{
			name:      "disk full, fn returns the write error",
			failAfter: 1000,
			fn:        writeText(big),
			wantErr:   syscall.ENOSPC,
		},
		{
			name:      "disk full, fn ignores write errors",
			failAfter: 1000,
			fn: func(w io.Writer) error {
				io.WriteString(w, big)
				io.WriteString(w, "more")
				return nil
			},
			wantErr: syscall.ENOSPC,
		},
		{
			name:      "disk full at the final flush",
			failAfter: 10,
			fn:        writeText(newText),
			wantErr:   syscall.ENOSPC,
		},
	} {
		for _, existed := range []bool{true, false} {
			name := tc.name + " (new file)"
			if existed {
				name = tc.name + " (replacing)"
			}
			t.Run(name, func(t *testing.T) {
				if tc.failAfter >= 0 {
					useFailingWriter(t, tc.failAfter)
				}
				dir := t.TempDir()
				path := filepath.Join(dir, "log.jsonl")
				if existed {
					create(t, path, oldText, 0o600)
				}
				before := names(t, dir)

				err := Write(path, Options{Backup: ".bak"}, tc.fn)
				if !errors.Is(err, tc.wantErr) {
					t.Fatalf("Write = %v, want %v", err, tc.wantErr)
				}
				if got := names(t, dir); !slices.Equal(got, before) {
					t.Errorf("directory holds %q, want %q", got, before)
				}
				if existed {
					if got := readFile(t, path); got != oldText {
						t.Errorf("content = %q, want the original %q", got, oldText)
					}
				}
			})
		}
	}
}

func TestWriteCannotCreate(t *testing.T) {
	for _, tc := range []struct {
		name  string
		setup func(t *testing.T, dir string) (path string)
	}{
		{"read-only directory", func(t *testing.T, dir string) string {
			path := filepath.Join(dir, "log.jsonl")
			create(t, path, oldText, 0o644)
			if err := os.Chmod(dir, 0o555); err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { os.Chmod(dir, 0o755) })
			probe := filepath.Join(dir, "probe")
			if err := os.WriteFile(probe, nil, 0o644); err == nil {
				os.Remove(probe)
				t.Skip("a read-only directory does not stop this user (root?); the other cases cover failed creation")
			}
			return path
		}},
		{"parent is a file", func(t *testing.T, dir string) string {
			create(t, filepath.Join(dir, "file"), oldText, 0o644)
			return filepath.Join(dir, "file", "log.jsonl")
		}},
		{"parent does not exist", func(t *testing.T, dir string) string {
			return filepath.Join(dir, "missing", "log.jsonl")
		}},
		{"path is a directory", func(t *testing.T, dir string) string {
			path := filepath.Join(dir, "logs")
			if err := os.Mkdir(path, 0o755); err != nil {
				t.Fatal(err)
			}
			return path
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			path := tc.setup(t, dir)
			before := names(t, dir)
			var oldContent []byte
			if info, err := os.Stat(path); err == nil && info.Mode().IsRegular() {
				oldContent, _ = os.ReadFile(path)
			}
			called := false
			err := Write(path, Options{}, func(w io.Writer) error {
				called = true
				return writeText(newText)(w)
			})
			if err == nil {
				t.Fatal("Write succeeded")
			}
			if !strings.Contains(err.Error(), path) {
				t.Errorf("error %q does not name %s", err, path)
			}
			if called {
				t.Error("fn was called although there was nowhere to write")
			}
			if got := names(t, dir); !slices.Equal(got, before) {
				t.Errorf("directory holds %q, want %q", got, before)
			}
			if oldContent != nil {
				if got := readFile(t, path); got != string(oldContent) {
					t.Errorf("content = %q, want the original %q", got, oldContent)
				}
			}
		})
	}
}

func TestWriteBackup(t *testing.T) {
	errNoLinks := &fs.PathError{Op: "link", Path: "x", Err: syscall.EPERM}
	for _, tc := range []struct {
		name      string
		existed   bool
		oldBackup bool  // a backup from an earlier run is there
		linkErr   error // links fail with this
		want      []string
	}{
		{"first backup", true, false, nil, []string{"log.jsonl", "log.jsonl.bak"}},
		{"older backup replaced", true, true, nil, []string{"log.jsonl", "log.jsonl.bak"}},
		{"no file, no backup", false, false, nil, []string{"log.jsonl"}},
		{"file system without links", true, true, errNoLinks, []string{"log.jsonl", "log.jsonl.bak"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.linkErr != nil {
				link = func(string, string) error { return tc.linkErr }
				t.Cleanup(func() { link = os.Link })
			}
			dir := t.TempDir()
			path := filepath.Join(dir, "log.jsonl")
			if tc.existed {
				create(t, path, oldText, 0o600)
			}
			if tc.oldBackup {
				create(t, path+".bak", "older backup\n", 0o644)
			}
			if err := Write(path, Options{Backup: ".bak"}, writeText(newText)); err != nil {
				t.Fatal(err)
			}
			if got := readFile(t, path); got != newText {
				t.Errorf("content = %q, want %q", got, newText)
			}
			if got := names(t, dir); !slices.Equal(got, tc.want) {
				t.Errorf("directory holds %q, want %q", got, tc.want)
			}
			if tc.existed {
				if got := readFile(t, path+".bak"); got != oldText {
					t.Errorf("backup = %q, want the old content %q", got, oldText)
				}
				if got := modeOf(t, path+".bak"); got != 0o600 {
					t.Errorf("backup mode = %v, want the old file's 0600", got)
				}
			}
		})
	}
}

// A symlink keeps pointing at the file, which gets the new content; the
// backup sits beside the file, not the link.
func TestWriteThroughSymlink(t *testing.T) {
	dir := t.TempDir()
	if err := os.Mkdir(filepath.Join(dir, "real"), 0o755); err != nil {
		t.Fatal(err)
	}
	target := filepath.Join(dir, "real", "log.jsonl")
	create(t, target, oldText, 0o640)
	link := filepath.Join(dir, "log.jsonl")
	if err := os.Symlink(filepath.Join("real", "log.jsonl"), link); err != nil {
		t.Fatal(err)
	}
	if err := Write(link, Options{Backup: ".bak"}, writeText(newText)); err != nil {
		t.Fatal(err)
	}
	if info, err := os.Lstat(link); err != nil || info.Mode()&fs.ModeSymlink == 0 {
		t.Fatalf("link replaced: %v, %v", info, err)
	}
	if got := readFile(t, target); got != newText {
		t.Errorf("target content = %q, want %q", got, newText)
	}
	if got := modeOf(t, target); got != 0o640 {
		t.Errorf("target mode = %v, want 0640", got)
	}
	if got := readFile(t, target+".bak"); got != oldText {
		t.Errorf("backup = %q, want %q", got, oldText)
	}
}
