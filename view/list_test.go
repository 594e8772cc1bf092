package view

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

func TestRunListNewestFirst(t *testing.T) {
	dir := t.TempDir()
	now := time.Now()
	copyLog(t, "run.jsonl", dir, now.Add(-2*time.Hour))
	copyLog(t, "failed.jsonl", dir, now)
	copyLog(t, "interleaved.jsonl", dir, now.Add(-time.Hour))
	m := indexed(t, DefaultCacheLimit, dir)
	want := []string{"run_20260603_def456", "run_20260603_bbb222", "run_20260603_aaa111", "run_20260603_abc123"}
	if got := listRuns(m); !slices.Equal(got, want) {
		t.Errorf("rows %v, want newest first %v", got, want)
	}
	s := screen(m)
	for _, want := range []string{
		"STATUS", "EXIT", "MODEL", "TOKENS", "COST", "TOOLS", "DENY", "BLOCK", "ERROR",
		"4 runs (1 failed)", "sort: newest",
	} {
		if !strings.Contains(s, want) {
			t.Errorf("list lacks %q:\n%s", want, s)
		}
	}
	// One row in full: status, exit code, model, tokens, tools, error.
	if !strings.Contains(s, "error          3  claude-sonnet-4      990") || !strings.Contains(s, "provider_error") {
		t.Errorf("the failed run's row is not as expected:\n%s", s)
	}
}

func TestRunListKeys(t *testing.T) {
	for _, tc := range []struct {
		name string
		keys []string
		want []string
	}{
		{"failed only", []string{"f"}, []string{"run_20260603_def456"}},
		{"failed only and back", []string{"f", "f"}, []string{"run_20260603_abc123", "run_20260603_bbb222", "run_20260603_aaa111", "run_20260603_def456"}},
		{"sort by tokens", []string{"s", "s"}, []string{"run_20260603_abc123", "run_20260603_def456", "run_20260603_aaa111", "run_20260603_bbb222"}},
		{"sort failed first", []string{"s", "s", "s", "s", "s"}, []string{"run_20260603_def456", "run_20260603_abc123", "run_20260603_bbb222", "run_20260603_aaa111"}},
		{"filter by id", []string{"/", "b", "b", "b", "enter"}, []string{"run_20260603_bbb222"}},
		{"filter by model", []string{"/", "c", "l", "a", "u", "d", "e", "enter"}, []string{"run_20260603_def456"}},
		{"filter cleared by esc", []string{"/", "b", "b", "b", "enter", "esc"}, []string{"run_20260603_abc123", "run_20260603_bbb222", "run_20260603_aaa111", "run_20260603_def456"}},
		{"filter typed and erased", []string{"/", "b", "b", "x", "backspace", "enter"}, []string{"run_20260603_bbb222"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := indexed(t, DefaultCacheLimit, sample)
			press(m, tc.keys...)
			if got := listRuns(m); !slices.Equal(got, tc.want) {
				t.Errorf("rows %v, want %v\n%s", got, tc.want, screen(m))
			}
		})
	}
}

func TestRunListProgress(t *testing.T) {
	m := indexed(t, DefaultCacheLimit, sample)
	m.progress.Done = false // as while indexing
	m.progress.FilesDone = 1
	if s := screen(m); !strings.Contains(s, "indexing 1/3 files") {
		t.Errorf("no progress line while indexing:\n%s", s)
	}
}

func TestHelpShowsEveryKey(t *testing.T) {
	m := indexed(t, DefaultCacheLimit, sample)
	press(m, "?")
	s := screen(m)
	for _, screenKeys := range keyHelp {
		for _, k := range screenKeys.keys {
			if !strings.Contains(s, k[0]) || !strings.Contains(s, k[1]) {
				t.Errorf("help lacks %q %q", k[0], k[1])
			}
		}
	}
	press(m, "x")
	if strings.Contains(screen(m), "zsj view: keys") {
		t.Error("a key does not close the help")
	}
}

// Text from a log cannot drive the terminal: an escape sequence in a run
// id, a model or an error code is shown defused.
func TestListDefusesEscapes(t *testing.T) {
	dir := t.TempDir()
	log := `{"schemaVersion":2,"type":"run_start","runId":"run_\u001b[2J","cwd":"/","provider":"p","model":"m\u001b]0;x\u0007"}
{"schemaVersion":2,"type":"error","runId":"run_\u001b[2J","code":"c\u001b[31m","message":"boom","recoverable":false}
{"schemaVersion":2,"type":"run_end","runId":"run_\u001b[2J","status":"error","exitCode":1}
`
	if err := os.WriteFile(filepath.Join(dir, "esc.jsonl"), []byte(log), 0o644); err != nil {
		t.Fatal(err)
	}
	m := indexed(t, DefaultCacheLimit, dir)
	for _, keys := range [][]string{nil, {"enter"}, {"enter", "e", "r"}} {
		press(m, keys...)
		s := m.View().Content
		for _, bad := range []string{"\x1b[2J", "\x1b]0;", "\x07", "\x1b[31m"} {
			if strings.Contains(s, bad) {
				t.Errorf("after %v the screen holds %q:\n%q", keys, bad, s)
			}
		}
	}
}
