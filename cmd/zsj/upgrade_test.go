package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/zsj-dev/zsj/internal/exitcode"
	"github.com/zsj-dev/zsj/internal/term"
)

// runUpgradeCmd runs zsj in-process with stdin and returns its exit code,
// stdout and stderr.
func runUpgradeCmd(t *testing.T, stdin string, args ...string) (int, string, string) {
	t.Helper()
	io, stdout, stderr := term.Test(stdin)
	code := run(io, args)
	return code, stdout.String(), stderr.String()
}

// The tricky spellings with the bytes txtar cannot hold: a BOM, CRLF line
// ends, a last line with no newline. The comparison is byte for byte.
func TestUpgradeKeepsBytes(t *testing.T) {
	v1 := "\ufeff{\"schemaVersion\":1,\"type\":\"text\",\"runId\":\"r\",\"delta\":\"violation \\u00e9\\/\"}\r\n" +
		"\r\n" +
		"{ \"schemaVersion\" : 1 ,\t\"violation\" : {\"code\":\"x\",\"n\":1.0,\"e\":1E+3} }\n" +
		"{\"schemaVersion\":1,\"args\":{\"violation\":12345678901234567890}}\r\n" +
		"{\"violation\":{},\"schemaVersion\":1}"
	v2 := "\ufeff{\"schemaVersion\":2,\"type\":\"text\",\"runId\":\"r\",\"delta\":\"violation \\u00e9\\/\"}\r\n" +
		"\r\n" +
		"{ \"schemaVersion\" : 2 ,\t\"block\" : {\"code\":\"x\",\"n\":1.0,\"e\":1E+3} }\n" +
		"{\"schemaVersion\":2,\"args\":{\"violation\":12345678901234567890}}\r\n" +
		"{\"block\":{},\"schemaVersion\":2}"

	code, out, errOut := runUpgradeCmd(t, v1, "upgrade")
	if code != 0 || errOut != "" {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	if !bytes.Equal([]byte(out), []byte(v2)) {
		t.Fatalf("got\n%q\nwant\n%q", out, v2)
	}
	_, back, _ := runUpgradeCmd(t, out, "upgrade", "--to", "1")
	if back != v1 {
		t.Fatalf("v1 -> v2 -> v1 is not the identity:\n%q\n%q", back, v1)
	}
	_, again, _ := runUpgradeCmd(t, out, "upgrade")
	if again != v2 {
		t.Fatalf("upgrading v2 changed it:\n%q", again)
	}
}

// A file that needs no change is not rewritten: its mtime stays.
func TestUpgradeInPlaceKeepsMtime(t *testing.T) {
	dir := t.TempDir()
	v1 := filepath.Join(dir, "v1.jsonl")
	v2 := filepath.Join(dir, "v2.jsonl")
	writeTestFile(t, v1, `{"schemaVersion":1,"type":"text","runId":"r","delta":"a"}`+"\n")
	writeTestFile(t, v2, `{"schemaVersion":2,"type":"text","runId":"r","delta":"a"}`+"\n")
	old := time.Date(2021, 5, 6, 7, 8, 9, 0, time.UTC)
	for _, p := range []string{v1, v2} {
		if err := os.Chtimes(p, old, old); err != nil {
			t.Fatal(err)
		}
	}

	if code, _, errOut := runUpgradeCmd(t, "", "upgrade", "-i", dir); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if mtime(t, v2) != old {
		t.Error("the version 2 file was rewritten")
	}
	if mtime(t, v1) == old {
		t.Error("the version 1 file was not rewritten")
	}

	// Now both are version 2: a second run touches neither.
	os.Chtimes(v1, old, old)
	code, _, errOut := runUpgradeCmd(t, "", "upgrade", "-i", dir)
	if code != 0 || !strings.Contains(errOut, "0 changed") {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if mtime(t, v1) != old || mtime(t, v2) != old {
		t.Error("an up-to-date file was rewritten")
	}
}

// `zsj upgrade big.jsonl | head -1`: the reader goes away; zsj ends
// quietly with status 0 instead of an error about the pipe.
func TestUpgradeClosedPipe(t *testing.T) {
	dir := t.TempDir()
	big := filepath.Join(dir, "big.jsonl")
	writeTestFile(t, big, strings.Repeat(`{"schemaVersion":1,"type":"text","runId":"r","delta":"a"}`+"\n", 50_000))
	io, _, stderr := term.Test("")
	io.Out = closedPipe{}
	if code := run(io, []string{"upgrade", big}); code != exitcode.OK {
		t.Fatalf("exit %d, want 0", code)
	}
	if stderr.Len() != 0 {
		t.Fatalf("stderr: %q", stderr)
	}
}

type closedPipe struct{}

func (closedPipe) Write([]byte) (int, error) { return 0, syscall.EPIPE }

// The progress bar is for a person at a terminal rewriting many files;
// otherwise stderr holds only the summary.
func TestUpgradeProgressBar(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"a.jsonl", "b.jsonl", "c.jsonl"} {
		writeTestFile(t, filepath.Join(dir, name), `{"schemaVersion":1,"type":"text","runId":"r","delta":"a"}`+"\n")
	}
	for _, tc := range []struct {
		name    string
		errTTY  bool
		args    []string
		showBar bool
	}{
		{"terminal, many files", true, []string{"upgrade", "--dry-run", dir}, true},
		{"terminal, one file", true, []string{"upgrade", "--dry-run", filepath.Join(dir, "a.jsonl")}, false},
		{"not a terminal", false, []string{"upgrade", "--dry-run", dir}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			io, _, stderr := term.Test("")
			io.ErrTTY = tc.errTTY
			if code := run(io, tc.args); code != 0 {
				t.Fatalf("exit %d: %s", code, stderr)
			}
			checkProgressBar(t, stderr.String(), "checking", 3, tc.showBar)
		})
	}
}

func writeTestFile(t *testing.T, path, content string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

func mtime(t *testing.T, path string) time.Time {
	t.Helper()
	info, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	return info.ModTime().UTC()
}
