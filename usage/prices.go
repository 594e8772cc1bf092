package usage

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
)

// Prices are per-token prices by model name, read from a file in the
// format of LiteLLM's model_prices_and_context_window.json: an object whose
// keys are model names ("gpt-4.1", "anthropic/claude-sonnet-4-20250514")
// and whose values hold, among other things, input_cost_per_token,
// output_cost_per_token, cache_read_input_token_cost,
// cache_creation_input_token_cost and output_cost_per_reasoning_token, in
// US dollars. The snapshot zsj ships (EmbeddedPrices) is in this format too.
type Prices struct {
	models map[string]Price
	info   PricesInfo
	base   *Prices // asked when models has no price (see Over)
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
	p := &Prices{models: make(map[string]Price, len(raw))}
	if info, ok := raw[keyInfo]; ok {
		json.Unmarshal(info, &p.info) // the information is optional
		delete(raw, keyInfo)
	}
	for name, entry := range raw {
		var fields map[string]json.RawMessage
		if json.Unmarshal(entry, &fields) != nil {
			continue
		}
		input, inOK := priceField(fields, keyInput)
		output, outOK := priceField(fields, keyOutput)
		if !inOK && !outOK {
			continue
		}
		// Without cache prices, cached input is priced as input; without
		// a reasoning price, reasoning is priced as output.
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
		p.models[name] = price
	}
	if len(p.models) == 0 {
		return nil, errors.New("no model with " + keyInput + " or " + keyOutput + " in the price file")
	}
	return p, nil
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
// extends).
func (p *Prices) Len() int { return len(p.models) }

// Info says where the prices come from; zero for a file without a
// snapshot_info entry.
func (p *Prices) Info() PricesInfo { return p.info }

// Over returns p extending base: a model p prices has p's price, the
// others base's (--prices FILE over the shipped snapshot).
func (p *Prices) Over(base *Prices) *Prices {
	q := *p
	q.base = base
	return &q
}

// lookup finds the price of a run's model, from p first, then from the
// table p extends.
func (p *Prices) lookup(r *Run) (Price, bool) {
	for ; p != nil; p = p.base {
		if price, ok := p.find(r); ok {
			return price, true
		}
	}
	return Price{}, false
}

// find tries the run's apiModel (the most precise name), then its model,
// each as written, without the provider prefixes it may carry
// ("openai/gpt-4.1"), and without a release date ("claude-sonnet-4-20250514",
// "gpt-4.1-2025-04-14"); each of those prefixed with the run's provider
// first, as price tables name many models ("anthropic/claude-sonnet-4").
func (p *Prices) find(r *Run) (Price, bool) {
	for _, name := range []string{r.APIModel, r.Model} {
		for _, n := range nameVariants(name) {
			if r.Provider != "" {
				if price, ok := p.models[r.Provider+"/"+n]; ok {
					return price, true
				}
			}
			if price, ok := p.models[n]; ok {
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
