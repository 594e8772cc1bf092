package redact

import (
	"regexp/syntax"
	"unicode/utf8"
)

// Many of the catalogue's rules are a key name and an assignment: the
// keyword, up to 20 name characters and 3 quotes or blanks, then one of
// = : > | ? ,. Real text holds such keywords everywhere ("api" in
// "Escaping", "token" in a Go lexer) with no operator after them, and
// the quick check ran the rule's regex at each. A gapCheck reads off the
// regex what may come between the leading literal and the first part a
// match cannot skip, and how many characters of it at most, and walks
// the text for that part before any regex runs.

// gapCheck is what may follow a rule's leading literal.
type gapCheck struct {
	// ascii and ranges (pairs, as syntax keeps them) are the characters
	// the parts in between may take, maxChars how many at most.
	ascii    [128]bool
	ranges   []rune
	maxChars int
	// next holds the bytes the part after them may start with.
	next [256]bool
	// steps are what the part after them, and the parts after that of a
	// fixed length, start with: the "_" and 5 characters of
	// "_[a-z0-9]{5,30}", the 17 of "[a-zA-Z0-9]{17,}". Real text is full
	// of "ey" and "ext_" with a word after them, not a token.
	steps []runStep
}

// gapCheckOf reads the keyword-led part p (a sequence that opens with
// its leading literals); nil when what follows them is not of this
// shape.
func gapCheckOf(p *syntax.Regexp) *gapCheck {
	parts := sequence(p, nil)
	if len(parts) < 2 {
		return nil
	}
	g := &gapCheck{}
	seenLead := false
	for i, s := range parts {
		if zeroWidth(s.Op) {
			continue
		}
		if !seenLead {
			seenLead = true // the leading literals
			continue
		}
		if minWidth(s) == 0 {
			if !g.addGap(s) {
				return nil
			}
			continue
		}
		f := firstBytes(s)
		if f == nil {
			return nil
		}
		g.next = *f // with the lead bytes of the Kelvin sign and the long s, for a folded k or s
		g.steps = stepsOf(parts[i:])
		return g
	}
	return nil
}

// addGap adds an optional part: a class or a character, repeated a
// bounded number of times.
func (g *gapCheck) addGap(s *syntax.Regexp) bool {
	for s.Op == syntax.OpCapture {
		s = s.Sub[0]
	}
	n := 0
	switch s.Op {
	case syntax.OpQuest:
		n = 1
	case syntax.OpRepeat:
		n = s.Max
	default:
		return false
	}
	if n < 0 {
		return false
	}
	c := s.Sub[0]
	for c.Op == syntax.OpCapture {
		c = c.Sub[0]
	}
	switch {
	case c.Op == syntax.OpCharClass:
		g.addRanges(c.Rune)
	case c.Op == syntax.OpLiteral && len(c.Rune) == 1:
		g.addRanges(foldedRunes(c.Rune[0], c.Flags))
	default:
		return false
	}
	g.maxChars += n
	return true
}

func (g *gapCheck) addRanges(rs []rune) {
	for i := 0; i+1 < len(rs); i += 2 {
		lo, hi := rs[i], rs[i+1]
		for r := lo; r <= hi && r < utf8.RuneSelf; r++ {
			g.ascii[r] = true
		}
		if hi >= utf8.RuneSelf {
			g.ranges = append(g.ranges, max(lo, utf8.RuneSelf), hi)
		}
	}
}

// holds reports whether a match may go on at n in t: within maxChars
// characters of the gap's, a byte the next part may start with, and
// after it the runs those parts start with (steps; where t ends first,
// the runs are taken to go on: a join of deltas is checked in windows,
// which may cut them). A backslash ends the walk with a yes: in raw JSON
// text it starts an escape, which may stand for anything.
func (g *gapCheck) holds(t []byte, n int) bool {
	for chars := 0; n < len(t); chars++ {
		c := t[n]
		if c == '\\' || g.next[c] && g.runAt(t, n) {
			return true
		}
		if chars == g.maxChars {
			return false
		}
		if c < utf8.RuneSelf {
			if !g.ascii[c] {
				return false
			}
			n++
			continue
		}
		r, size := utf8.DecodeRune(t[n:])
		if !g.inRanges(r) {
			return false
		}
		n += size
	}
	return false
}

func (g *gapCheck) inRanges(r rune) bool {
	for i := 0; i+1 < len(g.ranges); i += 2 {
		if g.ranges[i] <= r && r <= g.ranges[i+1] {
			return true
		}
	}
	return false
}
