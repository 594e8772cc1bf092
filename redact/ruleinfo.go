package redact

import "slices"

// RuleInfo describes one rule of a RuleSet.
type RuleInfo struct {
	ID string
	// Source is where the rule comes from: SourceZero, SourceZsj,
	// SourceUser, SourceGitleaks, or the rules file that gave it.
	Source string
	// Keywords are what the rule is looked for near, in lower case when
	// case does not matter; none for a rule that looks everywhere, and
	// for user-secret, whose keywords are the secrets.
	Keywords []string
}

// Rules lists the rules in the order they run, each id once.
func (rs *RuleSet) Rules() []RuleInfo {
	var out []RuleInfo
	if len(rs.keys) > 0 {
		src := SourceUser
		if slices.ContainsFunc(rs.rules, func(r rule) bool { return r.source == SourceZero }) {
			src = SourceZero
		}
		out = append(out, RuleInfo{ID: RuleSensitiveKey, Source: src, Keywords: slices.Sorted(func(yield func(string) bool) {
			for k := range rs.keys {
				if !yield(k) {
					return
				}
			}
		})})
	}
	for _, r := range rs.rules {
		i := slices.IndexFunc(out, func(o RuleInfo) bool { return o.ID == r.id })
		if i < 0 {
			src := r.source
			if src == "" {
				src = SourceZsj
			}
			out = append(out, RuleInfo{ID: r.id, Source: src})
			i = len(out) - 1
		}
		if r.id == RuleUserSecret {
			continue // its keywords are the secrets
		}
		for _, k := range r.keywords {
			if !slices.Contains(out[i].Keywords, k.text) {
				out[i].Keywords = append(out[i].Keywords, k.text)
			}
		}
	}
	return out
}
