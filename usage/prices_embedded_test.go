package usage

import (
	"fmt"
	"strings"
	"testing"
)

// TestEmbeddedPricesOnSampleLogs: every model of the sample logs that used
// tokens gets an estimate from the shipped snapshot, equal to the tokens
// of its usage events priced by hand at the snapshot's prices (per million
// tokens, as genai-prices 0.1.8 lists them).
func TestEmbeddedPricesOnSampleLogs(t *testing.T) {
	rep := report(t, ReportOptions{By: []Dimension{ByModel}}, Options{}, EmbeddedPrices(), fixtures(t, "v2/*.jsonl")...)
	// openai gpt-4.1 ($2 input, $0.50 cached, $8 output, cache writes at
	// the input price, no reasoning price), run.jsonl and interleaved.jsonl:
	//   prompt 9750 + 410, cached 7936, cache writes 896,
	//   completion 531 + 22 (reasoning 122 of them, at the output price)
	//   (10160 - 7936 - 896) × 2 + 7936 × 0.5 + 896 × 2 + 553 × 8
	//   = 2656 + 3968 + 1792 + 4424 = 12840 millionths of a dollar.
	// anthropic claude-sonnet-4 ($3 input, $15 output), failed.jsonl
	// (apiModel claude-sonnet-4-20250514, found without its date):
	//   950 × 3 + 40 × 15 = 2850 + 600 = 3450 millionths.
	want := map[string]string{"gpt-4.1": "0.01284", "claude-sonnet-4": "0.00345", "gpt-4.1-mini": "0"}
	if len(rep.Groups) != len(want) {
		t.Fatalf("%d models, want %d", len(rep.Groups), len(want))
	}
	for _, g := range rep.Groups {
		model := g.Key[0]
		if got := g.Estimated.String(); got != want[model] {
			t.Errorf("%s: estimated %s, want %s", model, got, want[model])
		}
		if g.Total.IsZero() != g.Estimated.IsZero() {
			t.Errorf("%s: %s tokens, estimated %s: a model that used tokens must be priced", model, g.Total, g.Estimated)
		}
	}
	if rep.Totals.Unpriced != 0 || len(rep.UnpricedModels) != 0 {
		t.Errorf("unpriced: %d events, models %v", rep.Totals.Unpriced, rep.UnpricedModels)
	}
}

func TestEmbeddedPricesInfo(t *testing.T) {
	p := EmbeddedPrices()
	info := p.Info()
	if info.Package != "@pydantic/genai-prices" || info.Version == "" || ParseDate(info.Date) != nil || !strings.HasPrefix(info.License, "MIT") {
		t.Errorf("snapshot info %+v", info)
	}
	if p.Len() < 500 {
		t.Errorf("%d model names in the snapshot", p.Len())
	}
	var b strings.Builder
	if err := WritePricesInfo(&b, p, ""); err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{info.Source, info.Version, info.Date, info.License} {
		if !strings.Contains(b.String(), s) {
			t.Errorf("prices info lacks %q:\n%s", s, b.String())
		}
	}
}

// TestPriceNames: provider-prefixed and dated names find the model's price.
func TestPriceNames(t *testing.T) {
	p := EmbeddedPrices()
	gpt41, _ := p.lookup(&Run{Model: "gpt-4.1"})
	sonnet4, _ := p.lookup(&Run{Model: "claude-sonnet-4"})
	if gpt41.Input.String() != "0.000002" || sonnet4.Output.String() != "0.000015" {
		t.Fatalf("gpt-4.1 %+v, claude-sonnet-4 %+v", gpt41, sonnet4)
	}
	for _, tc := range []struct {
		run  Run
		want Price
	}{
		{Run{Model: "openai/gpt-4.1"}, gpt41},
		{Run{Model: "openrouter/openai/gpt-4.1", Provider: "someone"}, gpt41},
		{Run{Model: "gpt-4.1-2025-04-14"}, gpt41},
		{Run{Model: "x", APIModel: "gpt-4.1-2025-04-14"}, gpt41},
		{Run{Model: "claude-sonnet-4-20250514"}, sonnet4},
		{Run{Model: "claude-sonnet-4@20250514"}, sonnet4},
		{Run{Model: "anthropic/claude-sonnet-4-20250514"}, sonnet4},
		{Run{Model: "claude-sonnet-4", Provider: "anthropic"}, sonnet4},
	} {
		got, ok := p.lookup(&tc.run)
		if !ok || got != tc.want {
			t.Errorf("%+v: %+v %v, want %+v", tc.run, got, ok, tc.want)
		}
	}
	for _, name := range []string{"gpt-4.1-20", "no-such-model", "claude-sonnet-4-2025", ""} {
		if _, ok := p.lookup(&Run{Model: name}); ok {
			t.Errorf("%q was priced", name)
		}
	}
}

func TestWithoutDate(t *testing.T) {
	for in, want := range map[string]string{
		"claude-sonnet-4-20250514": "claude-sonnet-4",
		"claude-sonnet-4@20250514": "claude-sonnet-4",
		"gpt-4.1-2025-04-14":       "gpt-4.1",
		"gpt-4.1":                  "",
		"-20250514":                "",
		"model-12345678":           "", // not a date of this century
		"gpt-4.1-2025-0414":        "",
	} {
		got, ok := withoutDate(in)
		if got != want || ok != (want != "") {
			t.Errorf("withoutDate(%q) = %q %v, want %q", in, got, ok, want)
		}
	}
}

// TestPricesOver: a price file overrides the snapshot for the models it
// prices, whatever name form the snapshot knows them by, and leaves the
// others at the snapshot's prices; a reasoning price applies to
// reasoning tokens only.
func TestPricesOver(t *testing.T) {
	file, err := LoadPrices(strings.NewReader(`{"gpt-4.1": {"input_cost_per_token": 1e-6, "output_cost_per_token": 2e-6, "output_cost_per_reasoning_token": 5e-6}}`))
	if err != nil {
		t.Fatal(err)
	}
	p := file.Over(EmbeddedPrices())
	// The snapshot has openai/gpt-4.1, tried first by name; the file wins.
	got, _ := p.lookup(&Run{Model: "gpt-4.1", Provider: "openai"})
	if got.Input.String() != "0.000001" || got.Reasoning.String() != "0.000005" || got.CacheRead.String() != "0.000001" {
		t.Errorf("overridden gpt-4.1: %+v", got)
	}
	if got, ok := p.lookup(&Run{Model: "claude-sonnet-4"}); !ok || got.Input.String() != "0.000003" {
		t.Errorf("claude-sonnet-4 from the snapshot: %+v %v", got, ok)
	}
	r := &Run{Model: "gpt-4.1", Usage: Usage{Events: 1, Prompt: tokens(t, "100"), Completion: tokens(t, "30"), Reasoning: tokens(t, "10")}}
	priceRun(r, p)
	// 100 × 1 + 20 × 2 + 10 × 5 = 190 millionths.
	if got := r.Usage.Estimated.String(); got != "0.00019" {
		t.Errorf("estimate with a reasoning price: %s, want 0.00019", got)
	}
}

func tokens(t *testing.T, s string) Tokens {
	t.Helper()
	d, err := ParseDecimal[wholeUnits]([]byte(s))
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// TestSnapshotIndexAgreesWithParser: the snapshot read an entry at a time
// gives every model the price the full JSON reader gives it.
func TestSnapshotIndexAgreesWithParser(t *testing.T) {
	full, err := LoadPrices(strings.NewReader(string(embeddedPrices)))
	if err != nil {
		t.Fatal(err)
	}
	lazy, err := loadSnapshot(embeddedPrices)
	if err != nil {
		t.Fatal(err)
	}
	if full.Len() != lazy.Len() || full.Info() != lazy.Info() {
		t.Fatalf("%d models, info %+v; indexed: %d, %+v", full.Len(), full.Info(), lazy.Len(), lazy.Info())
	}
	for name, want := range full.table.models {
		if got, ok := lazy.table.get(name); !ok || fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("%s: %+v %v, want %+v", name, got, ok, want)
		}
	}
	for _, bad := range []string{"", "{\n}", "{\n  \"a\" 1\n}", "[\n1\n]"} {
		if _, err := loadSnapshot([]byte(bad)); err == nil {
			t.Errorf("loadSnapshot(%q) did not fail", bad)
		}
	}
}

// FuzzNameVariants: the names tried for a model are the name itself
// first, then shorter ones, each a part of it, never empty.
func FuzzNameVariants(f *testing.F) {
	for _, s := range []string{"openrouter/openai/gpt-4.1-2025-04-14", "claude-sonnet-4@20250514", "a/", "/", "-20250514", "x-2025-0-1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, name string) {
		vs := nameVariants(name)
		if name != "" && (len(vs) == 0 || vs[0] != name) {
			t.Fatalf("nameVariants(%q) = %q: the name itself must come first", name, vs)
		}
		for _, v := range vs[min(1, len(vs)):] {
			if v == "" || len(v) >= len(name) || !strings.Contains(name, v) {
				t.Errorf("nameVariants(%q) has %q", name, v)
			}
		}
		if undated, ok := withoutDate(name); ok && (undated == "" || !strings.HasPrefix(name, undated)) {
			t.Errorf("withoutDate(%q) = %q", name, undated)
		}
	})
}
