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
	x.markActive()
	view := x.escapeView(t)
	all := x.ruleSpans[:0]
	for ri := range rs.rules {
		if !rs.always[ri] && !x.active[ri] {
			continue
		}
		vet := rs.rules[ri].vet
		for _, sp := range x.spansOf(ri, t, view) {
			if vet == nil || vet.keeps(t, sp) {
				all = append(all, ruleSpan{sp, ri})
			}
		}
	}
	x.ruleSpans = all
	if len(all) == 0 {
		return t, false
	}
	reported := x.reported[:0]
	for _, r := range all {
		if slices.ContainsFunc(reported, func(o span) bool { return o.start <= r.start && r.end <= o.end }) {
			continue
		}
		reported = append(reported, r.span)
		x.found = append(x.found, found{rs.rules[r.rule].id, fingerprint(t[r.start:r.end])})
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
// gates.
func (x *Redactor) markActive() {
	if len(x.active) != len(x.rs.rules) {
		x.active = make([]bool, len(x.rs.rules))
	}
	clear(x.active)
	for _, h := range x.hits {
		for _, ri := range x.rs.kwRules[h.kw] {
			x.active[ri] = true
		}
	}
}
