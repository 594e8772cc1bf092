package redact

import "slices"

// Every rule looks at the same text, and what they find is replaced at
// once, the union of their spans: were each rule to run over what the
// ones before it left, a rule that takes part of a secret (gitlab-pat in
// a routable GitLab token, url-password in a Sidekiq URL) would leave
// the rest to no one. A span inside one that a rule before it found is
// not reported again.

type ruleSpan struct {
	span
	rule int
}

// maxRounds bounds how often the rules run again over a text they
// changed: a rule may find more once its first find is replaced (a
// Kubernetes secret's second data entry), and a second pass over the
// output must change nothing.
const maxRounds = 4

// replaceAll runs the rules that x.hits gate over t, reports what they
// find and returns t with the union of their spans replaced; then again
// over the result, until nothing more is found.
func (x *Redactor) replaceAll(t []byte) ([]byte, bool) {
	changed := false
	for range maxRounds {
		out, more := x.replaceOnce(t)
		if !more {
			break
		}
		t, changed = out, true
		x.hits = x.rs.pf.scan(t, x.hits[:0])
	}
	return t, changed
}

// replaceOnce is one round of replaceAll.
func (x *Redactor) replaceOnce(t []byte) ([]byte, bool) {
	rs := x.rs
	x.markActive(t)
	view := x.escapeView(t)
	all := x.ruleSpans[:0]
	for ri := range rs.rules {
		if !rs.always[ri] && !x.active[ri] {
			continue
		}
		vet := rs.rules[ri].vet
		var lines *lineMemo
		if vet != nil && len(vet.allow) > 0 {
			lines = newLineMemo()
		}
		for _, sp := range x.spansOf(ri, t, view) {
			if vet == nil || vet.keeps(t, sp, lines) {
				all = append(all, ruleSpan{sp, ri})
			}
		}
	}
	x.ruleSpans = all
	if len(all) == 0 {
		return t, false
	}
	reported := x.reported[:0]
	x.cover.reset()
	for i := 0; i < len(all); {
		// A rule's spans do not overlap (see spansOf): only those of
		// the rules before can hold one.
		ri, first := all[i].rule, len(reported)
		for ; i < len(all) && all[i].rule == ri; i++ {
			r := all[i]
			if x.cover.holds(r.span) {
				continue
			}
			reported = append(reported, r.span)
			x.found = append(x.found, found{rs.rules[ri].id, fingerprint(t[r.start:r.end])})
		}
		x.cover.add(reported[first:])
	}
	slices.SortFunc(reported, func(a, b span) int { return a.start - b.start })
	merged := reported[:0]
	for _, sp := range reported {
		if n := len(merged); n > 0 && sp.start < merged[n-1].end {
			merged[n-1].end = max(merged[n-1].end, sp.end)
			continue
		}
		merged = append(merged, sp)
	}
	x.reported = merged
	return x.replace(t, merged), true
}

// markActive sets x.active for the rules that some keyword of x.hits
// gates in t. In a text without a backslash the rules' quick checks
// read it as they read raw JSON text (see mayMatchText), so a rule none
// of whose keywords passes its check cannot fire and is left out. A line
// is walked as soon as one keyword in it passes; the rules of the others
// then ran for nothing (on the realistic log, Go source in tool outputs:
// "token" and "key" in code gated the generic-api-key regex over every
// such string of a walked line).
func (x *Redactor) markActive(t []byte) {
	if len(x.active) != len(x.rs.rules) {
		x.active = make([]bool, len(x.rs.rules))
	}
	clear(x.active)
	checked := !denseHits(x.hits, t) && indexByte(t, '\\') < 0
	var escapes escapesAhead
	for _, h := range x.hits {
		for _, ri := range x.rs.kwRules[h.kw] {
			if !x.active[ri] && (!checked || x.ruleMayFire(t, h, ri, &escapes)) {
				x.active[ri] = true
			}
		}
	}
}

// coverSet answers whether a span lies within one of a set of spans in
// O(log n): the spans sorted by start, with the furthest end of each
// prefix. (Looking through every span reported so far made a text of
// thousands of secrets, such as a token repeated over half a megabyte,
// take quadratic time.)
type coverSet struct {
	spans  []span
	maxEnd []int // maxEnd[i]: the furthest end of spans[:i+1]
}

func (c *coverSet) reset() { c.spans, c.maxEnd = c.spans[:0], c.maxEnd[:0] }

// holds reports whether some span of c starts at or before sp and ends
// at or after it.
func (c *coverSet) holds(sp span) bool {
	// The spans that start at or before sp: spans[:n].
	n, _ := slices.BinarySearchFunc(c.spans, sp.start+1, func(s span, start int) int { return s.start - start })
	return n > 0 && c.maxEnd[n-1] >= sp.end
}

// add puts spans into c.
func (c *coverSet) add(spans []span) {
	if len(spans) == 0 {
		return
	}
	c.spans = append(c.spans, spans...)
	slices.SortFunc(c.spans, func(a, b span) int { return a.start - b.start })
	c.maxEnd = c.maxEnd[:0]
	end := -1
	for _, s := range c.spans {
		end = max(end, s.end)
		c.maxEnd = append(c.maxEnd, end)
	}
}
