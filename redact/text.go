package redact

import (
	"bytes"

	"github.com/zsj-dev/zsj/protocol"
)

// Redactor applies a RuleSet. It keeps scratch space from one call to the
// next, so it is not safe for concurrent use: make one per goroutine.
type Redactor struct {
	rs *RuleSet

	hits    []hit
	spans   []span
	near    []span    // the keywords near which a regex rule looks
	found   []found   // matches in the text being redacted
	work    [2][]byte // the text after each rule, alternately
	flip    int
	dec     []byte // a decoded string
	matches []Match
	w       walker
	parser  protocol.Parser
	// cleanPrefix, when not 0, is the length of the bytes before the last
	// string of the parser's remembered shape, in which the scan found
	// nothing (see scanChecked).
	cleanPrefix int
	// checkedPrefix is cleanPrefix for the shapes a caller's checker
	// names (FindShaped): kept apart, as the two remember different lines.
	checkedPrefix int
	fixed         []byte // a line that text redaction made valid JSON
	lineHits      []hit  // the keywords of the line being walked (from its last string on, after scanShaped's short scan)
	strHits       []hit  // those of one of its strings
	// replaceAll's: what each rule found, what is reported, which rules
	// the keywords gate.
	ruleSpans []ruleSpan
	reported  []span
	cover     coverSet // the spans reported by the rules before (replaceOnce)
	active    []bool

	// view is the text as the rules see it, viewEsc where it differs
	// (see escapeView).
	view    []byte
	viewEsc []viewEscape

	joined []byte // the text across a join of deltas (see Join)

	walkAll bool // tests: walk every line, to check that passing most is exact
	// tests: scan every line whole, to check that scanChecked is exact
	fullScans bool
}

type span struct{ start, end int }

// found is a match before its JSON path is known.
type found struct {
	rule string
	fp   string
}

// NewRedactor returns a Redactor for rs.
func (rs *RuleSet) NewRedactor() *Redactor {
	x := &Redactor{rs: rs}
	x.w.x = x
	return x
}

// Text applies the text rules to s, as if it were the text of a JSON
// string, and returns what they found, in the order they found it. The
// result is valid until the next call.
func (x *Redactor) Text(s []byte) []Match {
	x.found = x.found[:0]
	x.redact(s)
	x.matches = x.matches[:0]
	for _, f := range x.found {
		x.matches = append(x.matches, Match{Rule: f.rule, Fingerprint: f.fp})
	}
	return x.matches
}

// RedactText is Text that also returns the redacted text (s itself when
// nothing changed), valid until the next call.
func (x *Redactor) RedactText(s []byte) ([]byte, []Match) {
	x.found = x.found[:0]
	out, _ := x.redact(s)
	x.matches = x.matches[:0]
	for _, f := range x.found {
		x.matches = append(x.matches, Match{Rule: f.rule, Fingerprint: f.fp})
	}
	return out, x.matches
}

// redact runs the text rules over t in order, each over what the ones
// before left, and appends what they find to x.found. It returns t when
// nothing changed.
func (x *Redactor) redact(t []byte) ([]byte, bool) {
	x.hits = x.rs.pf.scan(t, x.hits[:0])
	return x.redactHits(t, x.hits)
}

// redactHits is redact for a text whose keywords are known.
func (x *Redactor) redactHits(t []byte, hits []hit) ([]byte, bool) {
	rs := x.rs
	if len(hits) == 0 && !rs.anyAlways {
		return t, false
	}
	x.hits = append(x.hits[:0], hits...) // the rules below rescan into x.hits
	if len(x.hits) == 0 && !rs.anyAlways {
		return t, false
	}
	return x.replaceAll(t)
}

// spansOf returns the secrets rule ri finds in t, in order and not
// overlapping, leaving out those already replaced. The rule looks at
// view, t as escapeView shows it.
func (x *Redactor) spansOf(ri int, t, view []byte) []span {
	r := &x.rs.rules[ri]
	spans := x.spans[:0]
	last := 0
	mapped := len(x.viewEsc) > 0
	add := func(start, end int) {
		if mapped {
			start, end = x.textSpan(start, end)
		}
		if start >= last && end > start && !bytes.HasPrefix(t[start:], x.rs.repl) {
			spans = append(spans, span{start, end})
			last = end
		}
	}
	if r.all != nil {
		var near []span
		if len(r.keywords) > 0 {
			if near = x.nearHits(ri); len(near) == 0 {
				return spans
			}
			if mapped {
				for i, n := range near {
					near[i] = span{x.viewPos(n.start), x.viewPos(n.end)}
				}
			}
		}
		r.all(view, near, add)
	} else {
		for _, h := range x.hits {
			if int(h.pos) < last || !x.gates(h.kw, ri) {
				continue
			}
			pos := int(h.pos)
			if mapped {
				pos = x.viewPos(pos)
			}
			if start, end, ok := r.find(view, pos); ok {
				add(start, end)
			}
		}
	}
	x.spans = spans
	return spans
}

func (x *Redactor) gates(kw int32, ri int) bool {
	for _, r := range x.rs.kwRules[kw] {
		if r == ri {
			return true
		}
	}
	return false
}

// replace returns t with each span replaced, in a buffer that t is not.
func (x *Redactor) replace(t []byte, spans []span) []byte {
	x.flip ^= 1
	dst := x.work[x.flip][:0]
	prev := 0
	for _, sp := range spans {
		dst = append(dst, t[prev:sp.start]...)
		dst = append(dst, x.rs.repl...)
		prev = sp.end
	}
	dst = append(dst, t[prev:]...)
	x.work[x.flip] = dst
	return dst
}

var indexByte = bytes.IndexByte

func indexString(b []byte, s string) int { return bytes.Index(b, []byte(s)) }
