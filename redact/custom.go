package redact

import (
	"errors"
	"fmt"
	"slices"
)

// customRule turns a CustomRule into a rule, checking it against the
// rules before it.
func customRule(cr CustomRule, before []rule) (rule, error) {
	switch {
	case cr.ID == "":
		return rule{}, errors.New("a rule has no id")
	case cr.Regex == nil:
		return rule{}, fmt.Errorf("rule %s: no regex", cr.ID)
	case cr.SecretGroup < 0 || cr.SecretGroup > cr.Regex.NumSubexp():
		return rule{}, fmt.Errorf("rule %s: secretGroup %d, but the regex has %d groups", cr.ID, cr.SecretGroup, cr.Regex.NumSubexp())
	case cr.ID == RuleSensitiveKey || slices.ContainsFunc(before, func(r rule) bool { return r.id == cr.ID }):
		return rule{}, fmt.Errorf("rule %s: the id is already taken", cr.ID)
	}
	var kws []kwSpec
	for _, k := range cr.Keywords {
		if k != "" {
			kws = append(kws, kwSpec{lowerString(k), true})
		}
	}
	re, group := cr.Regex, cr.SecretGroup
	return rule{id: cr.ID, keywords: kws, all: func(t []byte, yield func(start, end int)) {
		for _, m := range re.FindAllSubmatchIndex(t, -1) {
			if start, end := m[2*group], m[2*group+1]; start >= 0 {
				yield(start, end)
			}
		}
	}}, nil
}
