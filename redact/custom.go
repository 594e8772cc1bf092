package redact

import (
	"bytes"
	"errors"
	"fmt"
	"regexp"
	"regexp/syntax"
	"slices"
	"sync"
)

// customRule turns a CustomRule into a rule, checking it against the
// rules before it.
func customRule(cr CustomRule, before []rule) (rule, error) {
	switch {
	case cr.ID == "":
		return rule{}, errors.New("a rule has no id")
	case !cr.hasRegex():
		return rule{}, fmt.Errorf("rule %s: no regex", cr.ID)
	}
	if err := cr.checkSecretGroup(); err != nil {
		return rule{}, err
	}
	if cr.ID == RuleSensitiveKey || slices.ContainsFunc(before, func(r rule) bool { return r.id == cr.ID }) {
		return rule{}, fmt.Errorf("rule %s: the id is already taken", cr.ID)
	}
	var kws []kwSpec
	for _, k := range cr.Keywords {
		if k != "" {
			kws = append(kws, kwSpec{lowerString(k), true})
		}
	}
	m := &regexMatcher{re: cr.Regex, lazy: cr.lazy, group: cr.SecretGroup, entropy: cr.Entropy, allow: cr.Allowlists, keywords: kws}
	source := cr.Source
	if source == "" {
		source = SourceConfig
	}
	return rule{id: cr.ID, source: source, fromGitleaks: cr.gitleaks, keywords: kws, all: m.find, matcher: m, maybe: m.maybe}, nil
}

// regexMatcher finds the secrets of a rule given as a regex, with the
// semantics of gitleaks' format.
type regexMatcher struct {
	re       *regexp.Regexp // nil until init when lazy is set
	lazy     *lazyRegex
	group    int
	entropy  float64
	allow    []Allowlist
	keywords []kwSpec

	// Worked out on first use, as most rules of a large catalogue never
	// run in a given log.
	once   sync.Once
	width  int       // see windowOf
	preSrc string    // see necessary
	req    *required // nil: nothing known
	lead   int
	led    *keywordLed // nil: the rule is looked for in windows

	// pre is preSrc compiled, when first needed (see preRegex).
	preOnce sync.Once
	pre     *regexp.Regexp
}

// preRegex is the rule's necessary part (see necessary), or nil.
// Compiling it when the rule is first used took a quarter of that
// first use, which comes on the critical path at the start of a run: a
// keyword-led rule rarely needs it.
func (m *regexMatcher) preRegex() *regexp.Regexp {
	m.preOnce.Do(func() {
		if m.preSrc != "" {
			m.pre, _ = regexp.Compile(m.preSrc) // nil on failure: windows are searched whole
		}
	})
	return m.pre
}

// find calls yield with the span of each secret in t near the keyword
// spans near (everywhere with near nil). As gitleaks does, it trims line
// breaks off each match and matches the regex again on the match alone to
// find the secret: the group secretGroup, or with none set the first
// capture group that is not empty, else the whole match. A secret with no
// more entropy than the rule asks for, or that an allowlist exempts, is
// left.
func (m *regexMatcher) find(t []byte, near []span, yield func(start, end int)) {
	m.init()
	var lines *lineMemo // made for the first candidate that needs it
	each := func(s, e int) {
		for s < e && t[s] == '\n' {
			s++
		}
		for e > s && t[e-1] == '\n' {
			e--
		}
		if s == e {
			return
		}
		if lines == nil && len(m.allow) > 0 {
			lines = newLineMemo()
		}
		c := candidate{text: t, matchStart: s, matchEnd: e, secretStart: s, secretEnd: e, lines: lines}
		if g := m.re.FindSubmatchIndex(t[s:e]); len(g) >= 4 {
			switch {
			case m.group > 0:
				if g[2*m.group] < 0 {
					return
				}
				c.secretStart, c.secretEnd = s+g[2*m.group], s+g[2*m.group+1]
			default:
				for i := 2; i+1 < len(g); i += 2 {
					if g[i+1] > g[i] {
						c.secretStart, c.secretEnd = s+g[i], s+g[i+1]
						break
					}
				}
			}
		}
		if c.secretStart == s && c.secretEnd == e {
			// The whole match is the secret: the quotes, blanks and
			// separators a regex takes around a token stay.
			for c.secretStart < c.secretEnd && isDelimiter(t[c.secretStart]) {
				c.secretStart++
			}
			for c.secretEnd > c.secretStart && isDelimiter(t[c.secretEnd-1]) {
				c.secretEnd--
			}
		}
		c.secretStart, c.secretEnd = unpairedQuotes(t, c.secretStart, c.secretEnd)
		if c.secretEnd <= c.secretStart {
			return
		}
		if m.entropy != 0 && shannonEntropy(t[c.secretStart:c.secretEnd]) <= m.entropy {
			return
		}
		for i := range m.allow {
			if m.allow[i].allows(&c) {
				return
			}
		}
		yield(c.secretStart, c.secretEnd)
	}
	if m.led != nil && near != nil {
		m.led.find(m, t, near, each)
		return
	}
	matchesNear(m, t, near, 0, each)
}

// keeps reports whether a secret another rule found in t passes m's
// allowlists, the span standing for both match and secret. (Not its
// entropy: zsj's rules replace low-entropy tokens of a real shape too.)
// lines, when not nil, is shared by the spans of one text.
func (m *regexMatcher) keeps(t []byte, sp span, lines *lineMemo) bool {
	c := candidate{text: t, matchStart: sp.start, matchEnd: sp.end, secretStart: sp.start, secretEnd: sp.end, lines: lines}
	for i := range m.allow {
		if m.allow[i].allows(&c) {
			return false
		}
	}
	return true
}

func (m *regexMatcher) init() {
	m.once.Do(func() {
		if m.re == nil {
			m.re = m.lazy.compiled()
		}
		// One parse serves every plan below (none changes the tree):
		// parsing the regex again for each was a third of the time the
		// catalogue takes to set up (every rule: 32 ms then, 23 now).
		p, err := syntax.Parse(m.re.String(), syntax.Perl)
		if err != nil {
			m.width = maxWindow
			return
		}
		m.width = windowOf(p)
		var leadSet *[256]bool
		m.preSrc, m.lead, leadSet = necessary(p)
		m.req = requiredOf(p)
		m.led = newKeywordLed(m.re, p, m.preSrc, m.lead, leadSet, m.keywords)
	})
}

// isDelimiter: a byte that ends or starts a token rather than being part
// of it (a regex without a capture group may take one as context).
// unpairedQuotes trims off a quote at either end of the secret
// t[start:end] that no quote of its kind inside the secret pairs with: a
// group such as kubernetes-secret-yaml's `["']?value["']?` takes the
// quote that closes the string the value sits in (a YAML file printed
// inside a JSON string), which is the text around the secret.
func unpairedQuotes(t []byte, start, end int) (int, int) {
	isQuote := func(c byte) bool { return c == '"' || c == '\'' }
	if end-start >= 2 && isQuote(t[end-1]) && bytes.IndexByte(t[start:end-1], t[end-1]) < 0 {
		end--
	}
	if end-start >= 2 && isQuote(t[start]) && bytes.IndexByte(t[start+1:end], t[start]) < 0 {
		start++
	}
	return start, end
}

func isDelimiter(c byte) bool {
	switch c {
	case '"', '\'', '`', '\\', ' ', '\t', '\r', '\n', ';', ',':
		return true
	}
	return false
}

// setRegex gives the rule its regex: compiled now, or with lazy
// compiled on the rule's first use. Lazy is for the built-in catalogue
// alone: its regexes are not even parsed at load (a parse of them all
// was a fifth of the start-up of a command that scans for secrets), and
// a test compiles every one and checks its secretGroup.
func (cr *CustomRule) setRegex(expr string, lazy bool) error {
	if !lazy {
		re, err := regexp.Compile(expr)
		cr.Regex = re
		return err
	}
	cr.lazy = &lazyRegex{expr: expr, compiled: sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(expr)
	})}
	return nil
}

// lazyRegex is a regex not yet compiled: compiled, on its first call,
// compiles it once for every rule set that holds the rule.
type lazyRegex struct {
	expr     string
	compiled func() *regexp.Regexp
}

func (cr *CustomRule) hasRegex() bool { return cr.Regex != nil || cr.lazy != nil }

// Expr is the text of the rule's regex.
func (cr *CustomRule) Expr() string {
	if cr.Regex != nil {
		return cr.Regex.String()
	}
	if cr.lazy != nil {
		return cr.lazy.expr
	}
	return ""
}

// checkSecretGroup reports a secretGroup that the rule's regex has no
// group for. A lazy rule is left unchecked, as its regex is not compiled
// at load (see setRegex).
func (cr *CustomRule) checkSecretGroup() error {
	if cr.lazy != nil {
		return nil
	}
	if n := cr.Regex.NumSubexp(); cr.SecretGroup < 0 || cr.SecretGroup > n {
		return fmt.Errorf("rule %s: secretGroup %d, but the regex has %d groups", cr.ID, cr.SecretGroup, n)
	}
	return nil
}
