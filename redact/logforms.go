package redact

// logFormRules returns rules, the default rules so far, followed by the
// rules about forms that logs hold and that no rule above is anchored on:
// short credential flags of known commands.
func logFormRules(rules []rule) []rule {
	return append(rules, cliFlagRule())
}
