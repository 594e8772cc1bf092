package usage

import (
	"fmt"
	"strings"
	"testing"
)

// groupingLogs are runs on three days, two models, two providers, two
// working directories and two files, and one run with no run_start and no
// date.
func groupingLogs() []logFile {
	run := func(id, session, provider, model, cwd string, total int) string {
		s := fmt.Sprintf(`{"schemaVersion":2,"type":"run_start","runId":%q,"sessionId":%q,"cwd":%q,"provider":%q,"model":%q}`, id, session, cwd, provider, model)
		if session == "" {
			s = strings.Replace(s, `"sessionId":"",`, "", 1)
		}
		return s + "\n" + fmt.Sprintf(`{"schemaVersion":2,"type":"usage","runId":%q,"totalTokens":%d}`, id, total) + "\n"
	}
	return []logFile{
		{"a.jsonl", []byte(run("run_20260131_a1", "zero_20260131090000_s1", "openai", "gpt-4.1", "/api", 1) +
			run("run_20260201_a2", "zero_20260131090000_s1", "openai", "gpt-4.1", "/web", 2))},
		{"b.jsonl", []byte(run("run_20260201_b1", "zero_20260201090000_s2", "anthropic", "claude", "/api", 4) +
			run("custom-b2", "zero_20260202090000_s3", "anthropic", "claude", "/api", 8) +
			`{"schemaVersion":2,"type":"usage","runId":"orphan","totalTokens":16}` + "\n")},
	}
}

func TestGroupBy(t *testing.T) {
	for _, tc := range []struct {
		by   []Dimension
		want string // key=runs/totalTokens, sorted by key
	}{
		{nil, "=5/31"},
		{[]Dimension{ByRun}, "custom-b2=1/8 orphan=1/16 run_20260131_a1=1/1 run_20260201_a2=1/2 run_20260201_b1=1/4"},
		{[]Dimension{BySession}, "unknown=1/16 zero_20260131090000_s1=2/3 zero_20260201090000_s2=1/4 zero_20260202090000_s3=1/8"},
		{[]Dimension{ByModel}, "claude=2/12 gpt-4.1=2/3 unknown=1/16"},
		{[]Dimension{ByProvider}, "anthropic=2/12 openai=2/3 unknown=1/16"},
		{[]Dimension{ByCwd}, "/api=3/13 /web=1/2 unknown=1/16"},
		// custom-b2 takes its day from its session; orphan has none.
		{[]Dimension{ByDay}, "2026-01-31=1/1 2026-02-01=2/6 2026-02-02=1/8 unknown=1/16"},
		{[]Dimension{ByMonth}, "2026-01=1/1 2026-02=3/14 unknown=1/16"},
		{[]Dimension{ByFile}, "a.jsonl=2/3 b.jsonl=3/28"},
		{[]Dimension{ByModel, ByDay}, "claude,2026-02-01=1/4 claude,2026-02-02=1/8 gpt-4.1,2026-01-31=1/1 gpt-4.1,2026-02-01=1/2 unknown,unknown=1/16"},
		{[]Dimension{ByDay, ByModel}, "2026-01-31,gpt-4.1=1/1 2026-02-01,claude=1/4 2026-02-01,gpt-4.1=1/2 2026-02-02,claude=1/8 unknown,unknown=1/16"},
	} {
		t.Run(fmt.Sprint(tc.by), func(t *testing.T) {
			rep := report(t, ReportOptions{By: tc.by}, Options{}, nil, groupingLogs()...)
			if got := groupSummary(rep); got != tc.want {
				t.Errorf("got  %s\nwant %s", got, tc.want)
			}
			if rep.Totals.Runs != 5 || rep.Totals.Total.String() != "31" {
				t.Errorf("totals %d/%s, want 5/31", rep.Totals.Runs, rep.Totals.Total)
			}
		})
	}
}

func groupSummary(rep *Report) string {
	var parts []string
	for _, g := range rep.Groups {
		parts = append(parts, fmt.Sprintf("%s=%d/%s", strings.Join(g.Key, ","), g.Runs, g.Total))
	}
	return strings.Join(parts, " ")
}

func TestSinceUntil(t *testing.T) {
	for _, tc := range []struct {
		since, until string
		want         string // groups by day
		undated      int64
	}{
		{"", "", "2026-01-31=1/1 2026-02-01=2/6 2026-02-02=1/8 unknown=1/16", 0},
		{"2026-02-01", "", "2026-02-01=2/6 2026-02-02=1/8", 1},
		{"", "2026-02-01", "2026-01-31=1/1 2026-02-01=2/6", 1},
		{"2026-02-01", "2026-02-01", "2026-02-01=2/6", 1},
		{"2026-03-01", "", "", 1},
	} {
		t.Run(tc.since+".."+tc.until, func(t *testing.T) {
			rep := report(t, ReportOptions{By: []Dimension{ByDay}, Since: tc.since, Until: tc.until}, Options{}, nil, groupingLogs()...)
			if got := groupSummary(rep); got != tc.want || rep.UndatedRuns != tc.undated {
				t.Errorf("got %s (%d undated), want %s (%d)", got, rep.UndatedRuns, tc.want, tc.undated)
			}
		})
	}
}

func TestParseDimensions(t *testing.T) {
	for _, tc := range []struct {
		in   []string
		want string // or "error"
	}{
		{nil, "[]"},
		{[]string{"model"}, "[model]"},
		{[]string{"model,day", "file"}, "[model day file]"},
		{[]string{" cwd , month "}, "[cwd month]"},
		{[]string{"model", "model"}, "error"},
		{[]string{"hour"}, "error"},
		{[]string{""}, "error"},
	} {
		dims, err := ParseDimensions(tc.in)
		got := fmt.Sprint(dims)
		if dims == nil && err == nil {
			got = "[]"
		}
		if err != nil {
			got = "error"
		}
		if got != tc.want {
			t.Errorf("ParseDimensions(%q) = %s (%v), want %s", tc.in, got, err, tc.want)
		}
	}
}
