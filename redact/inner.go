package redact

import (
	"regexp/syntax"
	"strings"
)

// Some rules name a keyword that their matches hold further in: a name,
// an operator, then the keyword and the secret (lob-api-key:
// `[\w.-]{0,50}?lob ... =... ((live|test)_[a-f0-9]{35})`, keywords
// "live_" and "test_"). Without a plan, each occurrence of the keyword
// sent its whole string to the rule's regex: "test_" is everywhere in test
// output, and on such a log that rule cost more than all the others. When
// the part before the keyword spans a bounded number of bytes, the rule
// is planned as if its matches started at the keyword: the part from there
// on is checked where the keyword is, and the whole regex only runs, in a
// window that reaches back over the bounded part, where that check passes.

// maxInnerLead bounds the part before the keyword: the window the whole
// regex then runs in reaches that far back.
const maxInnerLead = maxWindow

// innerPart returns the source of the part of p, a rule's parsed regex,
// from the first element of its top-level sequence whose every leading
// literal starts with one of the keywords or holds one, and the most
// bytes the elements before it span; "" when there is none after a part
// of bounded width. The sequence has its captures opened (see
// sequence): (lob ...((live|test)_hex)) is lob, ..., (live|test), _,
// hex, as the captures matter to the secret a match gives, not to
// whether there is one.
//
// A literal that only starts a keyword's text ("test" of "test_") counts
// when the literals after it spell the rest: the keyword must sit where
// the part starts for the check there to see the match.
func innerPart(p *syntax.Regexp, keywords []kwSpec) (string, int) {
	subs := sequence(p, nil)
	lead := 0
	for i := range subs {
		if i > 0 {
			w := maxWidth(subs[i-1])
			if w < 0 || lead+w > maxInnerLead {
				return "", 0
			}
			lead += w
		}
		lits, ok := leadingLits(subs[i])
		if !ok || i == 0 || !holdKeywords(lits, subs[i+1:], keywords) {
			continue
		}
		rest := &syntax.Regexp{Op: syntax.OpConcat, Flags: p.Flags, Sub: subs[i:]}
		return regexSource(rest), lead
	}
	return "", 0
}

// holdKeywords reports whether each literal, followed by the literal
// elements after it, starts with a keyword or holds one within itself.
func holdKeywords(lits []lit, after []*syntax.Regexp, keywords []kwSpec) bool {
	var then strings.Builder
	for _, s := range after {
		if s.Op != syntax.OpLiteral {
			break
		}
		then.WriteString(strings.ToLower(string(s.Rune)))
	}
	for _, l := range lits {
		low := strings.ToLower(l.text)
		spelled := low + then.String()
		held := false
		for _, kw := range keywords {
			if strings.Contains(low, kw.text) || strings.HasPrefix(spelled, kw.text) {
				held = true
			}
		}
		if !held {
			return false
		}
	}
	return true
}
