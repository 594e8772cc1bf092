// Package redact finds and removes credentials in Zero stream-json logs.
//
// A RuleSet holds the rules: sensitive key names (an object member such as
// "apiKey" has its whole value replaced), text rules applied inside every
// string (PEM private keys, key=value assignments, Authorization headers,
// passwords in URLs, token shapes such as ghp_... and sk-...), exact values
// given by the user, and rules from a gitleaks TOML file. A Redactor
// applies them to one line at a time and keeps scratch space, so each
// goroutine needs its own.
//
// Rules see decoded strings, so a secret written with JSON escapes is
// found; only strings that change are re-encoded, and every other byte of
// a line stays as it was. Nothing here does I/O.
package redact

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/zsj-dev/zsj/protocol"
)

// DefaultReplacement is what a secret is replaced with.
const DefaultReplacement = "[REDACTED]"

// minSecretLen is the shortest value --secret takes: shorter ones would
// erase ordinary words.
const minSecretLen = 4 // bytes

// Config says which rules a RuleSet holds.
type Config struct {
	// Secrets are exact values replaced wherever they occur, longest
	// first, before any other text rule.
	Secrets []string
	// Keys are sensitive key names added to Zero's (compared normalized,
	// see NormalizeKey).
	Keys []string
	// Rules are extra rules, such as those of a gitleaks TOML file. A
	// rule from a gitleaks file (see ParseGitleaks) with the id of a
	// built-in gitleaks catalogue rule takes its place.
	Rules []CustomRule
	// DisabledRules are ids of built-in gitleaks catalogue rules to leave
	// out ([extend] disabledRules of a rules file).
	DisabledRules []string
	// NoDefaultRules leaves out Zero's key names and text rules, the
	// other built-in families and the gitleaks catalogue; Secrets, Keys
	// and Rules still apply.
	NoDefaultRules bool
	// Replacement replaces each secret; "" means DefaultReplacement.
	Replacement string
}

// CustomRule is a rule given as a regular expression, with the semantics
// of gitleaks' format.
type CustomRule struct {
	ID string
	// Regex is the rule's regex; nil for a rule of the built-in
	// catalogue (Expr gives its text), which is compiled on first use.
	Regex *regexp.Regexp
	// SecretGroup is the capture group that holds the secret; 0 means
	// the first capture group that matched something, or the whole match
	// when there is none.
	SecretGroup int
	// Keywords gate the rule: it only runs near an occurrence of one of
	// them, ignoring case (see matchesNear). None: it runs on every
	// string.
	Keywords []string
	// Entropy, when not 0, is the Shannon entropy (bits per character) a
	// secret must exceed.
	Entropy float64
	// Allowlists exempt some matches.
	Allowlists []Allowlist
	// Description says what the rule finds.
	Description string
	// Source says where the rule comes from: SourceGitleaks, a file name;
	// "" is SourceConfig.
	Source string

	// lazy, when Regex is nil, is the rule's regex, parsed and compiled
	// on its first use (the built-in catalogue: most of its rules never
	// run in a given log, and compiling them all was most of the
	// start-up of a run). Copies of the rule share it.
	lazy     *lazyRegex
	gitleaks bool           // from a gitleaks file: its id gives way to ours
	width    int            // its window (see windowOf); 0 when not yet known
	pre      *regexp.Regexp // see necessary
	lead     int
}

// Match is one secret found. It never holds the secret itself.
type Match struct {
	Rule string // the rule id
	// Path is the JSON path of the string or member, written with keys as
	// they read after redaction; "" for a line that is not JSON.
	Path string
	// Fingerprint is the first 8 hex digits of the SHA-256 of the secret,
	// to tell secrets apart and find the same one again.
	Fingerprint string
}

// RuleSet is a compiled set of rules, safe for concurrent use.
type RuleSet struct {
	keys    keySet
	rules   []rule
	pf      *prefilter
	kwRules [][]int // per prefilter keyword: the rules it gates
	// kwChecks, per keyword: the rules whose quick checks mayFire runs,
	// each plain check once (see plainChecks).
	kwChecks  [][]int
	always    []bool // per rule: runs on every string
	anyAlways bool
	repl      []byte
	replJSON  []byte // repl as a JSON string
	// plain: the protocol's member names that hold a keyword and
	// nothing to redact (see plainkeys.go); nil when there are none.
	// plainKw marks their keywords, plainLen is the longest.
	plain    map[string]bool
	plainKw  []bool
	plainLen int

	// cleanLong is the memo of long strings found clean, made when
	// FindShaped first needs it.
	cleanLong func() *cleanMemo
}

// Compile checks cfg and builds its rules.
func Compile(cfg Config) (*RuleSet, error) {
	rs := &RuleSet{keys: keySet{}, repl: []byte(cfg.Replacement), cleanLong: sync.OnceValue(newCleanMemo)}
	if cfg.Replacement == "" {
		rs.repl = []byte(DefaultReplacement)
	}
	if err := checkReplacement(rs.repl); err != nil {
		return nil, err
	}
	rs.replJSON = protocol.AppendQuoted(nil, rs.repl)
	if !cfg.NoDefaultRules {
		for _, k := range zeroKeys {
			rs.keys[k] = true
		}
	}
	for _, k := range cfg.Keys {
		n, err := checkKeyName(k)
		if err != nil {
			return nil, err
		}
		rs.keys[n] = true
	}
	secrets, err := secretRules(cfg.Secrets)
	if err != nil {
		return nil, err
	}
	rs.rules = secrets
	custom := cfg.Rules
	if !cfg.NoDefaultRules {
		rs.rules = append(rs.rules, defaultTextRules(rs.keys)...)
		markSource(rs.rules, zeroRuleIDs(), SourceZero)
		catalogue, err := gitleaksCatalogue(cfg.Rules, cfg.DisabledRules)
		if err != nil {
			return nil, err
		}
		custom = append(catalogue, cfg.Rules...)
	} else if len(rs.keys) > 0 {
		rs.rules = append(rs.rules, keyTextRules(rs.keys)...)
	}
	for _, cr := range custom {
		r, err := customRule(renamed(cr, rs.rules), rs.rules)
		if err != nil {
			return nil, err
		}
		rs.rules = append(rs.rules, r)
	}
	linkCounterparts(rs.rules)
	if len(rs.rules) == 0 && len(rs.keys) == 0 {
		return nil, errors.New("no rules: --no-default-rules needs --secret, --key or --rules")
	}
	rs.buildPrefilter()
	rs.plainKeys()
	if m := rs.NewRedactor().Text(rs.repl); len(m) > 0 {
		return nil, fmt.Errorf("the replacement %q would itself be taken for a secret (rule %s)", rs.repl, m[0].Rule)
	}
	return rs, nil
}

// checkReplacement: the replacement goes into JSON strings and, on lines
// that are not JSON, into raw text, so it must not break either.
func checkReplacement(r []byte) error {
	if !utf8.Valid(r) {
		return errors.New("the replacement is not valid UTF-8")
	}
	for _, c := range r {
		if c < 0x20 || c == 0x7f {
			return errors.New("the replacement must not hold control characters or line breaks")
		}
	}
	return nil
}

// secretRules makes one rule per exact value, longest first, so that a
// value that holds another is replaced whole.
func secretRules(secrets []string) ([]rule, error) {
	var values []string
	for _, s := range secrets {
		if len(s) < minSecretLen {
			return nil, fmt.Errorf("a secret value must be at least %d characters long: shorter ones would erase ordinary text", minSecretLen)
		}
		if !slices.Contains(values, s) {
			values = append(values, s)
		}
	}
	slices.SortStableFunc(values, func(a, b string) int { return len(b) - len(a) })
	rules := make([]rule, len(values))
	for i, v := range values {
		rules[i] = rule{id: RuleUserSecret, source: SourceUser, keywords: exact(v), find: func(t []byte, pos int) (int, int, bool) {
			return pos, pos + len(v), true
		}}
	}
	return rules, nil
}

// keyTextRules are the text rules about key names alone, for
// --no-default-rules with --key.
func keyTextRules(keys keySet) []rule {
	kk := keyRuleKeywords(keys)
	return []rule{
		{id: RuleJSONField, keywords: kk, find: keys.findJSONField, maybe: maybeKeyText},
		{id: RuleAssignment, keywords: kk, find: keys.findAssignment, maybe: maybeKeyText},
		{id: RuleQueryParam, keywords: kk, find: keys.findQueryParam, maybe: maybeKeyText},
	}
}

// buildPrefilter gathers the keywords of every rule. A keyword shorter
// than 3 bytes cannot be hashed: one of 2 is searched for on its own (see
// prefilter.pairs), and a rule with one of 1 runs on every string.
func (rs *RuleSet) buildPrefilter() {
	index := map[kwSpec]int{}
	var kws []keyword
	rs.always = make([]bool, len(rs.rules))
	for ri, r := range rs.rules {
		if len(r.keywords) == 0 {
			rs.always[ri] = true
		}
		for _, k := range withEscapedTwins(r.keywords) {
			if len(k.text) < 2 {
				rs.always[ri] = true
				continue
			}
			i, ok := index[k]
			if !ok {
				i = len(kws)
				index[k] = i
				kws = append(kws, keyword{text: []byte(k.text), fold: k.fold})
				rs.kwRules = append(rs.kwRules, nil)
			}
			if !slices.Contains(rs.kwRules[i], ri) {
				rs.kwRules[i] = append(rs.kwRules[i], ri)
			}
		}
	}
	rs.anyAlways = slices.Contains(rs.always, true)
	for i := range kws {
		k := &kws[i]
		if useContexts && len(k.text) <= contextsFor {
			k.before, k.beside, k.after = rs.keywordContext(kwSpec{string(k.text), k.fold}, rs.kwRules[i])
			k.context = k.before != nil || k.after != nil
		}
	}
	rs.pf = newPrefilter(kws)
	rs.kwRules = append(rs.kwRules, nil) // the prefilter's own escape keyword
	rs.kwChecks = make([][]int, len(rs.kwRules))
	for kw, rules := range rs.kwRules {
		rs.kwChecks[kw] = checksOnce(rs.rules, rules)
	}
}

// withEscapedTwins adds, for each keyword with a quote, a backslash or a
// slash, the keyword as it reads in the raw text of a JSON string that
// escapes them (\", \\, \/): the prefilter then finds it without decoding
// the string.
func withEscapedTwins(kws []kwSpec) []kwSpec {
	var twins []kwSpec
	for _, k := range kws {
		if strings.ContainsAny(k.text, `"\/`) {
			twins = append(twins, kwSpec{jsonEscapes.Replace(k.text), k.fold})
		}
	}
	if twins == nil {
		return kws
	}
	return slices.Concat(kws, twins)
}

// jsonEscapes writes a keyword as an encoder that escapes quotes,
// backslashes and slashes does. (Built once: building one for each of the
// catalogue's keywords with a slash was a tenth of a rule set's
// allocations.)
var jsonEscapes = strings.NewReplacer(`\`, `\\`, `"`, `\"`, `/`, `\/`)

// RuleIDs lists the ids of the rules, in the order they run, each once.
func (rs *RuleSet) RuleIDs() []string {
	var ids []string
	if len(rs.keys) > 0 {
		ids = append(ids, RuleSensitiveKey)
	}
	for _, r := range rs.rules {
		if !slices.Contains(ids, r.id) {
			ids = append(ids, r.id)
		}
	}
	return ids
}

// Replacement is what secrets are replaced with.
func (rs *RuleSet) Replacement() string { return string(rs.repl) }

// fingerprint names a secret without revealing it.
func fingerprint(secret []byte) string {
	sum := sha256.Sum256(secret)
	return hex.EncodeToString(sum[:4])
}

// DefaultRuleIDs lists the ids of the rules a RuleSet holds by default.
func DefaultRuleIDs() []string {
	rs, err := Compile(Config{})
	if err != nil {
		panic(err)
	}
	return rs.RuleIDs()
}
