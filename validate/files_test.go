package validate

import (
	"bytes"
	"compress/gzip"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/zsj-dev/zsj/internal/exitcode"
	"github.com/zsj-dev/zsj/internal/input"
	"github.com/zsj-dev/zsj/internal/term"
)

// TestManyFiles: files checked in one run keep their own validators and
// report in input order: a run is never carried from one file to the
// next, --max-problems counts per file, a file whose reading fails part
// way is reported after its lines without the runs it left open, and a
// file that cannot be opened is reported at its place.
func TestManyFiles(t *testing.T) {
	dir := t.TempDir()
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write([]byte(runStart + noDelta + strings.Repeat(`{"schemaVersion":2,"type":"text","runId":"r","delta":"abcdefgh"}`+"\n", 2000)))
	zw.Close()
	files := []struct{ name, data string }{
		{"a.jsonl", runStart + noDelta + noDelta + noDelta + runEnd},
		{"b.jsonl", runStart}, // its run ends in c: still unfinished
		{"c.jsonl", runEnd},
		{"d.jsonl.gz", gz.String()[:gz.Len()-200]}, // cut short
		{"missing.jsonl", ""},
		{"e.jsonl", ""},
		{"f.jsonl", "\ufeff" + runStart + runEnd},
	}
	var sources []input.Source
	for _, f := range files {
		path := filepath.Join(dir, f.name)
		if f.name != "missing.jsonl" {
			if err := os.WriteFile(path, []byte(f.data), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		sources = append(sources, input.Source{Name: f.name, Path: path})
	}
	std, stdout, stderr := term.Test("")
	err := Run(Options{IO: std, Sources: sources, MaxProblems: 2})
	if got := exitcode.Of(err); got != exitcode.Failure {
		t.Errorf("exit status %d, want %d", got, exitcode.Failure)
	}
	want := []string{
		"a.jsonl:2: error:", "a.jsonl:3: error:", "a.jsonl: 1 more problems not shown",
		"b.jsonl:1: warning: run did not finish",
		"c.jsonl:1: error:",
		"d.jsonl.gz:2: error:",
		"f.jsonl:1: warning: the file starts with a UTF-8 byte order mark",
	}
	at := 0
	for _, w := range want {
		i := strings.Index(stdout.String()[at:], w)
		if i < 0 {
			t.Fatalf("%q missing or out of order in:\n%s", w, stdout)
		}
		at += i + len(w)
	}
	if strings.Contains(stdout.String(), "d.jsonl.gz:1: warning: run did not finish") {
		t.Errorf("a file cut short by a read error reports its open runs:\n%s", stdout)
	}
	errs := stderr.String()
	d, m := strings.Index(errs, "d.jsonl.gz: line "), strings.Index(errs, "missing.jsonl")
	if d < 0 || m < d {
		t.Errorf("read and open errors missing or out of order:\n%s", errs)
	}
	if !strings.Contains(errs, "zsj: 6 files, ") || !strings.Contains(errs, " 2 unreadable") {
		t.Errorf("summary:\n%s", errs)
	}
}

// A write error met in a later file still stops the run.
func TestManyFilesWriteErrorStops(t *testing.T) {
	dir := t.TempDir()
	var sources []input.Source
	for _, name := range []string{"a.jsonl", "b.jsonl", "c.jsonl"} {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(runStart+strings.Repeat(noDelta, 3000)+runEnd), 0o644); err != nil {
			t.Fatal(err)
		}
		sources = append(sources, input.Source{Name: name, Path: path})
	}
	std, _, _ := term.Test("")
	std.Out = failingWriter{}
	if err := Run(Options{IO: std, Sources: sources}); !errors.Is(err, syscall.EPIPE) {
		t.Errorf("got %v, want the write error", err)
	}
}
