package redact

// logFormRules returns rules, the default rules so far, followed by the
// rules about forms that logs hold and that no rule above is anchored on:
// short credential flags of known commands, and secrets written in
// base64 or percent-encoding (which look inside with all the rules
// before them).
func logFormRules(rules []rule) []rule {
	rules = append(rules, cliFlagRule())
	return append(rules, encodedRules(rules, nil, maxDecodeDepth)...)
}
