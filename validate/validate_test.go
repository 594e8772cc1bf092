package validate

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"

	"github.com/zsj-dev/zsj/internal/exitcode"
	"github.com/zsj-dev/zsj/internal/input"
	"github.com/zsj-dev/zsj/internal/term"
	"github.com/zsj-dev/zsj/protocol"
)

const (
	runStart = `{"schemaVersion":2,"type":"run_start","runId":"r","cwd":"/","provider":"p","model":"m"}` + "\n"
	runEnd   = `{"schemaVersion":2,"type":"run_end","runId":"r","status":"success","exitCode":0}` + "\n"
	noDelta  = `{"schemaVersion":2,"type":"text","runId":"r"}` + "\n" // an error: missing-field
	secret   = `{"schemaVersion":2,"type":"warning","runId":"r","message":"SECRET"}` + "\n"
)

// check runs Run over log, read as standard input, with opts.
func check(t *testing.T, log string, opts Options) (stdout, stderr string, err error) {
	t.Helper()
	std, out, errOut := term.Test(log)
	opts.IO = std
	opts.Sources = []input.Source{{Name: "log.jsonl"}}
	err = Run(opts)
	return out.String(), errOut.String(), err
}

func TestExitStatus(t *testing.T) {
	for _, tc := range []struct {
		name       string
		log        string
		opts       Options
		want       int
		quietShown bool // stdout or stderr not empty
	}{
		{"valid", runStart + runEnd, Options{}, exitcode.OK, true},
		{"error", runStart + noDelta + runEnd, Options{}, exitcode.Problems, true},
		{"warning only", runStart, Options{}, exitcode.OK, true},
		{"warning, strict", runStart, Options{Protocol: protocol.Options{Strict: true}}, exitcode.Problems, true},
		{"unreadable outweighs errors", runStart + noDelta + runEnd, Options{Unreadable: []error{errors.New("gone.jsonl: no such file")}}, exitcode.Failure, true},
		{"quiet, error", runStart + noDelta + runEnd, Options{Quiet: true}, exitcode.Problems, false},
		{"quiet, valid", runStart + runEnd, Options{Quiet: true}, exitcode.OK, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			stdout, stderr, err := check(t, tc.log, tc.opts)
			if got := exitcode.Of(err); got != tc.want {
				t.Fatalf("exit status %d, want %d (%v)", got, tc.want, err)
			}
			var coded *exitcode.Error
			if err != nil && (!errors.As(err, &coded) || !coded.Quiet) {
				t.Errorf("%v: the report says it all, the error must be silent", err)
			}
			if shown := stdout+stderr != ""; shown != tc.quietShown {
				t.Errorf("output shown: %v, want %v: %q %q", shown, tc.quietShown, stdout, stderr)
			}
		})
	}
}

func TestUnreadableReportedFirst(t *testing.T) {
	_, stderr, _ := check(t, runStart+runEnd, Options{Unreadable: []error{errors.New("gone.jsonl: no such file")}})
	want := "zsj: error: gone.jsonl: no such file\nzsj: 1 file, 2 lines, 2 events, 1 run: 0 errors, 0 warnings, 1 unreadable\n"
	if stderr != want {
		t.Errorf("stderr\n got %q\nwant %q", stderr, want)
	}
}

func TestMaxProblems(t *testing.T) {
	log := runStart + strings.Repeat(noDelta, 5) + runEnd
	for _, tc := range []struct {
		max, shown int
		note       string
	}{
		{0, 5, ""},
		{1, 1, "log.jsonl: 4 more problems not shown (--max-problems 1)\n"},
		{4, 4, "log.jsonl: 1 more problems not shown (--max-problems 4)\n"},
		{5, 5, ""},
		{50, 5, ""},
	} {
		stdout, stderr, err := check(t, log, Options{MaxProblems: tc.max})
		if exitcode.Of(err) != exitcode.Problems {
			t.Errorf("max %d: %v, want problems found", tc.max, err)
		}
		if got := strings.Count(stdout, "[missing-field]"); got != tc.shown {
			t.Errorf("max %d: %d problems shown, want %d:\n%s", tc.max, got, tc.shown, stdout)
		}
		if got := strings.Contains(stdout, "more problems not shown"); got != (tc.note != "") || !strings.HasSuffix(stdout, tc.note) {
			t.Errorf("max %d: want the note %q last:\n%s", tc.max, tc.note, stdout)
		}
		if !strings.Contains(stderr, " 5 errors,") {
			t.Errorf("max %d: the summary must count every problem: %s", tc.max, stderr)
		}
	}
}

// fakeFinder finds a secret wherever a line says SECRET.
type fakeFinder struct{}

func (fakeFinder) FindSecrets(line []byte, _ protocol.LineShape) []Secret {
	if !bytes.Contains(line, []byte("SECRET")) {
		return nil
	}
	return []Secret{{Path: "$.message", Rule: "fake-rule"}}
}

func TestSecretStage(t *testing.T) {
	const warning = `: string matches redaction rule fake-rule [unredacted-secret] (warning $.message)`
	for _, tc := range []struct {
		name    string
		finder  bool // a finder is given
		opts    Options
		search  bool // finders are made
		want    int
		warning bool
	}{
		{"no finder", false, Options{}, false, exitcode.OK, false},
		{"finder", true, Options{}, true, exitcode.OK, true},
		{"strict", true, Options{Protocol: protocol.Options{Strict: true}}, true, exitcode.Problems, true},
		{"quiet: a warning cannot change the outcome", true, Options{Quiet: true}, false, exitcode.OK, false},
		{"quiet, strict", true, Options{Quiet: true, Protocol: protocol.Options{Strict: true}}, true, exitcode.Problems, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var made atomic.Int32
			if tc.finder {
				tc.opts.Secrets = func() SecretFinder { made.Add(1); return fakeFinder{} }
			}
			stdout, _, err := check(t, runStart+secret+runEnd, tc.opts)
			if got := exitcode.Of(err); got != tc.want {
				t.Errorf("exit status %d, want %d", got, tc.want)
			}
			if searched := made.Load() > 0; searched != tc.search {
				t.Errorf("searched: %v, want %v", searched, tc.search)
			}
			if uses := UsesSecretFinder(tc.opts); uses != (made.Load() > 0) {
				t.Errorf("UsesSecretFinder says %v, Run made %d finders", uses, made.Load())
			}
			if got := strings.Contains(stdout, warning); got != tc.warning {
				t.Errorf("warning shown: %v, want %v:\n%s", got, tc.warning, stdout)
			}
		})
	}
}

func TestShowProgress(t *testing.T) {
	for _, tc := range []struct {
		name           string
		errTTY, outTTY bool
		quiet          bool
		files          int
		want           bool
	}{
		{"report redirected, many files", true, false, false, 3, true},
		{"report on the terminal", true, true, false, 3, false},
		{"stderr not a terminal", false, false, false, 3, false},
		{"quiet", true, false, true, 3, false},
		{"one file", true, false, false, 1, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			std := &term.IO{ErrTTY: tc.errTTY, OutTTY: tc.outTTY}
			if got := showProgress(std, tc.quiet, tc.files); got != tc.want {
				t.Errorf("got %v, want %v", got, tc.want)
			}
		})
	}
}

// A bar is drawn while files are read, and cleared before the summary.
func TestProgressBarCleared(t *testing.T) {
	dir := t.TempDir()
	var sources []input.Source
	for _, name := range []string{"a.jsonl", "b.jsonl"} {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(runStart+runEnd), 0o644); err != nil {
			t.Fatal(err)
		}
		sources = append(sources, input.Source{Name: name, Path: path})
	}
	std, _, stderr := term.Test("")
	std.ErrTTY = true
	if err := Run(Options{IO: std, Sources: sources}); err != nil {
		t.Fatal(err)
	}
	got := stderr.String()
	last := got[strings.LastIndexAny(strings.TrimSuffix(got, "\n"), "\r\n")+1:]
	if !strings.Contains(got, "validating") || !strings.HasPrefix(last, "zsj: 2 files") {
		t.Errorf("stderr %q", got)
	}
}

// A report that cannot be written stops the run with that error.
func TestWriteErrorStops(t *testing.T) {
	std, _, _ := term.Test(runStart + strings.Repeat(noDelta, 10000) + runEnd)
	std.Out = failingWriter{}
	err := Run(Options{IO: std, Sources: []input.Source{{Name: "log.jsonl"}}})
	if !errors.Is(err, syscall.EPIPE) {
		t.Errorf("got %v, want EPIPE", err)
	}
}

type failingWriter struct{}

func (failingWriter) Write([]byte) (int, error) { return 0, syscall.EPIPE }

// namingFinder is a fakeFinder that also judges names: those with
// SECRET in them are secrets.
type namingFinder struct{ fakeFinder }

func (namingFinder) IsSecret(name []byte) bool { return bytes.Contains(name, []byte("SECRET")) }

// TestSecretNamesNotQuoted: an unknown field named like a secret is shown
// by fingerprint when the finder can judge names; another unknown field
// is quoted.
func TestSecretNamesNotQuoted(t *testing.T) {
	line := `{"schemaVersion":2,"type":"text","runId":"r","delta":"x","xSECRETx":1,"colour":2}` + "\n"
	opts := Options{Secrets: func() SecretFinder { return namingFinder{} }}
	stdout, _, _ := check(t, runStart+line+runEnd, opts)
	if strings.Contains(stdout, "xSECRETx") || !strings.Contains(stdout, "unknown field with a secret-like name (fingerprint ") {
		t.Errorf("the secret name is quoted or not reported:\n%s", stdout)
	}
	if !strings.Contains(stdout, `unknown field "colour"`) {
		t.Errorf("an ordinary name is not quoted:\n%s", stdout)
	}
}
