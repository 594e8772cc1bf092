package usage

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/zsj-dev/zsj/internal/exitcode"
	"github.com/zsj-dev/zsj/internal/input"
	"github.com/zsj-dev/zsj/internal/term"
)

const (
	okRun = `{"schemaVersion":2,"type":"run_start","runId":"run_20260601_a","cwd":"/","provider":"p","model":"m"}
{"schemaVersion":2,"type":"usage","runId":"run_20260601_a","promptTokens":10,"completionTokens":5}
{"schemaVersion":2,"type":"run_end","runId":"run_20260601_a","status":"success","exitCode":0}
`
	failedRun = `{"schemaVersion":2,"type":"run_start","runId":"run_20260602_b","cwd":"/","provider":"p","model":"m"}
{"schemaVersion":2,"type":"run_end","runId":"run_20260602_b","status":"error","exitCode":1}
`
	badLine = "not json\n"
)

// stdin is the one source of the tests: standard input.
var stdin = []input.Source{{Name: "log.jsonl"}}

func TestListRuns(t *testing.T) {
	for _, tc := range []struct {
		name      string
		log       string
		opts      RunsOptions
		want      int
		runs      []string // run ids listed
		stderrHas string
	}{
		{"all", okRun + failedRun, RunsOptions{}, exitcode.OK, []string{"run_20260601_a", "run_20260602_b"}, ""},
		{"failed only", okRun + failedRun, RunsOptions{Failed: true}, exitcode.OK, []string{"run_20260602_b"}, ""},
		{"unreadable input", okRun, RunsOptions{Unreadable: []error{errors.New("gone.jsonl: no such file")}}, exitcode.Failure, []string{"run_20260601_a"}, "zsj: error: gone.jsonl: no such file\n"},
		{"skipped line", badLine + okRun, RunsOptions{}, exitcode.OK, []string{"run_20260601_a"}, "log.jsonl:1: warning: line skipped: "},
	} {
		t.Run(tc.name, func(t *testing.T) {
			std, stdout, stderr := term.Test(tc.log)
			tc.opts.IO, tc.opts.Sources, tc.opts.Format = std, stdin, JSON
			err := ListRuns(tc.opts)
			if got := exitcode.Of(err); got != tc.want {
				t.Fatalf("exit status %d, want %d (%v)", got, tc.want, err)
			}
			var ids []string
			for _, line := range strings.Split(strings.TrimSpace(stdout.String()), "\n") {
				_, rest, _ := strings.Cut(line, `"runId":"`)
				id, _, _ := strings.Cut(rest, `"`)
				ids = append(ids, id)
			}
			if strings.Join(ids, " ") != strings.Join(tc.runs, " ") {
				t.Errorf("runs %q, want %q", ids, tc.runs)
			}
			if !strings.Contains(stderr.String(), tc.stderrHas) || tc.stderrHas == "" && stderr.Len() > 0 {
				t.Errorf("stderr %q, want %q", stderr, tc.stderrHas)
			}
		})
	}
}

// Skipped lines are shown one by one up to a limit, then only counted.
func TestSkippedLinesShownUpToLimit(t *testing.T) {
	std, _, stderr := term.Test(strings.Repeat(badLine, maxLineWarnings+5) + okRun)
	if err := Sum(SumOptions{IO: std, Sources: stdin, Format: CSV}); err != nil {
		t.Fatal(err)
	}
	if got := strings.Count(stderr.String(), "warning: line skipped"); got != maxLineWarnings {
		t.Errorf("%d skipped lines shown, want %d", got, maxLineWarnings)
	}
	want := "zsj: warning: 25 unreadable lines skipped\nzsj: hint: run 'zsj validate' for details\n"
	if !strings.HasSuffix(stderr.String(), want) {
		t.Errorf("stderr ends %q, want %q", stderr, want)
	}
}

func TestSumNotes(t *testing.T) {
	for _, tc := range []struct {
		name   string
		log    string
		opts   SumOptions
		stderr string
	}{
		{"nothing to say", okRun, SumOptions{}, ""},
		{"duplicate", okRun + okRun, SumOptions{}, "zsj: 1 duplicate run dropped: found before with the same runId and events (--no-dedupe counts them)\n"},
		{"no dedupe", okRun + okRun, SumOptions{Report: ReportOptions{NoDedupe: true}}, ""},
		{"undated", strings.ReplaceAll(okRun, "run_20260601_a", "r"), SumOptions{Report: ReportOptions{Since: "2026-06-02"}},
			"zsj: 1 run left out: no date in their ids to compare with --since/--until\n"},
		{"unpriced", okRun, SumOptions{Report: ReportOptions{Prices: &Prices{}}, PricesFile: "p.json"},
			"zsj: warning: no price in p.json or the shipped prices for: m (1 usage event left out of the estimate)\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			std, _, stderr := term.Test(tc.log)
			tc.opts.IO, tc.opts.Sources, tc.opts.Format = std, stdin, CSV
			if err := Sum(tc.opts); err != nil {
				t.Fatal(err)
			}
			if stderr.String() != tc.stderr {
				t.Errorf("stderr\n got %q\nwant %q", stderr, tc.stderr)
			}
		})
	}
}

func TestMergeRefusesArguments(t *testing.T) {
	dir := t.TempDir()
	shard := filepath.Join(dir, "a.usage.json")
	std, stdout, _ := term.Test(okRun)
	if err := Sum(SumOptions{IO: std, Sources: stdin, Format: JSON}); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(shard, stdout.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name   string
		args   []string
		want   int
		stderr string
	}{
		{"a report", []string{shard}, exitcode.OK, ""},
		{"nothing to merge", nil, exitcode.Usage, ""},
		{"stdin twice", []string{"-", "-"}, exitcode.Usage, ""},
		{"a directory", []string{dir}, exitcode.Failure, "is a directory; --merge takes the json files"},
		{"a directory and a report", []string{dir, shard}, exitcode.Failure, "is a directory"},
		{"not a report", []string{"-"}, exitcode.Failure, "zsj: error: <stdin>: "},
	} {
		t.Run(tc.name, func(t *testing.T) {
			std, _, stderr := term.Test(okRun)
			err := Merge(SumOptions{IO: std, Format: CSV}, tc.args)
			if got := exitcode.Of(err); got != tc.want {
				t.Fatalf("exit status %d, want %d (%v)", got, tc.want, err)
			}
			if !strings.Contains(stderr.String(), tc.stderr) || tc.stderr == "" && stderr.Len() > 0 {
				t.Errorf("stderr %q, want %q", stderr, tc.stderr)
			}
		})
	}
}

func TestCheckDates(t *testing.T) {
	for _, tc := range []struct {
		since, until, err string
	}{
		{"", "", ""},
		{"2026-01-01", "", ""},
		{"2026-01-01", "2026-01-01", ""},
		{"2026-01-02", "2026-01-01", "--since 2026-01-02 is after --until 2026-01-01"},
		{"2026-13-01", "", `--since: "2026-13-01" is not a date of the form YYYY-MM-DD`},
		{"", "yesterday", `--until: "yesterday" is not a date of the form YYYY-MM-DD`},
	} {
		err := CheckDates(tc.since, tc.until)
		if got := errString(err); got != tc.err {
			t.Errorf("CheckDates(%q, %q) = %q, want %q", tc.since, tc.until, got, tc.err)
		}
	}
}

func errString(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}
