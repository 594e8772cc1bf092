package redact

import (
	"regexp"
	"regexp/syntax"
	"unicode"
	"unicode/utf8"
)

// A regex rule runs only near its keywords, not over the whole string: in
// a window from the regex's maximum match width before a keyword to that
// width after it. Real text is dense with "key", "token" and "secret", so
// running each regex over a whole 1 MB tool output whenever one of them
// occurs would cost far more than the rest of redaction.
//
// Relative to gitleaks, which runs a rule over a whole file once a keyword
// occurs anywhere in it, a match must lie within its window of a keyword.
// The width is capped at maxWindow; an unbounded regex (with *, + or {n,})
// gets maxWindow. A match that reaches the end of its window is then
// looked for again from its start to the end of the string (up to
// maxExtend bytes), so a long secret is still replaced whole.
const (
	maxWindow = 512
	maxExtend = 64 << 10
)

// maxWidth is the most bytes a match of re can span, or -1 when there is
// no bound.
func maxWidth(re *syntax.Regexp) int { return widthOf(re, false) }

// maxChars is maxWidth in characters.
func maxChars(re *syntax.Regexp) int { return widthOf(re, true) }

// widthOf is maxWidth, or maxChars when chars is set.
func widthOf(re *syntax.Regexp, chars bool) int {
	switch re.Op {
	case syntax.OpLiteral:
		if chars {
			return len(re.Rune)
		}
		n := 0
		for _, r := range re.Rune {
			n += runeWidth(r, re.Flags&syntax.FoldCase != 0)
		}
		return n
	case syntax.OpCharClass:
		w := 1
		for i := 0; i+1 < len(re.Rune) && !chars; i += 2 {
			w = max(w, utf8.RuneLen(min(re.Rune[i+1], unicode.MaxRune)))
		}
		return w
	case syntax.OpAnyChar, syntax.OpAnyCharNotNL:
		if chars {
			return 1
		}
		return utf8.UTFMax
	case syntax.OpCapture, syntax.OpQuest:
		return widthOf(re.Sub[0], chars)
	case syntax.OpStar, syntax.OpPlus:
		return -1
	case syntax.OpRepeat:
		w := widthOf(re.Sub[0], chars)
		if re.Max < 0 || w < 0 {
			return -1
		}
		return w * re.Max
	case syntax.OpConcat:
		sum := 0
		for _, s := range re.Sub {
			w := widthOf(s, chars)
			if w < 0 {
				return -1
			}
			sum += w
		}
		return sum
	case syntax.OpAlternate:
		most := 0
		for _, s := range re.Sub {
			w := widthOf(s, chars)
			if w < 0 {
				return -1
			}
			most = max(most, w)
		}
		return most
	}
	return 0 // empty matches and assertions
}

// runeWidth is the most bytes r takes in UTF-8, with fold: in any case
// (the Kelvin sign K folds with k and takes 3).
func runeWidth(r rune, fold bool) int {
	w := utf8.RuneLen(r)
	if fold {
		for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
			w = max(w, utf8.RuneLen(f))
		}
	}
	return max(w, 1)
}

// windowOf is the window half-width of a regex, parsed.
func windowOf(p *syntax.Regexp) int {
	w := maxWidth(p.Simplify())
	if w < 0 || w > maxWindow {
		return maxWindow
	}
	return w
}

// matchesNear calls yield with the matches of m.re in t near the keyword
// spans near (sorted by start) that start at or after last, in order and
// not overlapping; with near nil, with those in all of t. Each window is
// searched with a byte of context on either side, so that \b and line
// anchors see the text beside it; a match that takes that byte is not
// taken. A window where m.preRegex (see necessary) finds nothing is skipped,
// and one where it does is searched from m.lead bytes before what it
// found.
func matchesNear(m *regexMatcher, t []byte, near []span, last int, yield func(start, end int)) {
	if near == nil {
		for _, x := range m.re.FindAllIndex(t, -1) {
			if x[0] >= last {
				yield(x[0], x[1])
			}
		}
		return
	}
	lo, hi := -1, -1
	for _, n := range near {
		a, b := max(n.start-m.width, 0), min(n.end+m.width, len(t))
		if lo >= 0 && a <= hi {
			hi = max(hi, b)
			continue
		}
		if lo >= 0 {
			last = m.searchWindow(t, lo, hi, last, false, yield)
		}
		lo, hi = a, b
	}
	if lo >= 0 {
		m.searchWindow(t, lo, hi, last, false, yield)
	}
}

// searchWindow yields the matches in t[lo:hi] that start at or after
// last, and returns the end of the last one (last if none). With first,
// it may stop at the first match it yields: keywordLed.find tries each
// later keyword itself, and Go's matcher, asked for all the matches of a
// window, goes on through the rest of it (hundreds of bytes for a regex
// as wide as generic-api-key's, where it took 200 us a window).
func (m *regexMatcher) searchWindow(t []byte, lo, hi, last int, first bool, yield func(start, end int)) int {
	re := m.re
	lo = max(lo, last)
	from, to := max(lo-1, 0), min(hi+1, len(t))
	if m.req != nil && !m.req.holds(t[from:to]) {
		return last
	}
	// The necessary part's first match in the window moves lo on: no
	// match of the regex starts more than lead bytes before it. Going
	// without is safe (it only passes over text without a match). A
	// keyword-led search (first) goes without: its window starts as far
	// before the part it has just matched at the keyword as a match may,
	// and the search for the part was a pass of Go's slowest matcher
	// over the window (a third of generic-api-key's window searches on
	// real logs).
	if pre := m.preRegex(); pre != nil && !first {
		p := pre.FindIndex(t[from:to])
		if p == nil {
			return last
		}
		if m.lead >= 0 && from+p[0]-m.lead > lo {
			lo = from + p[0] - m.lead
			from = lo - 1
		}
	}
	w := windowText{t: t, from: from, to: to, lo: lo, hi: hi}
	if first && firstInWindow {
		x := re.FindIndex(t[from:to])
		if x == nil {
			return last
		}
		if s, e, ok := w.take(re, x, last); ok {
			yield(s, e)
			return e
		}
		// Not taken (it starts on the byte of context, or before last):
		// the others are looked for as they always are.
	}
	for _, x := range re.FindAllIndex(t[from:to], -1) {
		if s, e, ok := w.take(re, x, last); ok {
			yield(s, e)
			last = e
		}
	}
	return last
}

// firstInWindow: searchWindow stops at the first match when asked to; a
// test turns it off to compare.
var firstInWindow = true

// windowText is a window of searchWindow: t[lo:hi], read as t[from:to]
// with the bytes of context around it.
type windowText struct {
	t                []byte
	from, to, lo, hi int
}

// take returns the match x of re in the window's text as a span of t,
// when it starts in the window at or after last.
func (w windowText) take(re *regexp.Regexp, x []int, last int) (start, end int, ok bool) {
	t := w.t
	s, e := w.from+x[0], w.from+x[1]
	if s < w.lo || s < last {
		return 0, 0, false
	}
	if e > w.hi && w.to < len(t) {
		// It may go on past the window, or be no match at all: one that
		// ends where the window does may have taken that for the end of
		// the text ($). Look again from its start, in the text after the
		// window too, and take what that finds there.
		s0 := max(s-1, 0)
		x2 := re.FindIndex(t[s0:min(len(t), s+maxExtend)])
		if x2 == nil || s0+x2[0] < last || s0+x2[0] >= e {
			return 0, 0, false
		}
		s, e = s0+x2[0], s0+x2[1]
	}
	return s, e, true
}

// nearHits returns the spans of the keyword occurrences in x.hits that
// gate rule ri.
func (x *Redactor) nearHits(ri int) []span {
	near := x.near[:0]
	for _, h := range x.hits {
		if x.gates(h.kw, ri) {
			near = append(near, span{int(h.pos), int(h.pos) + len(x.rs.pf.keywords[h.kw].text)})
		}
	}
	x.near = near
	return near
}

// minWidth is the fewest bytes a match of re can span.
func minWidth(re *syntax.Regexp) int {
	switch re.Op {
	case syntax.OpLiteral:
		return len(string(re.Rune))
	case syntax.OpCharClass, syntax.OpAnyChar, syntax.OpAnyCharNotNL:
		return 1
	case syntax.OpCapture, syntax.OpPlus:
		return minWidth(re.Sub[0])
	case syntax.OpRepeat:
		return re.Min * minWidth(re.Sub[0])
	case syntax.OpConcat:
		sum := 0
		for _, s := range re.Sub {
			sum += minWidth(s)
		}
		return sum
	case syntax.OpAlternate:
		least := -1
		for _, s := range re.Sub {
			if w := minWidth(s); least < 0 || w < least {
				least = w
			}
		}
		return max(least, 0)
	}
	return 0
}

// necessary returns the source of a regex that matches wherever p, a
// parsed regex, does, only cheaper to run: p without the leading parts
// that may match nothing (such as the [\w.-]{0,50}? before a key name).
// Each match of p holds a match of it, so a window where it finds
// nothing needs no look with p. It returns "" when p has no such parts.
// lead is the most bytes those parts span (-1: no bound): a match of p
// starts at most lead bytes before the first match of the result in the
// same text; leadSet, when known, the bytes they may hold (see charsOf).
// p is left as it is. The regex is not compiled here: most rules that
// run are keyword-led, and only search it when their keywords crowd
// (see preRegex).
func necessary(p *syntax.Regexp) (src string, lead int, leadSet *[256]bool) {
	if p.Op != syntax.OpConcat {
		return "", 0, nil
	}
	i := 0
	for i < len(p.Sub)-1 && minWidth(p.Sub[i]) == 0 {
		i++
	}
	if i == 0 {
		return "", 0, nil
	}
	rest, head := *p, *p
	rest.Sub, head.Sub = p.Sub[i:], p.Sub[:i]
	return regexSource(&rest), maxWidth(head.Simplify()), charsOf(p.Sub[:i])
}

// charsOf returns the bytes the text matched by parts, runs of single
// characters (such as the [\w.-]{0,50}? before a key name), may hold,
// or nil when a part is anything else. A byte of a character of more
// than one byte stands for any such character.
func charsOf(parts []*syntax.Regexp) *[256]bool {
	var set [256]bool
	for _, p := range parts {
		switch p.Op {
		case syntax.OpRepeat, syntax.OpStar, syntax.OpPlus, syntax.OpQuest:
			p = p.Sub[0]
		}
		var runes []rune
		switch {
		case p.Op == syntax.OpCharClass:
			runes = p.Rune
		case p.Op == syntax.OpLiteral && len(p.Rune) == 1:
			for _, r := range foldedRunes(p.Rune[0], p.Flags) {
				runes = append(runes, r, r)
			}
		default:
			return nil
		}
		for i := 0; i+1 < len(runes); i += 2 {
			lo, hi := runes[i], runes[i+1]
			if hi >= utf8.RuneSelf {
				for c := utf8.RuneSelf; c < 256; c++ {
					set[c] = true
				}
			}
			for c := lo; c <= min(hi, utf8.RuneSelf-1); c++ {
				set[c] = true
			}
		}
	}
	return &set
}
