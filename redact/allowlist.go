package redact

import (
	"bytes"
	"regexp"
	"strings"
)

// Allowlist exempts matches of a rule, as a gitleaks allowlist does: when
// one of its regexes matches its target, or the secret holds one of its
// stop words (both, with MatchAll).
type Allowlist struct {
	Regexes     []*regexp.Regexp
	RegexTarget RegexTarget
	StopWords   []string // lower case; the secret is compared in lower case
	MatchAll    bool     // condition AND: every kind of check given must hold
}

// RegexTarget is what an allowlist's regexes are matched against.
type RegexTarget uint8

const (
	TargetSecret RegexTarget = iota // the secret (the rule's secret group)
	TargetMatch                     // the whole match of the rule's regex
	// TargetLine is the line of the decoded string that holds the match
	// (the lines, when the match spans several).
	TargetLine
)

// candidate is one match of a regex rule and what allowlists look at.
type candidate struct {
	text          []byte // the decoded string
	matchStart    int
	matchEnd      int
	secretStart   int
	secretEnd     int
	lowerSecret   string // filled in when a stop word needs it
	haveLowSecret bool
	// lines, when set, remembers the line of the last candidate in the
	// same text and what the line-target regexes said of it: the
	// candidates of one text often share a line, and a text of one
	// line of half a megabyte with thousands of tokens in it made each
	// look at the whole line again (quadratic time).
	lines *lineMemo
}

// lineMemo is a line of a text and the line-target regexes that match it.
type lineMemo struct {
	start, end int // the line is text[start:end]; end < 0: none yet
	matched    map[*regexp.Regexp]bool
}

func newLineMemo() *lineMemo { return &lineMemo{end: -1} }

func (c *candidate) target(t RegexTarget) []byte {
	switch t {
	case TargetMatch:
		return c.text[c.matchStart:c.matchEnd]
	case TargetLine:
		if m := c.lines; m != nil && m.end >= 0 && m.start <= c.matchStart && c.matchEnd <= m.end {
			// One line (see below): every candidate inside has it for
			// its line too.
			return c.text[m.start:m.end]
		}
		start := bytes.LastIndexByte(c.text[:c.matchStart], '\n') + 1
		end := c.matchEnd
		if i := bytes.IndexByte(c.text[end:], '\n'); i >= 0 {
			end += i
		} else {
			end = len(c.text)
		}
		if m := c.lines; m != nil && (m.start != start || m.end != end) {
			clear(m.matched)
			m.start, m.end = start, end
			if bytes.IndexByte(c.text[c.matchStart:c.matchEnd], '\n') >= 0 {
				// A match across lines: its "line" is several, and a
				// candidate inside has a line of its own.
				m.end = -1
			}
		}
		return c.text[start:end]
	}
	return c.text[c.secretStart:c.secretEnd]
}

// allows reports whether the allowlist exempts the candidate.
func (a *Allowlist) allows(c *candidate) bool {
	regex := false
	if len(a.Regexes) > 0 {
		if t := c.target(a.RegexTarget); len(t) > 0 {
			for _, re := range a.Regexes {
				if c.match(re, t, a.RegexTarget) {
					regex = true
					break
				}
			}
		}
	}
	stop := false
	if len(a.StopWords) > 0 {
		if !c.haveLowSecret {
			c.lowerSecret = strings.ToLower(string(c.text[c.secretStart:c.secretEnd]))
			c.haveLowSecret = true
		}
		for _, w := range a.StopWords {
			if strings.Contains(c.lowerSecret, w) {
				stop = true
				break
			}
		}
	}
	if !a.MatchAll {
		return regex || stop
	}
	return (len(a.Regexes) == 0 || regex) && (len(a.StopWords) == 0 || stop)
}

// match is re.Match(t), remembered for the line when t is the
// candidate's line.
func (c *candidate) match(re *regexp.Regexp, t []byte, target RegexTarget) bool {
	m := c.lines
	if target != TargetLine || m == nil {
		return re.Match(t)
	}
	if v, ok := m.matched[re]; ok {
		return v
	}
	v := re.Match(t)
	if m.matched == nil {
		m.matched = map[*regexp.Regexp]bool{}
	}
	m.matched[re] = v
	return v
}
