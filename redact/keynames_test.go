package redact

import "testing"

// TestKeyNamesBySuffix: a sensitive name as the last parts of a key, or
// before a part naming its copy, is sensitive; the same letters inside a
// word, before another part, or after a part saying it is a count are not.
func TestKeyNamesBySuffix(t *testing.T) {
	rs := defaults(t)
	for key, want := range map[string]bool{
		"DB_PASSWORD":       true,
		"STRIPE_SECRET_KEY": true,
		"x-auth-token":      true,
		"MY_API_TOKEN":      true,
		"githubToken":       true,
		"SECRET_KEY_BASE":   true,
		"PASSWORD_2":        true,
		"aws.secretKey":     true,
		"apikey":            true,
		"mysql_passwd":      true,

		"PASSWORD_POLICY": false,
		"token_count":     false,
		"max_tokens":      false,
		"keyboard":        false,
		"secretary":       false,
		"next_page_token": false,
		"NextToken":       false,
		"forgot_password": false,
		"password_file":   false,
		"token_type":      false,
		"public_key":      false,
		"access_key_id":   false,
		"monkey":          false,
	} {
		if got := rs.keys.sensitive([]byte(key)); got != want {
			t.Errorf("sensitive(%q) = %v, want %v", key, got, want)
		}
	}
}

// TestSuffixKeysAsMembers: the sensitive-key rule takes the value of a
// member whose key ends in a sensitive name.
func TestSuffixKeysAsMembers(t *testing.T) {
	rs := defaults(t)
	line := `{"type":"tool_call","runId":"r","id":"t","name":"x","args":{"DB_PASSWORD":"pw-1","max_tokens":5,"token_count":"7"}}`
	got, res := redactLine(rs, line)
	want := `{"type":"tool_call","runId":"r","id":"t","name":"x","args":{"DB_PASSWORD":"[REDACTED]","max_tokens":5,"token_count":"7"}}`
	if got != want || len(res.Matches) != 1 || res.Matches[0].Rule != RuleSensitiveKey {
		t.Errorf("got %s %v\nwant %s", got, res.Matches, want)
	}
}
