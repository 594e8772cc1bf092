package redact

import (
	"bytes"
	"regexp"
	"regexp/syntax"
	"strings"
)

// Most regexes of a catalogue begin with one of their keywords ("ghp_",
// "hvs.", "s.", or a key name after a run of name characters): a match
// then starts where its keyword does, or a known number of bytes before.
// Such a rule is tried only there: a quick anchored check of the regex's
// keyword-led part at that place, and the whole regex, in a window, only
// where that check passes. That costs a few bytes per keyword rather
// than a window of hundreds of bytes.

// anchoredCheck is the most text the quick check looks at. Go runs it
// with a backtracker whose set-up grows with the text; a match longer
// than this passes the check when its regex may end at the end of the
// text ($), and the rare regex that cannot is then looked for as if the
// check had failed.
const anchoredCheck = 256

// lit is a literal a match may start with.
type lit struct {
	text string // lower case when fold
	fold bool
}

// leadingLits returns the literals one of which every match of re starts
// with (after zero-width assertions), or false when there are none.
func leadingLits(re *syntax.Regexp) ([]lit, bool) {
	switch re.Op {
	case syntax.OpLiteral:
		fold := re.Flags&syntax.FoldCase != 0
		s := string(re.Rune)
		if fold {
			s = strings.ToLower(s)
		}
		return []lit{{s, fold}}, s != ""
	case syntax.OpCapture:
		return leadingLits(re.Sub[0])
	case syntax.OpConcat:
		for _, s := range re.Sub {
			switch s.Op {
			case syntax.OpBeginLine, syntax.OpBeginText, syntax.OpWordBoundary, syntax.OpNoWordBoundary, syntax.OpEmptyMatch:
				continue
			}
			return leadingLits(s)
		}
	case syntax.OpAlternate:
		var out []lit
		for _, s := range re.Sub {
			l, ok := leadingLits(s)
			if !ok {
				return nil, false
			}
			out = append(out, l...)
		}
		return out, true
	}
	return nil, false
}

// keywordLed is how a rule whose matches start at a keyword is tried.
type keywordLed struct {
	lits     []lit
	longest  int            // the longest literal, in bytes
	anchored *regexp.Regexp // ^ and the keyword-led part
	lead     int            // the most bytes a match starts before that part
}

// newKeywordLed returns the plan for re, or nil when its matches need
// not start at a keyword: every leading literal must hold one of the
// keywords, or start one.
func newKeywordLed(re *regexp.Regexp, keywords []kwSpec) *keywordLed {
	part, lead := necessary(re)
	if part == nil {
		part = re
	}
	if lead < 0 || len(keywords) == 0 {
		return nil
	}
	p, err := syntax.Parse(part.String(), syntax.Perl)
	if err != nil {
		return nil
	}
	lits, ok := leadingLits(p)
	if !ok {
		return nil
	}
	k := &keywordLed{lits: lits, lead: lead}
	for _, l := range lits {
		low := strings.ToLower(l.text)
		covered := false
		for _, kw := range keywords {
			if strings.Contains(low, kw.text) || strings.HasPrefix(kw.text, low) {
				covered = true
			}
		}
		if !covered {
			return nil
		}
		k.longest = max(k.longest, len(l.text))
	}
	anchored, err := regexp.Compile(`^(?:` + part.String() + `)`)
	if err != nil {
		return nil
	}
	k.anchored = anchored
	return k
}

// startsAt reports whether a leading literal occurs in t at q.
func (k *keywordLed) startsAt(t []byte, q int) bool {
	for _, l := range k.lits {
		if q+len(l.text) > len(t) {
			continue
		}
		u := t[q : q+len(l.text)]
		if !l.fold {
			if string(u) == l.text {
				return true
			}
			continue
		}
		if bytes.EqualFold(u, []byte(l.text)) {
			return true
		}
	}
	return false
}

// find calls yield with the matches of m.re near the keyword spans near,
// trying it only where its keyword-led part matches at a keyword.
func (k *keywordLed) find(m *regexMatcher, t []byte, near []span, yield func(start, end int)) {
	last, tried := 0, -1
	for _, n := range near {
		for q := max(n.start-k.longest+1, 0, tried+1); q <= n.start; q++ {
			tried = q
			if q < last || !k.startsAt(t, q) || !k.anchored.Match(t[q:min(len(t), q+min(m.width, anchoredCheck)+1)]) {
				continue
			}
			last = m.searchWindow(t, max(q-k.lead, 0), min(q+m.width, len(t)), last, yield)
		}
	}
}
