package redact

import (
	"regexp/syntax"
	"unicode"
	"unicode/utf8"
)

// What a rule's regex needs right after a leading literal, or after the
// gap that follows it, is often a run of characters of one class: the
// 17 letters and digits of "ey[a-zA-Z0-9]{17,}", the 24 of
// "s\.[a-z0-9]{24}". Real text is full of "ey" and "s." with a word
// after them, not a token: reading those runs off the regex and looking
// for them in the text spares the regex.

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
	add := func(class []rune, n, most int, variable bool) bool {
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
			if !add(s.Rune, n, most, variable) {
				return steps
			}
		case s.Op == syntax.OpLiteral && len(s.Rune) == 1:
			if !add(foldedRunes(s.Rune[0], s.Flags), n, most, variable) {
				return steps
			}
		case s.Op == syntax.OpLiteral && n == 1 && !variable:
			for _, r := range s.Rune { // a step for each character
				if !add(foldedRunes(r, s.Flags), 1, 1, false) {
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
// the class. A \uXXXX may stand for anything, and so may a \\: the
// rules read a JSON document printed into a string through its escapes
// too (viewText), so \\/ and \\u0041 in raw text may be / and A.
func (st *runStep) mayEscape(t []byte, n int) bool {
	if n+1 >= len(t) || t[n+1] == 'u' || t[n+1] == '\\' || st.class['\\'] {
		return true
	}
	k, c := escapeAt(t, n)
	return k == 0 || st.class[c]
}
