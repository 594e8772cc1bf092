package redact

import (
	"regexp/syntax"
	"unicode/utf8"
)

// A leading literal may be shorter than the part of the regex it leads:
// Go's parser factors "access|auth|api" into "a(?:ccess|uth|pi)", whose
// literal is "a". The gap after the part starts after the rest of it,
// and what follows the literal inside the part may be checked too. The
// functions here read those off the part, in the order in which
// leadingLits lists the literals.

// zeroWidth reports whether a part of a sequence matches no character:
// leadingLits passes over such parts.
func zeroWidth(op syntax.Op) bool {
	switch op {
	case syntax.OpWordBoundary, syntax.OpNoWordBoundary, syntax.OpBeginLine, syntax.OpBeginText, syntax.OpEmptyMatch:
		return true
	}
	return false
}

// litFollows mirrors leadingLits: for each literal it finds in re, the
// parts that follow the literal in a match of re, in order.
func litFollows(re *syntax.Regexp) [][]*syntax.Regexp {
	switch re.Op {
	case syntax.OpLiteral:
		return [][]*syntax.Regexp{nil}
	case syntax.OpCapture:
		return litFollows(re.Sub[0])
	case syntax.OpConcat:
		for i, s := range re.Sub {
			if zeroWidth(s.Op) {
				continue
			}
			out := litFollows(s)
			for j := range out {
				out[j] = append(out[j], re.Sub[i+1:]...)
			}
			return out
		}
	case syntax.OpAlternate:
		var out [][]*syntax.Regexp
		for _, s := range re.Sub {
			out = append(out, litFollows(s)...)
		}
		return out
	}
	return nil
}

// litRest is what the part a leading literal leads may still match
// after the literal.
type litRest struct {
	known bool // worked out: else nothing can be said of it
	// most is the most bytes it may take, -1 when there is no bound.
	most int
	// texts holds every text it may be, in lower case, when they are few
	// and known (nil: not known, most bounds them).
	texts []string
	// steps are the runs it starts with: the 24 characters after the
	// "s." of "s\.[a-z0-9]{24}|hvs\.[\w-]{90,}".
	steps []runStep
}

// restOf works out the rest of a literal that parts follow.
func restOf(parts []*syntax.Regexp) litRest {
	concat := &syntax.Regexp{Op: syntax.OpConcat, Sub: parts}
	r := litRest{known: true, most: maxWidth(concat), steps: stepsOf(sequence(concat, nil))}
	if texts, ok := finiteTexts(concat); ok {
		r.texts = texts
	}
	return r
}

// maxRestTexts bounds the texts finiteTexts lists.
const maxRestTexts = 16

// finiteTexts returns, in lower case, every text re matches, when they
// are few and written in ASCII (a folded k or s also matches the Kelvin
// sign or the long s, which holdsAfter lets pass).
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
		if !zeroWidth(s.Op) {
			return s
		}
	}
	return nil
}

// holdsAfter is holds for a leading literal that ends at n: after its
// rest, the rest of the part it leads.
func (g *gapCheck) holdsAfter(t []byte, n int, r *litRest) bool {
	switch {
	case !r.known || r.texts == nil && r.most < 0:
		return true // not known: the check cannot say no
	case r.texts != nil:
		longest := 0
		for _, rest := range r.texts {
			if hasFoldAt(t, n, rest) && g.holds(t, n+len(rest)) {
				return true
			}
			longest = max(longest, len(rest))
		}
		// The texts are compared as ASCII: an escape may hide one, and a
		// rune of more bytes may be a folded k or s (the Kelvin sign, the
		// long s), of up to 3 bytes each.
		for _, c := range t[n:min(len(t), n+3*longest)] {
			if c == '\\' || c >= utf8.RuneSelf {
				return true
			}
		}
		return false
	}
	for e := 0; e <= r.most && n+e <= len(t); e++ {
		if g.holds(t, n+e) {
			return true
		}
	}
	return false
}
