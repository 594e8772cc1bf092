package redact

import (
	"fmt"
	"regexp"
	"slices"

	"github.com/BurntSushi/toml"
)

// gitleaksFile is the part of a gitleaks configuration zsj uses: its
// [[rules]] tables with an id, a regex, and optionally the capture group
// that holds the secret and keywords that gate the rule.
type gitleaksFile struct {
	Rules []gitleaksRule `toml:"rules"`
}

type gitleaksRule struct {
	ID          string   `toml:"id"`
	Description string   `toml:"description"` // read so that it is not warned about
	Regex       string   `toml:"regex"`
	SecretGroup int      `toml:"secretGroup"`
	Keywords    []string `toml:"keywords"`
}

// ParseGitleaksRules reads rules in gitleaks' TOML format. Keys zsj does
// not use (entropy, path, allowlists, [extend]...) are ignored, each named
// once in warnings; a rule with no regex (gitleaks allows rules on file
// paths alone) is skipped with a warning.
func ParseGitleaksRules(data []byte) (rules []CustomRule, warnings []string, err error) {
	var f gitleaksFile
	md, err := toml.Decode(string(data), &f)
	if err != nil {
		return nil, nil, err
	}
	undecoded := md.Undecoded()
	for _, k := range undecoded {
		// A table is named by the keys inside it.
		if slices.ContainsFunc(undecoded, func(o toml.Key) bool { return len(o) > len(k) && slices.Equal(o[:len(k)], k) }) {
			continue
		}
		w := fmt.Sprintf("key %s is not supported and is ignored", k)
		if !slices.Contains(warnings, w) {
			warnings = append(warnings, w)
		}
	}
	for i, r := range f.Rules {
		if r.ID == "" {
			return nil, nil, fmt.Errorf("rule %d has no id", i+1)
		}
		if r.Regex == "" {
			warnings = append(warnings, fmt.Sprintf("rule %s has no regex and is skipped", r.ID))
			continue
		}
		re, err := regexp.Compile(r.Regex)
		if err != nil {
			return nil, nil, fmt.Errorf("rule %s: %v", r.ID, err)
		}
		rules = append(rules, CustomRule{ID: r.ID, Regex: re, SecretGroup: r.SecretGroup, Keywords: r.Keywords})
	}
	return rules, warnings, nil
}
