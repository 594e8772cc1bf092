package redact

import (
	"regexp/syntax"
	"strings"
	"unicode/utf8"
)

// A window where a keyword occurs is still mostly text that no match of
// the rule could lie in: real code is full of "key" and "test_", far
// fewer places hold what a regex needs besides (the "lob" before a Lob
// key, the "-u" of a curl command, the 35 hex digits of the key
// itself). Go's matcher does not skip ahead to those parts when the
// regex starts with an optional run or folds case, so it reads the whole
// window byte by byte. required is what every match holds, read off the
// regex; a window without it is passed over at the cost of a fast
// search.

// required is what every match of a regex holds.
type required struct {
	// lits: for each set, one of its literals (ASCII case aside) occurs
	// in every match.
	lits [][]string
	// run: every match holds runLen consecutive bytes of runClass.
	runClass [256]bool
	runLen   int
}

// Literal sets with a member shorter than this are not searched for: a
// byte or two is found everywhere.
const minRequiredLit = 2

// Runs shorter than this are not worth a pass over the window.
const minRequiredRun = 8

// requiredOf returns what every match of re holds, or nil when nothing
// worth a check is known.
func requiredOf(p *syntax.Regexp) *required {
	r := &required{}
	for _, s := range sequence(p, nil) {
		if lits, ok := literalSet(s); ok && len(lits) <= 16 {
			short := false
			for _, l := range lits {
				short = short || len(l) < minRequiredLit
			}
			if !short {
				r.lits = append(r.lits, lits)
			}
		}
	}
	if class, n := runOf(p); n >= minRequiredRun {
		r.runClass, r.runLen = class, n
	}
	if len(r.lits) == 0 && r.runLen == 0 {
		return nil
	}
	return r
}

// literalSet returns literals, in lower case, one of which every match
// of p holds.
func literalSet(p *syntax.Regexp) ([]string, bool) {
	switch p.Op {
	case syntax.OpLiteral:
		s := string(p.Rune)
		fold := p.Flags&syntax.FoldCase != 0
		for _, r := range p.Rune {
			// Folding beyond ASCII is not checked: (?i)k matches the
			// Kelvin sign, and (?i)s the long s.
			if r >= utf8.RuneSelf || fold && (r|0x20 == 'k' || r|0x20 == 's') {
				return nil, false
			}
		}
		return []string{strings.ToLower(s)}, true
	case syntax.OpCapture:
		return literalSet(p.Sub[0])
	case syntax.OpRepeat, syntax.OpPlus:
		if p.Op == syntax.OpRepeat && p.Min < 1 {
			return nil, false
		}
		return literalSet(p.Sub[0])
	case syntax.OpAlternate:
		var out []string
		for _, s := range p.Sub {
			l, ok := literalSet(s)
			if !ok {
				return nil, false
			}
			out = append(out, l...)
		}
		return out, true
	case syntax.OpConcat:
		var best []string
		for _, s := range p.Sub {
			if l, ok := literalSet(s); ok && shortest(l) > shortest(best) {
				best = l
			}
		}
		return best, best != nil
	}
	return nil, false
}

func shortest(lits []string) int {
	if lits == nil {
		return -1
	}
	n := -1
	for _, l := range lits {
		if n < 0 || len(l) < n {
			n = len(l)
		}
	}
	return n
}

// runOf returns a class and a length such that every match of p holds a
// run of that many bytes of the class (n 0: none known).
func runOf(p *syntax.Regexp) (class [256]bool, n int) {
	switch p.Op {
	case syntax.OpCapture:
		return runOf(p.Sub[0])
	case syntax.OpRepeat, syntax.OpPlus:
		min := 1
		if p.Op == syntax.OpRepeat {
			min = p.Min
		}
		if min < 1 || p.Sub[0].Op != syntax.OpCharClass {
			return class, 0
		}
		classBytes(p.Sub[0], &class)
		return class, min
	case syntax.OpConcat:
		for _, s := range p.Sub {
			if c, m := runOf(s); m > n {
				class, n = c, m
			}
		}
		return class, n
	case syntax.OpAlternate:
		for i, s := range p.Sub {
			c, m := runOf(s)
			if m == 0 {
				return class, 0
			}
			for b := range c {
				class[b] = class[b] || c[b]
			}
			if i == 0 || m < n {
				n = m
			}
		}
		return class, n
	}
	return class, 0
}

// classBytes marks in class the bytes that a character of the class c
// may start with: its ASCII members, and every non-ASCII byte when it
// has members beyond ASCII.
func classBytes(c *syntax.Regexp, class *[256]bool) {
	for i := 0; i+1 < len(c.Rune); i += 2 {
		lo, hi := c.Rune[i], c.Rune[i+1]
		for r := lo; r <= hi && r < utf8.RuneSelf; r++ {
			class[r] = true
		}
		if hi >= utf8.RuneSelf {
			for b := 0x80; b < 0x100; b++ {
				class[b] = true
			}
		}
	}
}

// holds reports whether t may hold a match: it has the run and one
// literal of each set.
func (r *required) holds(t []byte) bool {
	if r.runLen > 0 && !hasRun(t, &r.runClass, r.runLen) {
		return false
	}
	for _, set := range r.lits {
		found := false
		for _, l := range set {
			if indexFold(t, l) >= 0 {
				found = true
				break
			}
		}
		if !found {
			return false
		}
	}
	return true
}
