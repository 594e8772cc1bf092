package replay

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

type recorded struct {
	code           int
	err            error
	stdout, stderr string
	fixture        string
	offsets        []time.Duration
}

func record(t *testing.T, redact func([]byte) []byte, stdin string, command ...string) recorded {
	t.Helper()
	var stdout, stderr bytes.Buffer
	fixture := filepath.Join(t.TempDir(), "f.jsonl")
	code, err := Record(Recording{
		Command: command, Fixture: fixture, Redact: redact,
		Stdin: strings.NewReader(stdin), Stdout: &stdout, Stderr: &stderr,
	})
	r := recorded{code: code, err: err, stdout: stdout.String(), stderr: stderr.String()}
	if b, err := os.ReadFile(fixture); err == nil {
		r.fixture = string(b)
		r.offsets, err = ReadTiming(TimingPath(fixture))
		if err != nil {
			t.Fatal(err)
		}
	}
	return r
}

func TestRecordSavesLinesAndTheirTimes(t *testing.T) {
	// A line arrives in two pieces 200ms apart; the last has no line end.
	script := `cat; printf '{"a":1}\r\n{"b":'; sleep 0.2; printf '2}\n\n{"c":3}'; echo oops >&2; exit 5`
	r := record(t, nil, `{"in":0}`+"\n", "sh", "-c", script)
	want := `{"in":0}` + "\n" + `{"a":1}` + "\r\n" + `{"b":2}` + "\n\n" + `{"c":3}`
	if r.err != nil || r.code != 5 {
		t.Fatalf("exit %d, %v; want 5", r.code, r.err)
	}
	if r.stdout != want || r.fixture != want {
		t.Fatalf("stdout %q\nfixture %q\nwant %q", r.stdout, r.fixture, want)
	}
	if r.stderr != "oops\n" {
		t.Fatalf("stderr %q", r.stderr)
	}
	if len(r.offsets) != 5 {
		t.Fatalf("%d timing lines for 5 lines", len(r.offsets))
	}
	for i := 1; i < len(r.offsets); i++ {
		if r.offsets[i] < r.offsets[i-1] {
			t.Fatalf("offsets go back: %v", r.offsets)
		}
	}
	// The {"b":2} line ended only after the pause (with room for a slow
	// machine: the first read may come late, never early).
	if gap := r.offsets[2] - r.offsets[1]; gap < 100*time.Millisecond {
		t.Fatalf("the line split by a 200ms pause is stamped %v after the one before", gap)
	}
}

func TestRecordRedactsOnlyTheFixture(t *testing.T) {
	redact := func(line []byte) []byte { return bytes.ReplaceAll(line, []byte("sk-secret"), []byte("[REDACTED]")) }
	script := "printf '\\357\\273\\277{\"k\":\"sk-secret\"}\\n'"
	r := record(t, redact, "", "sh", "-c", script)
	if r.err != nil {
		t.Fatal(r.err)
	}
	if want := "\xef\xbb\xbf" + `{"k":"sk-secret"}` + "\n"; r.stdout != want {
		t.Fatalf("stdout %q: the client must get the output unchanged", r.stdout)
	}
	if want := "\xef\xbb\xbf" + `{"k":"[REDACTED]"}` + "\n"; r.fixture != want {
		t.Fatalf("fixture %q, want %q (BOM kept, line redacted)", r.fixture, want)
	}
}

func TestRecordExitCodes(t *testing.T) {
	for _, tc := range []struct {
		name    string
		command []string
		code    int
		fails   bool // record itself returns an error and writes no fixture
	}{
		{"success", []string{"true"}, 0, false},
		{"failure", []string{"sh", "-c", "exit 3"}, 3, false},
		{"signal", []string{"sh", "-c", "kill -TERM $$"}, 128 + 15, false},
		{"not found", []string{"zsj-no-such-command"}, ExitNotFound, true},
		{"not executable", []string{"/dev/null"}, ExitCannotRun, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := record(t, nil, "", tc.command...)
			if r.code != tc.code || (r.err != nil) != tc.fails {
				t.Fatalf("exit %d, error %v; want %d, error: %v", r.code, r.err, tc.code, tc.fails)
			}
		})
	}
}

func TestRecordWritesNothingWhenItCannotStart(t *testing.T) {
	fixture := filepath.Join(t.TempDir(), "f.jsonl")
	_, err := Record(Recording{Command: []string{"zsj-no-such-command"}, Fixture: fixture,
		Stdout: &bytes.Buffer{}, Stderr: &bytes.Buffer{}})
	if err == nil {
		t.Fatal("no error")
	}
	for _, p := range []string{fixture, TimingPath(fixture)} {
		if _, err := os.Stat(p); !errors.Is(err, fs.ErrNotExist) {
			t.Fatalf("%s exists after a command that never ran", p)
		}
	}
}
