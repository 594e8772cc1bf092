package redact

import (
	"regexp/syntax"
	"unicode/utf8"
)

// A keyword of two or three bytes registers hundreds of windows with the
// prefilter, one for each byte beside it, and in logs most of those
// bytes cannot be part of a match: "s." of vault's legacy tokens comes
// after a byte that is not a word byte and before a letter or digit, so
// neither "s. " at the end of a sentence nor "os." can start one; "ey"
// of a JWT cannot follow the k of "key". The windows of "s." alone were
// a fifth of those the vector loop handed to verify on output-heavy
// logs. The rules a keyword gates say which bytes may come beside it,
// by the literals their matches start with (see leadingLits): a short
// keyword registers the windows of those bytes alone, and an occurrence
// beside any other byte may go unseen, as it cannot lead to a match.
//
// The prefilter reads raw JSON text too, where a character may be
// written as an escape: the byte before a keyword may then end one (a
// hex digit, or one of bfnrt"\/), and the byte after it may start one.
// A window cannot tell whether a backslash starts the escape, so the
// windows of those bytes are registered; verify then looks, and reports
// an occurrence only when its neighbours fit (see fits): "ns." of
// "tokens." was the commonest "s." of output-heavy logs.

// contextsFor is the longest keyword that contexts are worked out for:
// a longer one registers few windows anyway.
const contextsFor = 3

// useContexts: buildPrefilter works out keyword contexts; tests turn it
// off to compare.
var useContexts = true

// byteSet is a set of bytes.
type byteSet [256]bool

// addChar adds the byte a literal's character c stands for: c in either
// case, and with fold the bytes of its other cases beyond ASCII (the
// Kelvin sign for k, the long s for s).
func (s *byteSet) addChar(c byte, fold bool) {
	s[c], s[lower[c]], s[upper(c)] = true, true, true
	if !fold {
		return
	}
	for _, f := range foldedRunes(rune(c), syntax.FoldCase) {
		var b [utf8.UTFMax]byte
		n := utf8.EncodeRune(b[:], f)
		for _, x := range b[:n] {
			s[x] = true
		}
	}
}

// keywordContext returns the bytes that may come right before and right
// after an occurrence of kw in a match of the rules it gates; nil when
// any byte may. Each rule's matches must start with literals (see
// leadingLits) that each hold kw: every match then holds an occurrence
// of kw, whose neighbours are the literal's own bytes, or those the
// regex lets come before or after it. A rule that does not say so lets
// any byte come beside kw, as its matches may only lie near an
// occurrence of kw rather than hold one.
func (rs *RuleSet) keywordContext(kw kwSpec, rules []int) (before, beside, after *byteSet) {
	var c kwContext
	text := lowerString(kw.text)
	for _, ri := range rules {
		lits := leadingLitsOf(rs.rules[ri].matcher)
		if lits == nil {
			return nil, nil, nil
		}
		for _, l := range lits {
			if !c.add(text, l) {
				return nil, nil, nil
			}
		}
	}
	if !c.anyBefore {
		only := c.before
		for _, x := range []byte(escapeEnds) {
			c.before[x] = true
		}
		before, beside = &c.before, &only
	}
	if !c.anyAfter {
		c.after['\\'] = true // the start of an escape
		after = &c.after
	}
	return before, beside, after
}

// fits reports whether the bytes beside the occurrence of k at s in t
// are among those its rules let come there, where k has a context: a
// byte that may end an escape counts before it only where a backslash
// starts one ("\ns." may start a vault token, "ns." may not).
func (k *keyword) fits(t []byte, s int) bool {
	if s > 0 && k.beside != nil {
		if c := t[s-1]; !k.beside[c] && !(k.before[c] && endsEscape(t, s-1)) {
			return false
		}
	}
	e := s + len(k.text)
	return k.after == nil || e >= len(t) || k.after[t[e]]
}

// endsEscape reports whether t[j] may end an escape: a backslash before
// it, or \u four bytes before it. (A backslash that is itself escaped
// passes too, which only lets more through.)
func endsEscape(t []byte, j int) bool {
	return j >= 1 && t[j-1] == '\\' || j >= 5 && t[j-5] == '\\' && t[j-4] == 'u'
}

// escapeEnds are the bytes an escape may end with: a hex digit, or a
// character of a two-byte escape.
const escapeEnds = `0123456789abcdefABCDEFbfnrt"\/`

// kwContext gathers the neighbours of a keyword in the literals of
// matches.
type kwContext struct {
	before, after       byteSet
	anyBefore, anyAfter bool
}

// add adds the neighbours of the keyword text (lower case) where the
// literal l holds it; it reports false when l does not.
func (c *kwContext) add(text string, l lit) bool {
	lt := lowerString(l.text)
	found := false
	for o := 0; o+len(text) <= len(lt); o++ {
		if lt[o:o+len(text)] != text {
			continue
		}
		found = true
		switch {
		case o > 0:
			c.before.addChar(l.text[o-1], l.fold)
		case l.wordStart:
			addNonWord(&c.before)
		default:
			c.anyBefore = true
		}
		switch end := o + len(text); {
		case end < len(lt):
			c.after.addChar(l.text[end], l.fold)
		case l.follow != nil:
			for x, ok := range l.follow {
				c.after[x] = c.after[x] || ok
			}
		default:
			c.anyAfter = true
		}
	}
	return found
}

// addNonWord adds the bytes \b lets come before a word byte.
func addNonWord(s *byteSet) {
	for c := range s {
		if !isWordByte(byte(c)) {
			s[c] = true
		}
	}
}

// leadingLitsOf returns the literals every match of a regex rule starts
// with, nil when there are none or m is nil. It parses the regex and
// compiles nothing: most of a catalogue's regexes are compiled on first
// use (see lazyRegex), and doing it here for the rules of the short
// keywords took a command's start 3 ms longer.
func leadingLitsOf(m *regexMatcher) []lit {
	if m == nil {
		return nil
	}
	expr := ""
	switch {
	case m.re != nil:
		expr = m.re.String()
	case m.lazy != nil:
		expr = m.lazy.expr
	}
	p, err := syntax.Parse(expr, syntax.Perl)
	if err != nil {
		return nil
	}
	lits, ok := leadingLits(p)
	if !ok {
		return nil
	}
	return lits
}
