package usage

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
)

// Prices are per-token prices by model name, read from a file in the
// format of LiteLLM's model_prices_and_context_window.json: an object whose
// keys are model names ("gpt-4.1", "anthropic/claude-sonnet-4-20250514")
// and whose values hold, among other things, input_cost_per_token,
// output_cost_per_token, cache_read_input_token_cost and
// cache_creation_input_token_cost, in US dollars.
type Prices struct {
	models map[string]Price
}

// Price is what one model costs per token.
type Price struct {
	Input, Output, CacheRead, CacheWrite USD
}

// The LiteLLM keys read.
const (
	keyInput      = "input_cost_per_token"
	keyOutput     = "output_cost_per_token"
	keyCacheRead  = "cache_read_input_token_cost"
	keyCacheWrite = "cache_creation_input_token_cost"
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
		price := Price{Input: input, Output: output, CacheRead: input, CacheWrite: input}
		// Without cache prices, cached input is priced as input.
		if v, ok := priceField(fields, keyCacheRead); ok {
			price.CacheRead = v
		}
		if v, ok := priceField(fields, keyCacheWrite); ok {
			price.CacheWrite = v
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

// Len is the number of models priced.
func (p *Prices) Len() int { return len(p.models) }

// lookup finds the price of a run's model: its apiModel (the most precise
// name), then its model, then either prefixed with the provider, as LiteLLM
// names many models ("openrouter/deepseek/deepseek-r1-0528").
func (p *Prices) lookup(r *Run) (Price, bool) {
	for _, name := range []string{r.APIModel, r.Model} {
		if name == "" {
			continue
		}
		if price, ok := p.models[name]; ok {
			return price, true
		}
		if r.Provider != "" {
			if price, ok := p.models[r.Provider+"/"+name]; ok {
				return price, true
			}
		}
	}
	return Price{}, false
}

// priceRun estimates the cost of r's usage events that report none, and
// returns the model name to list as missing from the prices ("" when
// nothing is missing). With no prices, every such event is unpriced.
//
// Cached input and cache writes are taken to be part of promptTokens (as
// OpenAI and Zero count them): the estimate is
//
//	(prompt - cached - cacheWrite) × input + cached × cacheRead
//	  + cacheWrite × cacheWrite price + completion × output
//
// over the run's events without cost, and reasoning tokens, part of
// completionTokens, are not priced again.
func priceRun(r *Run, p *Prices) (missing string) {
	u := r.uncosted
	r.uncosted = uncosted{} // priced once
	if u.events == 0 {
		return ""
	}
	if p == nil {
		r.Usage.Unpriced += u.events
		return ""
	}
	price, ok := p.lookup(r)
	if !ok {
		r.Usage.Unpriced += u.events
		return orUnknown(r.Model)
	}
	plain := sub(sub(u.prompt, u.cached), u.written)
	est := cost(plain, price.Input)
	est.Add(cost(u.cached, price.CacheRead))
	est.Add(cost(u.written, price.CacheWrite))
	est.Add(cost(u.completion, price.Output))
	r.Usage.Estimated.Add(est)
	return ""
}
