package usage

import (
	"slices"
	"strings"
	"testing"
)

// A price file in LiteLLM's format, with the entries that must be skipped:
// the "sample_spec" documentation entry and an image model.
const litellmPrices = `{
  "sample_spec": {
    "max_tokens": "LEGACY parameter. set to max_output_tokens if provider specifies it.",
    "input_cost_per_token": 0.0,
    "output_cost_per_token": 0.0,
    "litellm_provider": "one of https://docs.litellm.ai/docs/providers",
    "mode": "one of: chat, embedding, completion, image_generation"
  },
  "gpt-4.1": {
    "max_tokens": 32768,
    "input_cost_per_token": 2e-06,
    "output_cost_per_token": 8e-06,
    "cache_read_input_token_cost": 5e-07,
    "litellm_provider": "openai",
    "mode": "chat"
  },
  "anthropic/claude-sonnet-4-20250514": {
    "input_cost_per_token": 3e-06,
    "output_cost_per_token": 1.5e-05,
    "cache_read_input_token_cost": 3e-07,
    "cache_creation_input_token_cost": 3.75e-06,
    "litellm_provider": "anthropic"
  },
  "dall-e-3": {"input_cost_per_pixel": 1e-08, "mode": "image_generation"}
}`

func TestLoadPrices(t *testing.T) {
	p, err := LoadPrices(strings.NewReader(litellmPrices))
	if err != nil {
		t.Fatal(err)
	}
	if p.Len() != 3 { // sample_spec has zero prices but is an entry like any other
		t.Errorf("%d models priced, want 3", p.Len())
	}
	gpt, ok := p.lookup(&Run{Model: "gpt-4.1", APIModel: "gpt-4.1-2025-04-14", Provider: "openai"})
	if !ok || gpt.Input.String() != "0.000002" || gpt.CacheRead.String() != "0.0000005" || gpt.CacheWrite.String() != "0.000002" {
		t.Errorf("gpt-4.1 (by model, after apiModel): %+v %v; cache writes must fall back to the input price", gpt, ok)
	}
	claude, ok := p.lookup(&Run{Model: "claude-sonnet-4", APIModel: "claude-sonnet-4-20250514", Provider: "anthropic"})
	if !ok || claude.CacheWrite.String() != "0.00000375" {
		t.Errorf("claude by provider/apiModel: %+v %v", claude, ok)
	}
	if _, ok := p.lookup(&Run{Model: "dall-e-3"}); ok {
		t.Error("an entry without token prices was priced")
	}
	for _, bad := range []string{`[]`, `{"x":{"mode":"chat"}}`, `not json`} {
		if _, err := LoadPrices(strings.NewReader(bad)); err == nil {
			t.Errorf("LoadPrices(%s) did not fail", bad)
		}
	}
}

func TestEstimate(t *testing.T) {
	p, err := LoadPrices(strings.NewReader(litellmPrices))
	if err != nil {
		t.Fatal(err)
	}
	log := lines(
		`{"schemaVersion":2,"type":"run_start","runId":"run_20260101_a","cwd":"/r","provider":"openai","model":"gpt-4.1"}`,
		// No cost: 1000 plain input, 500 cached, 100 output.
		`{"schemaVersion":2,"type":"usage","runId":"run_20260101_a","promptTokens":1500,"completionTokens":100,"cachedInputTokens":500}`,
		// Its cost as reported, and estimated all the same: 1000 input, 100 output.
		`{"schemaVersion":2,"type":"usage","runId":"run_20260101_a","promptTokens":1000,"completionTokens":100,"costUsd":0.5}`,
		`{"schemaVersion":2,"type":"run_start","runId":"run_20260101_b","cwd":"/r","provider":"anthropic","model":"claude-sonnet-4","apiModel":"claude-sonnet-4-20250514"}`,
		// 1000 plain, 2000 cached, 400 cache writes, 200 output.
		`{"schemaVersion":2,"type":"usage","runId":"run_20260101_b","promptTokens":3400,"completionTokens":200,"cachedInputTokens":2000,"cacheWriteTokens":400}`,
		`{"schemaVersion":2,"type":"run_start","runId":"run_20260101_c","cwd":"/r","provider":"ollama","model":"llama3.1:8b"}`,
		`{"schemaVersion":2,"type":"usage","runId":"run_20260101_c","promptTokens":10,"completionTokens":1}`,
		`{"schemaVersion":2,"type":"usage","runId":"run_20260101_d","promptTokens":10,"completionTokens":1}`,
	)
	rep := report(t, ReportOptions{Priced: true, By: []Dimension{ByModel}}, Options{}, p, logFile{"f", log})
	// a: 2000×2e-6 + 500×5e-7 + 200×8e-6 = 0.004 + 0.00025 + 0.0016
	// b: 1000×3e-6 + 2000×3e-7 + 400×3.75e-6 + 200×1.5e-5 = 0.003 + 0.0006 + 0.0015 + 0.003
	want := map[string]string{"gpt-4.1": "0.00585", "claude-sonnet-4": "0.0081", "llama3.1:8b": "0", "unknown": "0"}
	for _, g := range rep.Groups {
		if got := g.Estimated.String(); got != want[g.Key[0]] {
			t.Errorf("%s: estimated %s, want %s", g.Key[0], got, want[g.Key[0]])
		}
	}
	if got := rep.Totals.Cost.String(); got != "0.5" {
		t.Errorf("reported cost %s, want 0.5", got)
	}
	if got := rep.Totals.Estimated.String(); got != "0.01395" {
		t.Errorf("estimated cost %s, want 0.01395", got)
	}
	if rep.Totals.Unpriced != 2 {
		t.Errorf("%d unpriced events, want 2", rep.Totals.Unpriced)
	}
	if want := []string{"llama3.1:8b", "unknown"}; !slices.Equal(rep.UnpricedModels, want) {
		t.Errorf("unpriced models %v, want %v", rep.UnpricedModels, want)
	}
}

// TestUnpricedModelsAreOfCountedRuns: a run left out (by date, or as a
// duplicate) is not priced, so its model is not reported missing.
func TestUnpricedModelsAreOfCountedRuns(t *testing.T) {
	p, err := LoadPrices(strings.NewReader(litellmPrices))
	if err != nil {
		t.Fatal(err)
	}
	log := lines(
		`{"schemaVersion":2,"type":"run_start","runId":"run_20260101_c","cwd":"/r","provider":"ollama","model":"llama3.1:8b"}`,
		`{"schemaVersion":2,"type":"usage","runId":"run_20260101_c","promptTokens":10,"completionTokens":1}`,
	)
	rep := report(t, ReportOptions{Since: "2027-01-01"}, Options{}, p, logFile{"f", log})
	if len(rep.UnpricedModels) != 0 || rep.Totals.Unpriced != 0 {
		t.Errorf("unpriced models %v, events %d; want none", rep.UnpricedModels, rep.Totals.Unpriced)
	}
	rep = report(t, ReportOptions{}, Options{}, p, logFile{"f", log}, logFile{"g", log})
	if rep.Totals.Unpriced != 1 || rep.DuplicateRuns != 1 {
		t.Errorf("%d unpriced events, %d duplicates; want 1, 1", rep.Totals.Unpriced, rep.DuplicateRuns)
	}
}
