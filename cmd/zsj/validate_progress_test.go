package main

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/zsj-dev/zsj/internal/term"
)

// The progress bar is for a person at a terminal waiting on many files
// while the report goes elsewhere; with the report on the terminal, with
// --quiet, or for one file, stderr holds only the summary.
func TestValidateProgressBar(t *testing.T) {
	dir := t.TempDir()
	line := `{"schemaVersion":2,"type":"run_start","runId":"r","cwd":"/","provider":"p","model":"m"}` + "\n" +
		`{"schemaVersion":2,"type":"run_end","runId":"r","status":"success","exitCode":0}` + "\n"
	for _, name := range []string{"a.jsonl", "b.jsonl", "c.jsonl"} {
		writeTestFile(t, filepath.Join(dir, name), line)
	}
	for _, tc := range []struct {
		name           string
		errTTY, outTTY bool
		args           []string
		showBar        bool
	}{
		{"terminal, report redirected", true, false, []string{"validate", dir}, true},
		{"report on the terminal", true, true, []string{"validate", dir}, false},
		{"quiet", true, false, []string{"validate", "--quiet", dir}, false},
		{"one file", true, false, []string{"validate", filepath.Join(dir, "a.jsonl")}, false},
		{"not a terminal", false, false, []string{"validate", dir}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			io, _, stderr := term.Test("")
			io.ErrTTY, io.OutTTY = tc.errTTY, tc.outTTY
			if code := run(io, tc.args); code != 0 {
				t.Fatalf("exit %d: %s", code, stderr)
			}
			checkProgressBar(t, stderr.String(), "validating", 3, tc.showBar)
		})
	}
}

// checkProgressBar checks stderr of a run over files inputs: a bar saying
// verb when showBar, no terminal control bytes otherwise, and once the bar
// is cleared (\r, spaces, \r) the summary alone on the last line, when
// there is one (--quiet prints none).
func checkProgressBar(t *testing.T, stderr, verb string, files int, showBar bool) {
	t.Helper()
	bar := strings.Contains(stderr, verb) && strings.Contains(stderr, fmt.Sprintf("/%d files)", files))
	if bar != showBar {
		t.Fatalf("bar shown: %v, want %v; stderr %q", bar, showBar, stderr)
	}
	if !showBar && strings.ContainsRune(stderr, '\r') {
		t.Fatalf("terminal control bytes on stderr: %q", stderr)
	}
	text := strings.TrimSuffix(stderr, "\n")
	if text == "" {
		return
	}
	if last := text[strings.LastIndexAny(text, "\r\n")+1:]; !strings.HasPrefix(last, "zsj: ") {
		t.Fatalf("the summary is not alone on the last line: %q", last)
	}
}
