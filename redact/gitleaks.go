package redact

import (
	"bytes"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/pelletier/go-toml/v2"
)

// GitleaksConfig is what zsj takes from a configuration in gitleaks' TOML
// format: its rules, each with its allowlists (the file's global ones
// first), and the ids of the built-in catalogue's rules it disables.
type GitleaksConfig struct {
	Rules []CustomRule
	// DisabledRules are [extend] disabledRules: ids of built-in gitleaks
	// catalogue rules to leave out.
	DisabledRules []string
	// UseDefault is [extend] useDefault: Rules then hold the built-in
	// catalogue too, merged with the file's rules as gitleaks merges them.
	UseDefault bool
}

// The file as gitleaks reads it. Its reader (viper) matches keys without
// regard to case, as the TOML decoder does when no tag matches exactly.
type gitleaksFile struct {
	Title       string `toml:"title"`
	Description string `toml:"description"`
	MinVersion  string `toml:"minVersion"`
	Extend      struct {
		Path          string   `toml:"path"`
		URL           string   `toml:"url"`
		UseDefault    bool     `toml:"useDefault"`
		DisabledRules []string `toml:"disabledRules"`
	} `toml:"extend"`
	Rules      []gitleaksRule      `toml:"rules"`
	AllowList  *gitleaksAllowlist  `toml:"allowlist"` // the older form of [[allowlists]]
	Allowlists []gitleaksAllowlist `toml:"allowlists"`
}

type gitleaksRule struct {
	ID          string              `toml:"id"`
	Description string              `toml:"description"`
	Path        string              `toml:"path"`
	Regex       string              `toml:"regex"`
	SecretGroup int                 `toml:"secretGroup"`
	Entropy     float64             `toml:"entropy"`
	Keywords    []string            `toml:"keywords"`
	Tags        []string            `toml:"tags"`
	AllowList   *gitleaksAllowlist  `toml:"allowlist"`
	Allowlists  []gitleaksAllowlist `toml:"allowlists"`
	Required    []struct {
		ID            string `toml:"id"`
		WithinLines   *int   `toml:"withinLines"`
		WithinColumns *int   `toml:"withinColumns"`
	} `toml:"required"`
	SkipReport bool `toml:"skipReport"`
}

type gitleaksAllowlist struct {
	Description string   `toml:"description"`
	Condition   string   `toml:"condition"`
	Commits     []string `toml:"commits"`
	Paths       []string `toml:"paths"`
	RegexTarget string   `toml:"regexTarget"`
	Regexes     []string `toml:"regexes"`
	StopWords   []string `toml:"stopwords"`
	TargetRules []string `toml:"targetRules"`
}

// ParseGitleaksRules reads rules in gitleaks' TOML format; see
// ParseGitleaks. It leaves out [extend] disabledRules.
func ParseGitleaksRules(data []byte) (rules []CustomRule, warnings []string, err error) {
	c, warnings, err := ParseGitleaks(data, "rules file")
	return c.Rules, warnings, err
}

// ParseGitleaks reads a configuration in gitleaks' TOML format; source
// names it in the rules' Source. What a log cannot use is ignored and
// named once in warnings: a rule's path (logs have no file paths; the
// rule applies everywhere, and a rule with a path alone is skipped),
// allowlists' paths and commits, composite rules ([[rules.required]]).
// Errors are those gitleaks reports: a rule with no id or no regex and
// path, a secretGroup past the regex's groups, a bad regex, an allowlist
// with nothing to check or an unknown condition or regexTarget.
func ParseGitleaks(data []byte, source string) (GitleaksConfig, []string, error) {
	var warn warnings
	f, err := decodeGitleaks(data, &warn)
	if err != nil {
		return GitleaksConfig{}, nil, err
	}
	c, err := f.translate(source, false, &warn)
	if err != nil {
		return GitleaksConfig{}, nil, err
	}
	if f.Extend.Path != "" || f.Extend.URL != "" {
		warn.add("[extend] path and url are not supported and are ignored: put the rules in one file")
	}
	if f.Extend.UseDefault {
		if f.Extend.Path != "" {
			return GitleaksConfig{}, nil, errors.New("[extend] has both path and useDefault")
		}
		base, err := builtinGitleaks()
		if err != nil {
			return GitleaksConfig{}, nil, err
		}
		c.Rules = extendRules(base.rules, c.Rules, f.Extend.DisabledRules, source)
		c.globals = slices.Concat(c.globals, base.globals)
		c.UseDefault = true
	}
	if err := c.attachAllowlists(true); err != nil {
		return GitleaksConfig{}, nil, err
	}
	c.DisabledRules = f.Extend.DisabledRules
	return c.GitleaksConfig, warn, nil
}

type warnings []string

func (w *warnings) add(s string) {
	if !slices.Contains(*w, s) {
		*w = append(*w, s)
	}
}

// decodeGitleaks decodes a file of gitleaks' format, with a warning for
// each key zsj does not know (a table's name stands for the keys in it).
//
// The decoder is go-toml, which gitleaks' own configuration code brings
// into the binary anyway: it decodes the built-in catalogue in a third of
// the time another decoder took, and every command that scans for
// secrets decodes it when it starts.
//
// A panic inside the decoder is returned as an error: the file is the
// user's, and a decoder bug on an odd file (go-toml before v2.4 panicked
// on "[[rules.0]]") must not end the command with a stack trace.
func decodeGitleaks(data []byte, warn *warnings) (_ *gitleaksFile, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("the TOML decoder failed on this file: %v", p)
		}
	}()
	var f gitleaksFile
	d := toml.NewDecoder(bytes.NewReader(data))
	d.DisallowUnknownFields()
	err = d.Decode(&f)
	// Unknown keys are reported once the whole file is decoded.
	var unknown *toml.StrictMissingError
	if errors.As(err, &unknown) {
		for _, e := range unknown.Errors {
			warn.add(fmt.Sprintf("key %s is not supported and is ignored", strings.Join(e.Key(), ".")))
		}
		return &f, nil
	}
	var bad *toml.DecodeError
	if errors.As(err, &bad) {
		row, col := bad.Position()
		return nil, fmt.Errorf("line %d, column %d: %s", row, col, strings.TrimPrefix(bad.Error(), "toml: "))
	}
	if err != nil {
		return nil, err
	}
	return &f, nil
}

// parsedGitleaks is a configuration before its global allowlists are
// given to its rules.
type parsedGitleaks struct {
	GitleaksConfig
	globals  []Allowlist
	targeted map[string][]Allowlist // [[allowlists]] with targetRules, by rule id
}

// translate turns the file's rules into CustomRules. With lazy, their
// regexes are compiled on first use, and neither checked nor parsed now
// (see setRegex).
func (f *gitleaksFile) translate(source string, lazy bool, warn *warnings) (parsedGitleaks, error) {
	c := parsedGitleaks{targeted: map[string][]Allowlist{}}
	c.Rules = []CustomRule{}
	var pathRules []string
	for i, gr := range f.Rules {
		if strings.TrimSpace(gr.ID) == "" {
			return c, fmt.Errorf("rule %d has no id", i+1)
		}
		if gr.Regex == "" && gr.Path == "" {
			return c, fmt.Errorf("rule %s: both regex and path are empty", gr.ID)
		}
		if gr.Path != "" {
			pathRules = append(pathRules, gr.ID)
		}
		if len(gr.Required) > 0 || gr.SkipReport {
			warn.add("composite rules ([[rules.required]], skipReport) are not supported: each rule matches alone")
		}
		cr := CustomRule{ID: gr.ID, Description: gr.Description, SecretGroup: gr.SecretGroup,
			Entropy: gr.Entropy, Source: source, gitleaks: true}
		for _, k := range gr.Keywords {
			cr.Keywords = append(cr.Keywords, strings.ToLower(k))
		}
		if gr.Regex != "" {
			if err := cr.setRegex(gr.Regex, lazy); err != nil {
				return c, fmt.Errorf("rule %s: %v", gr.ID, err)
			}
			if err := cr.checkSecretGroup(); err != nil {
				return c, err
			}
		}
		lists := gr.Allowlists
		if gr.AllowList != nil {
			if len(lists) > 0 {
				return c, fmt.Errorf("rule %s: [rules.allowlist] cannot be used alongside [[rules.allowlists]]", gr.ID)
			}
			lists = []gitleaksAllowlist{*gr.AllowList}
		}
		for _, ga := range lists {
			a, ok, err := ga.translate(warn)
			if err != nil {
				return c, fmt.Errorf("rule %s: [[rules.allowlists]] %w", gr.ID, err)
			}
			if ok {
				cr.Allowlists = append(cr.Allowlists, a)
			}
		}
		// gitleaks keeps one rule per id, the last.
		if j := slices.IndexFunc(c.Rules, func(o CustomRule) bool { return o.ID == cr.ID }); j >= 0 {
			c.Rules[j] = cr
		} else {
			c.Rules = append(c.Rules, cr)
		}
	}
	if len(pathRules) > 0 {
		warn.add(fmt.Sprintf("the path of %d rule(s) is ignored: logs have no file paths, so these rules apply everywhere and rules with a path alone are skipped", len(pathRules)))
	}
	lists := f.Allowlists
	if f.AllowList != nil {
		if len(lists) > 0 {
			return c, errors.New("[allowlist] cannot be used alongside [[allowlists]]")
		}
		lists = []gitleaksAllowlist{*f.AllowList}
	}
	for _, ga := range lists {
		a, ok, err := ga.translate(warn)
		if err != nil {
			return c, fmt.Errorf("[[allowlists]] %w", err)
		}
		if !ok {
			continue
		}
		if len(ga.TargetRules) == 0 {
			c.globals = append(c.globals, a)
		}
		for _, id := range ga.TargetRules {
			c.targeted[id] = append(c.targeted[id], a)
		}
	}
	return c, nil
}

// attachAllowlists gives each rule the allowlists that target it and,
// with globals, the global ones; it drops the rules that have no regex.
func (c *parsedGitleaks) attachAllowlists(globals bool) error {
	for id := range c.targeted {
		if !slices.ContainsFunc(c.Rules, func(r CustomRule) bool { return r.ID == id }) {
			return fmt.Errorf("[[allowlists]] target rule %s does not exist", id)
		}
	}
	rules := c.Rules[:0]
	for _, r := range c.Rules {
		if !r.hasRegex() {
			continue
		}
		var lists []Allowlist
		if globals {
			lists = c.globals
		}
		lists = slices.Concat(lists, c.targeted[r.ID], r.Allowlists)
		r.Allowlists = slices.Clip(lists)
		rules = append(rules, r)
	}
	c.Rules = rules
	return nil
}

// translate checks an allowlist as gitleaks does. ok is false for one
// that checks paths or commits alone: in a log it never applies.
func (ga gitleaksAllowlist) translate(warn *warnings) (a Allowlist, ok bool, err error) {
	switch strings.ToUpper(ga.Condition) {
	case "AND", "&&":
		a.MatchAll = true
	case "", "OR", "||":
	default:
		return a, false, fmt.Errorf("unknown condition %q (expected and, or)", ga.Condition)
	}
	switch ga.RegexTarget {
	case "", "secret":
		a.RegexTarget = TargetSecret
	case "match":
		a.RegexTarget = TargetMatch
	case "line":
		a.RegexTarget = TargetLine
	default:
		return a, false, fmt.Errorf("unknown regexTarget %q (expected match, line)", ga.RegexTarget)
	}
	if len(ga.Commits) == 0 && len(ga.Paths) == 0 && len(ga.Regexes) == 0 && len(ga.StopWords) == 0 {
		return a, false, errors.New("must contain at least one check for: commits, paths, regexes, or stopwords")
	}
	for _, s := range ga.Regexes {
		re, err := regexp.Compile(s)
		if err != nil {
			return a, false, err
		}
		a.Regexes = append(a.Regexes, re)
	}
	seen := make(map[string]bool, len(ga.StopWords)) // the generic rule has 1,500
	for _, s := range ga.StopWords {
		if s = strings.ToLower(s); !seen[s] {
			seen[s] = true
			a.StopWords = append(a.StopWords, s)
		}
	}
	if len(a.Regexes) == 0 && len(a.StopWords) == 0 {
		return a, false, nil
	}
	return a, true, nil
}

// extendRules merges a file's rules into the built-in catalogue as
// gitleaks' [extend] useDefault does: a rule of the file with a built-in
// rule's id overrides the fields it sets and adds its keywords and
// allowlists; disabled built-in rules are left out. The result is sorted
// by id, as gitleaks sorts it.
func extendRules(base, own []CustomRule, disabled []string, source string) []CustomRule {
	out := slices.Clone(own)
	for _, b := range base {
		if slices.Contains(disabled, b.ID) {
			continue
		}
		j := slices.IndexFunc(out, func(o CustomRule) bool { return o.ID == b.ID })
		if j < 0 {
			out = append(out, b)
			continue
		}
		o := out[j]
		m := b
		m.Source = source
		if o.Description != "" {
			m.Description = o.Description
		}
		if o.Entropy != 0 {
			m.Entropy = o.Entropy
		}
		if o.SecretGroup != 0 {
			m.SecretGroup = o.SecretGroup
		}
		if o.hasRegex() {
			m.Regex, m.lazy = o.Regex, o.lazy
		}
		m.Keywords = slices.Concat(b.Keywords, o.Keywords)
		m.Allowlists = slices.Concat(b.Allowlists, o.Allowlists)
		out[j] = m
	}
	slices.SortStableFunc(out, func(a, b CustomRule) int { return strings.Compare(a.ID, b.ID) })
	return out
}
