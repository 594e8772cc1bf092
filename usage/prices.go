package usage

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"
)

// Prices are per-token prices by model name, read from a file in the
// format of LiteLLM's model_prices_and_context_window.json: an object whose
// keys are model names ("gpt-4.1", "anthropic/claude-sonnet-4-20250514")
// and whose values hold, among other things, input_cost_per_token,
// output_cost_per_token, cache_read_input_token_cost,
// cache_creation_input_token_cost and output_cost_per_reasoning_token, in
// US dollars. The snapshot zsj ships (EmbeddedPrices) is in this format too.
// Prices are safe for use by several goroutines.
type Prices struct {
	table *priceTable
	base  *Prices // asked when table has no price (see Over)

	mu    sync.Mutex
	found map[runNames]priceFound // lookups made, by the names of a run
}

type runNames struct{ provider, apiModel, model string }

type priceFound struct {
	price Price
	ok    bool
}

// priceTable is one price file. The shipped snapshot is parsed an entry
// at a time, when a run asks for it: parsing thousands of models would
// cost every zsj usage more than the few it needs.
type priceTable struct {
	info PricesInfo

	mu     sync.Mutex
	models map[string]Price  // parsed entries
	raw    map[string][]byte // entries not parsed yet, by name
}

// Price is what one model costs per token.
type Price struct {
	Input, Output, CacheRead, CacheWrite, Reasoning USD
}

// PricesInfo says where a price table comes from: the "snapshot_info"
// entry of the file, which LiteLLM's own files do not have.
type PricesInfo struct {
	Source  string `json:"source"`
	Package string `json:"package"`
	Version string `json:"version"`
	License string `json:"license"`
	Date    string `json:"date"`
	Note    string `json:"note"`
}

// The LiteLLM keys read.
const (
	keyInput      = "input_cost_per_token"
	keyOutput     = "output_cost_per_token"
	keyCacheRead  = "cache_read_input_token_cost"
	keyCacheWrite = "cache_creation_input_token_cost"
	keyReasoning  = "output_cost_per_reasoning_token"
	keyInfo       = "snapshot_info"
)

// LoadPrices reads a price file. Entries without input or output prices
// (image models, the file's "sample_spec") are skipped; prices are read
// exactly, as written.
func LoadPrices(r io.Reader) (*Prices, error) {
	var raw map[string]json.RawMessage
	dec := json.NewDecoder(r)
	if err := dec.Decode(&raw); err != nil {
		return nil, fmt.Errorf("not a price file: %w", err)
	}
	t := &priceTable{models: make(map[string]Price, len(raw))}
	if info, ok := raw[keyInfo]; ok {
		json.Unmarshal(info, &t.info) // the information is optional
		delete(raw, keyInfo)
	}
	for name, entry := range raw {
		if price, ok := parsePrice(entry); ok {
			t.models[name] = price
		}
	}
	if len(t.models) == 0 {
		return nil, errors.New("no model with " + keyInput + " or " + keyOutput + " in the price file")
	}
	return &Prices{table: t}, nil
}

// parsePrice reads one entry; ok is false for an entry without input or
// output price.
func parsePrice(entry []byte) (Price, bool) {
	var fields map[string]json.RawMessage
	if json.Unmarshal(entry, &fields) != nil {
		return Price{}, false
	}
	input, inOK := priceField(fields, keyInput)
	output, outOK := priceField(fields, keyOutput)
	if !inOK && !outOK {
		return Price{}, false
	}
	// Without cache prices, cached input is priced as input; without a
	// reasoning price, reasoning is priced as output.
	price := Price{Input: input, Output: output, CacheRead: input, CacheWrite: input, Reasoning: output}
	if v, ok := priceField(fields, keyCacheRead); ok {
		price.CacheRead = v
	}
	if v, ok := priceField(fields, keyCacheWrite); ok {
		price.CacheWrite = v
	}
	if v, ok := priceField(fields, keyReasoning); ok {
		price.Reasoning = v
	}
	return price, true
}

// loadSnapshot indexes a price file written one entry a line, as
// prices/reduce.mjs writes it, without parsing the entries.
func loadSnapshot(data []byte) (*Prices, error) {
	t := &priceTable{models: make(map[string]Price), raw: make(map[string][]byte)}
	lines := bytes.Split(bytes.TrimSpace(data), []byte("\n"))
	if len(lines) < 3 || string(lines[0]) != "{" || string(lines[len(lines)-1]) != "}" {
		return nil, errors.New("not a price file of one entry a line")
	}
	for i, line := range lines[1 : len(lines)-1] {
		line = bytes.TrimSuffix(bytes.TrimSpace(line), []byte(","))
		name, value, ok := bytes.Cut(line, []byte(`": `))
		if !ok || len(name) < 2 || name[0] != '"' || bytes.ContainsAny(name, `\`) {
			return nil, fmt.Errorf("line %d is not one entry", i+2)
		}
		if key := string(name[1:]); key == keyInfo {
			if err := json.Unmarshal(value, &t.info); err != nil {
				return nil, fmt.Errorf("%s: %w", keyInfo, err)
			}
		} else {
			t.raw[key] = value
		}
	}
	return &Prices{table: t}, nil
}

// get returns the price of one name, parsing its entry the first time.
func (t *priceTable) get(name string) (Price, bool) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if price, ok := t.models[name]; ok {
		return price, true
	}
	entry, ok := t.raw[name]
	if !ok {
		return Price{}, false
	}
	delete(t.raw, name)
	price, ok := parsePrice(entry)
	if ok {
		t.models[name] = price
	}
	return price, ok
}

func priceField(fields map[string]json.RawMessage, key string) (USD, bool) {
	raw, ok := fields[key]
	raw = bytes.TrimSpace(raw)
	if !ok || len(raw) == 0 || !(raw[0] == '-' || raw[0] >= '0' && raw[0] <= '9') {
		return USD{}, false
	}
	v, err := ParseDecimal[picoUnits](raw)
	if err != nil {
		return USD{}, false
	}
	return v, true
}

// Len is the number of models priced (not counting those of the table it
// extends). In the shipped snapshot, every entry has a price.
func (p *Prices) Len() int {
	t := p.table
	if t == nil {
		return 0
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	return len(t.models) + len(t.raw)
}

// Info says where the prices come from; zero for a file without a
// snapshot_info entry.
func (p *Prices) Info() PricesInfo {
	if p.table == nil {
		return PricesInfo{}
	}
	return p.table.info
}

// Over returns p extending base: a model p prices has p's price, the
// others base's (--prices FILE over the shipped snapshot).
func (p *Prices) Over(base *Prices) *Prices {
	return &Prices{table: p.table, base: base}
}

// lookup finds the price of a run's model, from p first, then from the
// table p extends. Runs share few names: each set is looked up once.
func (p *Prices) lookup(r *Run) (Price, bool) {
	key := runNames{r.Provider, r.APIModel, r.Model}
	p.mu.Lock()
	defer p.mu.Unlock()
	if f, ok := p.found[key]; ok {
		return f.price, f.ok
	}
	var f priceFound
	for q := p; q != nil && !f.ok; q = q.base {
		f.price, f.ok = q.table.find(r)
	}
	if p.found == nil {
		p.found = make(map[runNames]priceFound)
	}
	p.found[key] = f
	return f.price, f.ok
}

// find tries the run's apiModel (the most precise name), then its model,
// each as written, without the provider prefixes it may carry
// ("openai/gpt-4.1"), and without a release date ("claude-sonnet-4-20250514",
// "gpt-4.1-2025-04-14"); each of those prefixed with the run's provider
// first, as price tables name many models ("anthropic/claude-sonnet-4").
func (t *priceTable) find(r *Run) (Price, bool) {
	if t == nil { // the zero Prices
		return Price{}, false
	}
	for _, name := range []string{r.APIModel, r.Model} {
		for _, n := range nameVariants(name) {
			if r.Provider != "" {
				if price, ok := t.get(r.Provider + "/" + n); ok {
					return price, true
				}
			}
			if price, ok := t.get(n); ok {
				return price, true
			}
		}
	}
	return Price{}, false
}

// nameVariants lists the names to try for a model name, most precise
// first: the name, then without each leading "provider/" in turn, each
// followed by itself without a date suffix.
func nameVariants(name string) []string {
	var out []string
	for name != "" {
		out = append(out, name)
		if undated, ok := withoutDate(name); ok {
			out = append(out, undated)
		}
		_, rest, ok := strings.Cut(name, "/")
		if !ok {
			break
		}
		name = rest
	}
	return out
}

// withoutDate removes a release date at the end of a model name:
// -YYYYMMDD, @YYYYMMDD or -YYYY-MM-DD.
func withoutDate(name string) (string, bool) {
	digits := func(s string) bool {
		for _, c := range []byte(s) {
			if c < '0' || c > '9' {
				return false
			}
		}
		return true
	}
	if n := len(name) - 9; n > 0 && (name[n] == '-' || name[n] == '@') && digits(name[n+1:]) && name[n+1] == '2' {
		return name[:n], true
	}
	if n := len(name) - 11; n > 0 && name[n] == '-' && name[n+5] == '-' && name[n+8] == '-' &&
		digits(name[n+1:n+5]) && digits(name[n+6:n+8]) && digits(name[n+9:]) {
		return name[:n], true
	}
	return "", false
}

// priceRun estimates the cost of all of r's usage events from the price
// of its model, and returns the model name to list as missing from the
// prices ("" when nothing is missing). With no prices, nothing is
// estimated and every usage event is unpriced.
//
// The estimate prices the tokens, whether or not the events report
// costUsd (the reported cost stays in its own column). Cached input and
// cache writes are taken to be part of promptTokens, and reasoning tokens
// part of completionTokens (as OpenAI and Zero count them):
//
//	(prompt - cached - cacheWrite) × input + cached × cacheRead
//	  + cacheWrite × cacheWrite price
//	  + (completion - reasoning) × output + reasoning × reasoning price
//
// Estimate adds to r's usage the estimate of its tokens at p's price of
// its model, or counts its usage events as unpriced when p has none (or
// p is nil); it returns the model name that has no price, if any. zsj
// usage and zsj runs do this to each run; other readers of runs (zsj
// export) call it themselves.
func (p *Prices) Estimate(r *Run) (missing string) { return priceRun(r, p) }

func priceRun(r *Run, p *Prices) (missing string) {
	u := &r.Usage
	if u.Events == 0 {
		return ""
	}
	if p == nil {
		u.Unpriced += u.Events
		return ""
	}
	price, ok := p.lookup(r)
	if !ok {
		u.Unpriced += u.Events
		return orUnknown(r.Model)
	}
	plain := sub(sub(u.Prompt, u.Cached), u.CacheWrite)
	est := cost(plain, price.Input)
	est.Add(cost(u.Cached, price.CacheRead))
	est.Add(cost(u.CacheWrite, price.CacheWrite))
	est.Add(cost(sub(u.Completion, u.Reasoning), price.Output))
	est.Add(cost(u.Reasoning, price.Reasoning))
	u.Estimated.Add(est)
	return ""
}
