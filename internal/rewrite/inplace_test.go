package rewrite

import (
	"bytes"
	"errors"
	"io"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/zsj-dev/zsj/internal/input"
)

// oldTime is set on files that must not be touched: a rewrite would move
// their mtime to now.
var oldTime = time.Date(2020, 1, 2, 3, 4, 5, 0, time.UTC)

func TestInPlace(t *testing.T) {
	// The first change comes after a BOM, CRLF and blank lines, so the
	// copied prefix must reproduce them exactly.
	const text = "\ufeffkeep\r\n\n  \nkeep\nold\r\nkeep\nold"
	const want = "\ufeffkeep\r\n\n  \nkeep\nNEW\r\nkeep\nNEW"
	for _, tc := range []struct {
		name  string
		file  string
		data  string
		magic string // how the rewritten file must start
	}{
		{"plain", "a.jsonl", text, "\ufeff"},
		{"gzip", "a.jsonl.gz", gzipText(t, text), "\x1f\x8b"},
		{"zstd", "a.jsonl.zst", zstdText(t, text), "\x28\xb5\x2f\xfd"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			path := writeFile(t, dir, tc.file, tc.data, 0o600)
			var c collect
			stats, err := Run([]input.Source{src(path)}, swap, c.options(Options{Mode: InPlace}))
			if err != nil {
				t.Fatal(err)
			}
			if got := readDecompressed(t, path); got != want {
				t.Fatalf("got %q, want %q", got, want)
			}
			if got := readFile(t, path); !strings.HasPrefix(got, tc.magic) {
				t.Fatalf("the file was not written back in its compression: starts %q", got[:min(4, len(got))])
			}
			if info, _ := os.Stat(path); info.Mode().Perm() != 0o600 {
				t.Fatalf("mode %v, want 0600 kept", info.Mode().Perm())
			}
			if want := (Stats{Files: 1, FilesChanged: 1, Lines: 7, LinesChanged: 2}); stats != want {
				t.Fatalf("stats %+v, want %+v", stats, want)
			}
			if !c.files[0].Written {
				t.Fatal("Written not set")
			}
			assertNoTempFiles(t, dir)
		})
	}
}

func TestInPlaceLeavesUnchangedFilesAlone(t *testing.T) {
	dir := t.TempDir()
	same := writeFile(t, dir, "same.jsonl", "keep\nkeep\n", 0o644)
	bad := writeFile(t, dir, "bad.jsonl", "old\n!bad\nold\n", 0o644)
	good := writeFile(t, dir, "good.jsonl", "old\n", 0o644)
	for _, p := range []string{same, bad, good} {
		if err := os.Chtimes(p, oldTime, oldTime); err != nil {
			t.Fatal(err)
		}
	}
	var c collect
	stats, err := Run([]input.Source{src(same), src(bad), src(good)}, swap, c.options(Options{Mode: InPlace, Strict: true, Backup: ".bak"}))
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{same, bad} {
		if info, _ := os.Stat(p); !info.ModTime().Equal(oldTime) {
			t.Errorf("%s was rewritten (mtime %v)", p, info.ModTime())
		}
		if _, err := os.Stat(p + ".bak"); !os.IsNotExist(err) {
			t.Errorf("%s got a backup though it was not replaced", p)
		}
	}
	if got := readFile(t, bad); got != "old\n!bad\nold\n" {
		t.Fatalf("the refused file changed: %q", got)
	}
	if got := readFile(t, good); got != "NEW\n" {
		t.Fatalf("good.jsonl: %q", got)
	}
	if got := readFile(t, good+".bak"); got != "old\n" {
		t.Fatalf("backup: %q", got)
	}
	if want := (Stats{Files: 3, FilesChanged: 1, Lines: 6, LinesChanged: 1, ProblemLines: 1, Refused: 1}); stats != want {
		t.Fatalf("stats %+v, want %+v", stats, want)
	}
	if !c.files[1].Refused || c.files[1].Written || !c.files[2].Written {
		t.Fatalf("file results %+v", c.files)
	}
	assertNoTempFiles(t, dir)
}

// A write that fails halfway (a full disk) must leave the original as it
// was and no temporary file behind.
func TestInPlaceWriteFailsMidway(t *testing.T) {
	for _, file := range []string{"big.jsonl", "big.jsonl.gz"} {
		t.Run(file, func(t *testing.T) {
			dir := t.TempDir()
			text := strings.Repeat("keep\nold\n", 100_000)
			data := text
			if strings.HasSuffix(file, ".gz") {
				data = gzipText(t, text)
			}
			path := writeFile(t, dir, file, data, 0o644)
			os.Chtimes(path, oldTime, oldTime)
			wrapOutput = func(w io.Writer) io.Writer { return &failingWriter{w: w, left: 100} }
			defer func() { wrapOutput = func(w io.Writer) io.Writer { return w } }()

			var c collect
			stats, err := Run([]input.Source{src(path)}, swap, c.options(Options{Mode: InPlace, Backup: ".bak"}))
			if err != nil {
				t.Fatalf("a file that cannot be replaced is reported per file, not returned: %v", err)
			}
			if res := c.files[0]; !errors.Is(res.Err, errDiskFull) || res.Written || !strings.Contains(res.Err.Error(), path) {
				t.Fatalf("file result %+v, want the write error naming the file", res)
			}
			if stats.Failed != 1 || stats.FilesChanged != 0 || stats.LinesChanged != 0 {
				t.Fatalf("stats %+v", stats)
			}
			if got := readFile(t, path); got != data {
				t.Fatal("the original was changed")
			}
			if info, _ := os.Stat(path); !info.ModTime().Equal(oldTime) {
				t.Fatal("the original's mtime changed")
			}
			assertNoTempFiles(t, dir)
		})
	}
}

// A file that cannot be read to its end (here a gzip stream cut short) is
// not replaced by its readable part.
func TestInPlaceReadFailsMidway(t *testing.T) {
	dir := t.TempDir()
	full := gzipText(t, strings.Repeat("old line\n", 100_000))
	cut := full[:len(full)/2]
	path := writeFile(t, dir, "cut.jsonl.gz", cut, 0o644)
	var c collect
	stats, err := Run([]input.Source{src(path)}, swap, c.options(Options{Mode: InPlace}))
	if err != nil {
		t.Fatal(err)
	}
	if res := c.files[0]; res.Err == nil || res.Written || !strings.Contains(res.Err.Error(), path) {
		t.Fatalf("file result %+v, want a read error naming the file", res)
	}
	if stats.Failed != 1 {
		t.Fatalf("stats %+v", stats)
	}
	if got := readFile(t, path); got != cut {
		t.Fatal("the original was changed")
	}
	assertNoTempFiles(t, dir)
}

func TestInPlaceReadOnlyFolder(t *testing.T) {
	if os.Geteuid() == 0 {
		t.Skip("root writes into read-only folders")
	}
	dir := t.TempDir()
	path := writeFile(t, dir, "a.jsonl", "old\n", 0o644)
	if err := os.Chmod(dir, 0o555); err != nil {
		t.Fatal(err)
	}
	defer os.Chmod(dir, 0o755)
	var c collect
	if _, err := Run([]input.Source{src(path)}, swap, c.options(Options{Mode: InPlace})); err != nil {
		t.Fatal(err)
	}
	if c.files[0].Err == nil {
		t.Fatal("no error for a folder that cannot be written")
	}
	if got := readFile(t, path); got != "old\n" {
		t.Fatalf("the original was changed: %q", got)
	}
	assertNoTempFiles(t, dir)
}

func TestInPlaceRefusesStdin(t *testing.T) {
	var c collect
	stats, err := Run(stdinSources, swap, c.options(Options{Mode: InPlace, Stdin: strings.NewReader("old\n")}))
	if err != nil {
		t.Fatal(err)
	}
	if !errors.Is(c.files[0].Err, ErrStdinInPlace) || stats.Failed != 1 || stats.Files != 0 {
		t.Fatalf("stats %+v, results %+v", stats, c.files)
	}
}

func assertNoTempFiles(t *testing.T, dir string) {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), ".") || bytes.Contains([]byte(e.Name()), []byte("tmp")) {
			t.Errorf("left behind: %s", e.Name())
		}
	}
}
