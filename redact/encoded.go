package redact

import (
	"encoding/base64"
	"slices"
	"strings"
	"sync"
)

// Secrets also reach logs encoded: `base64 -w0 .env` prints a whole
// environment as one base64 run, and a URL carries a query or a redirect
// target percent-encoded. Two rules decode such a run and look for
// secrets in what it stands for with the other rules, and again inside
// that (two levels, as gitleaks' --max-decode-depth 2); where they find
// one, the part of the run that encodes it is replaced: the 4-character
// base64 groups that hold its bytes, or its percent-encoded text.
//
// Each keyword occurrence decodes at most a window around it, so that a
// long run with many occurrences stays linear to look at; a secret is
// written near its key name or is the keyword's own token.
//
// They must cost nothing on ordinary text, so neither decodes anything
// without a reason. The base64 rule's keywords are key names and token
// starts as base64 writes them (see base64Keywords): a run is only
// decoded where it holds one. The percent rule shares the other rules' keywords, which
// percent-encoding leaves readable, and looks for a %XX escape near the
// keyword before decoding.

// The ids of the rules about encoded secrets.
const (
	RuleBase64  = "base64-encoded-secret"
	RulePercent = "percent-encoded-secret"
)

const (
	maxDecodeDepth = 2
	minBase64Run   = 16  // characters: 12 bytes, shorter than any secret with a key
	encodedWindow  = 384 // bytes on each side of a keyword that are decoded
)

// decoder holds the rules that look inside decoded text, and scratch
// Redactors for them (rules are shared by goroutines).
type decoder struct {
	// rs is built on first use: most runs meet no encoded keyword, and
	// its keyword table cost every zsj validate and redact a few
	// milliseconds at start-up.
	rs   func() *RuleSet
	pool sync.Pool
}

func (d *decoder) spans(t []byte) []span {
	x, _ := d.pool.Get().(*Redactor)
	if x == nil {
		x = d.rs().NewRedactor()
	}
	out := slices.Clone(x.secretSpans(t))
	d.pool.Put(x)
	return out
}

// encodedRules returns the rules about encoded secrets that look inside
// with base (and, depth levels down, with the encoded rules again).
func encodedRules(base []rule, keys keySet, depth int) []rule {
	inner := slices.Clip(base)
	if depth > 1 {
		inner = append(inner, encodedRules(base, keys, depth-1)...)
	}
	d := &decoder{rs: sync.OnceValue(func() *RuleSet {
		rs := &RuleSet{keys: keys, rules: inner, repl: []byte(DefaultReplacement)}
		rs.buildPrefilter()
		return rs
	})}
	var plain []kwSpec
	for _, r := range base {
		plain = append(plain, r.keywords...)
	}
	return []rule{
		{id: RuleBase64, keywords: base64Keywords(), find: d.findBase64, maybe: maybeBase64},
		{id: RulePercent, keywords: percentKeywords(plain), find: d.findPercent, maybe: maybePercent, escapeNear: true},
	}
}

// secretSpans returns where the rules find secrets in t, in order, as
// spans of t itself: no rule sees what another replaced.
func (x *Redactor) secretSpans(t []byte) []span {
	x.hits = x.rs.pf.scan(t, x.hits[:0])
	var out []span
	if len(x.hits) == 0 && !x.rs.anyAlways {
		return nil
	}
	view := x.escapeView(t)
	for ri := range x.rs.rules {
		if !x.rs.always[ri] && !slices.ContainsFunc(x.hits, func(h hit) bool { return x.gates(h.kw, ri) }) {
			continue
		}
		out = append(out, x.spansOf(ri, t, view)...)
	}
	slices.SortFunc(out, func(a, b span) int { return a.start - b.start })
	return out
}

// base64Words are what the base64 rule looks for, as base64 writes them:
// the parts of key names in rareParts ("token", "password"...), the
// usual names of API keys, and the fixed starts of common tokens of 5
// characters or more (a shorter one leaves too few characters of its
// own in base64, and those are common: ghp_... is found by the name
// before it, GITHUB_TOKEN=). Every
// keyword costs a little on all text, and base64 forms of short
// keywords are too many, so the rule does not take all of the others'.
var base64Words = []string{"api_key", "apikey", "api-key",
	"-----BEGIN", "github_pat_", "sk-ant-api", "sk-proj-", "glpat-", "xoxb-", "xoxp-",
	"sk_live_", "whsec_", "pypi-", "dop_v1_", "AGE-SECRET-KEY-1", "shpat_", "lin_api_"}

// base64Keywords: base64Words and rareParts as base64 writes them at each
// offset of a 3-byte group (the characters that depend on the word
// alone), in lower and upper case (.env files write names in upper case)
// for words whose case does not matter.
func base64Keywords() []kwSpec {
	seen := map[string]bool{}
	var out []kwSpec
	for i, w := range append(slices.Clone(rareParts), base64Words...) {
		forms := []string{w}
		if i < len(rareParts)+3 {
			forms = append(forms, strings.ToUpper(w))
		}
		for _, f := range forms {
			for off := 0; off < 3; off++ {
				enc := stableBase64(f, off)
				for _, e := range []string{enc, strings.NewReplacer("+", "-", "/", "_").Replace(enc)} {
					if len(e) >= 4 && !seen[e] {
						seen[e] = true
						out = append(out, kwSpec{e, false})
					}
				}
			}
		}
	}
	return out
}

func keywordRune(r rune) bool {
	return r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '_' || r == '-' || r == '.'
}

// stableBase64 returns the characters of the base64 of s, written off
// bytes into a 3-byte group, that depend on s alone.
func stableBase64(s string, off int) string {
	buf := make([]byte, off+len(s)+2)
	copy(buf[off:], s)
	enc := base64.StdEncoding.EncodeToString(buf)
	first := (8*off + 5) / 6
	end := (8*off + 8*len(s)) / 6
	return enc[first:end]
}

// percentKeywords: the keywords themselves (letters, digits and _-. are
// never escaped, so a key name reads the same encoded), and those of
// URLs ("s://") as percent-encoding writes them, since a URL given as a
// query parameter has its "://" escaped. Other keywords with punctuation
// (key= and key") are left out: each costs a little on all text, and
// the names they end are found without them.
func percentKeywords(kws []kwSpec) []kwSpec {
	out := slices.Clone(kws)
	for _, k := range kws {
		if !strings.Contains(k.text, "://") {
			continue
		}
		if enc := percentEncode(k.text); len(enc) >= 4 {
			out = append(out, kwSpec{lowerString(enc), true})
		}
	}
	return out
}

func percentEncode(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if c := s[i]; keywordRune(rune(c)) || c == '~' {
			b.WriteByte(c)
		} else {
			b.WriteString("%" + strings.ToUpper(string("0123456789abcdef"[c>>4])+string("0123456789abcdef"[c&15])))
		}
	}
	return b.String()
}
