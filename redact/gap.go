package redact

import (
	"bytes"
	"regexp/syntax"
	"unicode"
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
	// rests holds, for each leading literal (as leadingLits lists them),
	// the most bytes the part it leads may match after it ("ccess" after
	// the "a" of "a(?:ccess|uth)"), -1 when there is no bound: the gap
	// starts after those.
	rests []int
	// restSets holds, for each leading literal, every text the part it
	// leads may match after it, in lower case, when they are few and
	// known (nil: not known, rests bounds them).
	restSets [][]string
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
		switch s.Op {
		case syntax.OpWordBoundary, syntax.OpNoWordBoundary, syntax.OpEmptyMatch:
			continue
		}
		if !seenLead {
			seenLead = true // the leading literals
			g.rests, g.restSets = litRests(s), litRestSets(s)
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
		g.next = *f
		if f['k'] || f['K'] || f['s'] || f['S'] {
			// A folded k or s may be the Kelvin sign or the long s.
			for c := 0x80; c < 256; c++ {
				g.next[c] = true
			}
		}
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
		r := c.Rune[0]
		g.addRanges([]rune{r, r})
		if c.Flags&syntax.FoldCase != 0 {
			for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
				g.addRanges([]rune{f, f})
			}
		}
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

// sequence appends the parts p matches one after the other, groups and
// nested sequences opened: what a group holds is matched where it stands.
func sequence(p *syntax.Regexp, out []*syntax.Regexp) []*syntax.Regexp {
	switch p.Op {
	case syntax.OpCapture:
		return sequence(p.Sub[0], out)
	case syntax.OpConcat:
		for _, s := range p.Sub {
			out = sequence(s, out)
		}
		return out
	}
	return append(out, p)
}

// runStep is a run of n characters of one class (its ASCII members),
// or of n to most (-1: any number) when variable.
type runStep struct {
	class    [128]bool
	n, most  int
	variable bool
}

// stepsOf returns the runs that every match of parts starts with, up to
// the first part that is not a character or a class repeated. Where a
// run of a number of characters that varies ends is known only when the
// next part's characters are none of its own (the "." of
// "[a-z0-9]{17,}\."): else the steps end with it.
func stepsOf(parts []*syntax.Regexp) []runStep {
	var steps []runStep
	add := func(class []rune, flags syntax.Flags, n, most int, variable bool) bool {
		st := runStep{n: n, most: most, variable: variable}
		addASCII(&st.class, class)
		if k := len(steps); k > 0 && steps[k-1].variable && overlap(&st.class, &steps[k-1].class) {
			return false
		}
		steps = append(steps, st)
		return true
	}
	for _, s := range parts {
		for s.Op == syntax.OpCapture {
			s = s.Sub[0]
		}
		n, most, variable := 1, 1, false
		switch s.Op {
		case syntax.OpRepeat:
			n, most, variable = s.Min, s.Max, s.Min != s.Max
			s = s.Sub[0]
		case syntax.OpPlus:
			most, variable = -1, true
			s = s.Sub[0]
		}
		for s.Op == syntax.OpCapture {
			s = s.Sub[0]
		}
		switch {
		case n < 1:
			return steps
		case s.Op == syntax.OpCharClass:
			if !add(s.Rune, s.Flags, n, most, variable) {
				return steps
			}
		case s.Op == syntax.OpLiteral && len(s.Rune) == 1:
			if !add(foldedRunes(s.Rune[0], s.Flags), s.Flags, n, most, variable) {
				return steps
			}
		case s.Op == syntax.OpLiteral && n == 1 && !variable:
			for _, r := range s.Rune { // a step for each character
				if !add(foldedRunes(r, s.Flags), s.Flags, 1, 1, false) {
					return steps
				}
			}
		default:
			return steps
		}
	}
	return steps
}

// overlap reports whether two classes share a character.
func overlap(a, b *[128]bool) bool {
	for c := range a {
		if a[c] && b[c] {
			return true
		}
	}
	return false
}

// foldedRunes returns r as a class (pairs of bounds), with its other
// cases when flags fold case.
func foldedRunes(r rune, flags syntax.Flags) []rune {
	out := []rune{r, r}
	if flags&syntax.FoldCase != 0 {
		for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
			out = append(out, f, f)
		}
	}
	return out
}

// addASCII puts the ASCII members of a class (pairs of bounds) in set;
// runAt lets any other character pass.
func addASCII(set *[128]bool, class []rune) {
	for i := 0; i+1 < len(class); i += 2 {
		for r := class[i]; r <= min(class[i+1], utf8.RuneSelf-1); r++ {
			set[r] = true
		}
	}
}

// litRests mirrors leadingLits: for each literal it finds in re, the most
// bytes a match of re may hold after it (-1: no bound).
func litRests(re *syntax.Regexp) []int {
	switch re.Op {
	case syntax.OpLiteral:
		return []int{0}
	case syntax.OpCapture:
		return litRests(re.Sub[0])
	case syntax.OpConcat:
		for i, s := range re.Sub {
			switch s.Op {
			case syntax.OpWordBoundary, syntax.OpBeginLine, syntax.OpBeginText, syntax.OpNoWordBoundary, syntax.OpEmptyMatch:
				continue
			}
			after := 0
			for _, t := range re.Sub[i+1:] {
				if w := maxWidth(t); w < 0 || after < 0 {
					after = -1
				} else {
					after += w
				}
			}
			rests := litRests(s)
			for j, r := range rests {
				if r < 0 || after < 0 {
					rests[j] = -1
				} else {
					rests[j] = r + after
				}
			}
			return rests
		}
	case syntax.OpAlternate:
		var out []int
		for _, s := range re.Sub {
			out = append(out, litRests(s)...)
		}
		return out
	}
	return nil
}

// litRestSets mirrors leadingLits: for each literal it finds in re, the
// texts a match of re may hold after it (nil: too many, or not known).
func litRestSets(re *syntax.Regexp) [][]string {
	switch re.Op {
	case syntax.OpLiteral:
		return [][]string{{""}}
	case syntax.OpCapture:
		return litRestSets(re.Sub[0])
	case syntax.OpConcat:
		for i, s := range re.Sub {
			switch s.Op {
			case syntax.OpWordBoundary, syntax.OpBeginLine, syntax.OpBeginText, syntax.OpNoWordBoundary, syntax.OpEmptyMatch:
				continue
			}
			after, ok := finiteTexts(&syntax.Regexp{Op: syntax.OpConcat, Sub: re.Sub[i+1:]})
			sets := litRestSets(s)
			for j, set := range sets {
				sets[j] = nil
				if ok && set != nil {
					sets[j] = product(set, after)
				}
			}
			return sets
		}
	case syntax.OpAlternate:
		var out [][]string
		for _, s := range re.Sub {
			out = append(out, litRestSets(s)...)
		}
		return out
	}
	return nil
}

// maxRestTexts bounds the texts finiteTexts lists.
const maxRestTexts = 16

// finiteTexts returns, in lower case, every text re matches, when they
// are few and ASCII.
func finiteTexts(re *syntax.Regexp) ([]string, bool) {
	switch re.Op {
	case syntax.OpEmptyMatch:
		return []string{""}, true
	case syntax.OpLiteral:
		for _, r := range re.Rune {
			if r >= utf8.RuneSelf {
				return nil, false
			}
		}
		s := string(re.Rune)
		if re.Flags&syntax.FoldCase != 0 {
			s = lowerString(s)
		} else if lowerString(s) != s {
			return nil, false // compared folded below: only lower case may stand
		}
		return []string{s}, true
	case syntax.OpCapture:
		return finiteTexts(re.Sub[0])
	case syntax.OpQuest:
		in, ok := finiteTexts(re.Sub[0])
		return append(in, ""), ok && len(in) < maxRestTexts
	case syntax.OpConcat:
		out := []string{""}
		for _, s := range re.Sub {
			part, ok := finiteTexts(s)
			if !ok {
				return nil, false
			}
			if out = product(out, part); out == nil {
				return nil, false
			}
		}
		return out, true
	case syntax.OpAlternate:
		var out []string
		for _, s := range re.Sub {
			part, ok := finiteTexts(s)
			if !ok || len(out)+len(part) > maxRestTexts {
				return nil, false
			}
			out = append(out, part...)
		}
		return out, true
	}
	return nil, false
}

// product returns every a followed by every b; nil when there would be
// more than maxRestTexts.
func product(as, bs []string) []string {
	if len(as)*len(bs) > maxRestTexts {
		return nil
	}
	var out []string
	for _, a := range as {
		for _, b := range bs {
			out = append(out, a+b)
		}
	}
	return out
}

// leadPart returns the part of the sequence p that its leading literals
// lead (see leadingLits), or nil.
func leadPart(p *syntax.Regexp) *syntax.Regexp {
	for _, s := range sequence(p, nil) {
		switch s.Op {
		case syntax.OpWordBoundary, syntax.OpBeginLine, syntax.OpBeginText, syntax.OpNoWordBoundary, syntax.OpEmptyMatch:
			continue
		}
		return s
	}
	return nil
}

// litStepsOf mirrors leadingLits: for each literal it finds in re, the
// runs that what follows it in re starts with (nil: none known): the 24
// characters after the "s." of "s\.[a-z0-9]{24}|hvs\.[\w-]{90,}".
func litStepsOf(re *syntax.Regexp) [][]runStep {
	if re == nil {
		return nil
	}
	switch re.Op {
	case syntax.OpLiteral:
		return [][]runStep{nil}
	case syntax.OpCapture:
		return litStepsOf(re.Sub[0])
	case syntax.OpConcat:
		for i, s := range re.Sub {
			switch s.Op {
			case syntax.OpWordBoundary, syntax.OpBeginLine, syntax.OpBeginText, syntax.OpNoWordBoundary, syntax.OpEmptyMatch:
				continue
			}
			steps := litStepsOf(s)
			if s.Op == syntax.OpLiteral {
				// What follows the literal is the rest of this sequence.
				var rest []*syntax.Regexp
				for _, t := range re.Sub[i+1:] {
					rest = sequence(t, rest)
				}
				steps[0] = stepsOf(rest)
			}
			return steps
		}
	case syntax.OpAlternate:
		var out [][]runStep
		for _, s := range re.Sub {
			out = append(out, litStepsOf(s)...)
		}
		return out
	}
	return nil
}

// holdsAfter is holds for the leading literal of index lit, which ends at
// n: after the rest of the part it leads.
func (g *gapCheck) holdsAfter(t []byte, n, lit int) bool {
	if lit < len(g.restSets) && g.restSets[lit] != nil {
		for _, rest := range g.restSets[lit] {
			if hasFoldAt(t, n, rest) && g.holds(t, n+len(rest)) {
				return true
			}
			if i := bytes.IndexByte(t[n:min(len(t), n+len(rest))], '\\'); i >= 0 {
				return true // an escape may hide the rest
			}
		}
		return false
	}
	if lit >= len(g.rests) || g.rests[lit] < 0 {
		return true // not known: the check cannot say no
	}
	for e := 0; e <= g.rests[lit] && n+e <= len(t); e++ {
		if g.holds(t, n+e) {
			return true
		}
	}
	return false
}

// holds reports whether a match may go on at n in t: within maxChars
// characters of the gap's, a byte the next part may start with, and
// after it the runs those parts start with (steps; where t ends first,
// the runs are taken to go on: maybe may cut the text). A backslash
// ends the walk with a yes: in raw JSON text it starts an escape, which
// may stand for anything.
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

// runAt reports whether the runs the next parts start with (steps) may
// start at n in t.
func (g *gapCheck) runAt(t []byte, n int) bool { return runStepsAt(g.steps, t, n) }

// runStepsAt reports whether runs of steps may start at n in t.
func runStepsAt(steps []runStep, t []byte, n int) bool {
	for i := range steps {
		st := &steps[i]
		for range st.n {
			if n >= len(t) {
				return true
			}
			c := t[n]
			if c == '\\' {
				return st.mayEscape(t, n)
			}
			if c >= utf8.RuneSelf {
				return true // a rune of more bytes may be one of the class
			}
			if !st.class[c] {
				return false
			}
			n++
		}
		// A variable run takes what more of its class there is; the step
		// after it, whose class is another, starts where it ends.
		for more := st.n; st.variable && (st.most < 0 || more < st.most) && n < len(t); more++ {
			c := t[n]
			if c == '\\' && st.mayEscape(t, n) || c >= utf8.RuneSelf {
				return true
			}
			if c == '\\' || !st.class[c] {
				break
			}
			n++
		}
	}
	return true
}

// mayEscape reports whether the backslash at t[n] may stand for, or be,
// a character of the step's class. t may be raw JSON text, where it
// starts an escape, or decoded text, where it is itself: so no only
// when neither the backslash nor what a short escape stands for is in
// the class (a \uXXXX may stand for anything).
func (st *runStep) mayEscape(t []byte, n int) bool {
	if n+1 >= len(t) || t[n+1] == 'u' || st.class['\\'] {
		return true
	}
	c, ok := shortEscapes[t[n+1]]
	return !ok || st.class[c]
}

// shortEscapes maps the letter of each JSON escape but \u to the
// character it stands for.
var shortEscapes = map[byte]byte{'"': '"', '\\': '\\', '/': '/', 'b': '\b', 'f': '\f', 'n': '\n', 'r': '\r', 't': '\t'}

func (g *gapCheck) inRanges(r rune) bool {
	for i := 0; i+1 < len(g.ranges); i += 2 {
		if g.ranges[i] <= r && r <= g.ranges[i+1] {
			return true
		}
	}
	return false
}
