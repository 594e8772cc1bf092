package usage

import (
	"strings"
	"testing"
)

func TestRunFilter(t *testing.T) {
	a := &Run{ID: "run_20260602_a", Model: "gpt-4.1", APIModel: "gpt-4.1-2025-04-14", Provider: "openai", Status: Success, Tools: []string{"bash"}}
	b := &Run{ID: "run_20260603_b", Model: "claude-sonnet-4", Provider: "anthropic", Status: Failed}
	undated := &Run{ID: "x", Status: Unfinished}
	for _, tc := range []struct {
		name   string
		filter RunFilter
		want   string // the ids kept
	}{
		{"all", RunFilter{}, "run_20260602_a run_20260603_b x"},
		{"status", RunFilter{Statuses: []Status{Failed, Unfinished}}, "run_20260603_b x"},
		{"model", RunFilter{Models: []string{"gpt-4.1"}}, "run_20260602_a"},
		{"apiModel", RunFilter{Models: []string{"gpt-4.1-2025-04-14"}}, "run_20260602_a"},
		{"an empty name matches nothing", RunFilter{Models: []string{""}}, ""},
		{"unknown: no model", RunFilter{Models: []string{"unknown"}}, "x"},
		{"provider", RunFilter{Providers: []string{"anthropic", "x"}}, "run_20260603_b"},
		{"since", RunFilter{Since: "2026-06-03"}, "run_20260603_b"},
		{"until", RunFilter{Until: "2026-06-02"}, "run_20260602_a"},
		{"tool", RunFilter{Tool: "bash"}, "run_20260602_a"},
	} {
		var kept []string
		for _, r := range []*Run{a, b, undated} {
			if tc.filter.Keep(r) {
				kept = append(kept, r.ID)
			}
		}
		if got := strings.Join(kept, " "); got != tc.want {
			t.Errorf("%s: kept %q, want %q", tc.name, got, tc.want)
		}
	}
}

func TestSortRunsBy(t *testing.T) {
	usd := func(s string) USD {
		d, err := ParseDecimal[picoUnits]([]byte(s))
		if err != nil {
			t.Fatal(err)
		}
		return d
	}
	runs := func() []*Run {
		return []*Run{
			{ID: "a", Events: 5, ToolCalls: 1, Errors: 0, Usage: Usage{Total: tokens(t, "10"), Estimated: usd("0.5")}},
			{ID: "b", Events: 9, ToolCalls: 1, Errors: 2, Usage: Usage{Total: tokens(t, "1e30"), Cost: usd("2")}},
			{ID: "c", Events: 5, ToolCalls: 3, Errors: 1, Usage: Usage{Total: tokens(t, "10.5"), Estimated: usd("0.5"), Cost: usd("1")}},
		}
	}
	for order, want := range map[RunOrder]string{
		ByStart:  "a b c",
		ByTokens: "b c a", // 1e30 is beyond int64: compared exactly
		ByCost:   "c a b", // estimates, then reported costs
		ByTools:  "c a b", // ties in start order
		ByEvents: "b a c",
		ByErrors: "b c a",
	} {
		rs := runs()
		SortRunsBy(rs, order)
		var ids []string
		for _, r := range rs {
			ids = append(ids, r.ID)
		}
		if got := strings.Join(ids, " "); got != want {
			t.Errorf("--sort %q: %s, want %s", order, got, want)
		}
	}
}
