package redact

import "testing"

// TestRulesRunOnlyWherePassed: in a text without escapes, a rule runs
// only when one of its keywords passes its quick check; the keywords
// of the others (Go source's "token" and "key") no longer set it off.
func TestRulesRunOnlyWherePassed(t *testing.T) {
	rs := defaults(t)
	rule := func(id string) int {
		for i, r := range rs.rules {
			if r.id == id {
				return i
			}
		}
		t.Fatalf("no rule %s", id)
		return -1
	}
	generic, assignment := rule("generic-api-key"), rule(RuleAssignment)
	for _, c := range []struct {
		text                string
		generic, assignment bool
	}{
		{"tok := p.next()\nkey := token.Pos(x)\npassword = hunter2", false, true},
		{`token.Pos, list []ast.Expr`, false, false},
		{`api_key = "Zq8rT2vX9wK4mN7pQ1"`, true, true},
		// A backslash: the checks would read it as an escape; every
		// rule a keyword gates runs.
		{`token.Pos, list \n []ast.Expr`, true, true},
	} {
		x := rs.NewRedactor()
		text := []byte(c.text)
		x.hits = rs.pf.scan(text, nil)
		x.markActive(text)
		if x.active[generic] != c.generic || x.active[assignment] != c.assignment {
			t.Errorf("%q: generic-api-key %v, %s %v; want %v, %v", c.text,
				x.active[generic], RuleAssignment, x.active[assignment], c.generic, c.assignment)
		}
	}
}
