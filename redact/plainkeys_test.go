package redact

import (
	"slices"
	"testing"
)

// A usage line's "...Tokens" names are passed without a walk; the same
// names in text, a name the rules find sensitive, and a value holding a
// keyword of its own are still looked at, and every line comes out as a
// walk of it would have it (checkLine).
func TestPlainKeysAreLeftOut(t *testing.T) {
	rs := defaults(t)
	for _, name := range []string{"promptTokens", "cacheWriteTokens", "reasoningTokens"} {
		if !rs.plain[name] {
			t.Fatalf("%s is not a plain key of the default rules", name)
		}
	}
	const usage = `{"schemaVersion":2,"type":"usage","runId":"r","promptTokens":4276,"completionTokens":990,"totalTokens":5266,"cachedInputTokens":2266,"cacheWriteTokens":0,"reasoningTokens":623,"costUsd":0}`
	for _, tc := range []struct {
		name   string
		line   string
		walked bool
		found  []string
	}{
		{"a usage line", usage, false, nil},
		{"a plain key inside arguments", `{"type":"tool_call","args":{"totalTokens":5,"promptTokens":"a8Fk29dLq0Zx7TbNc3"}}`, false, nil},
		{"a plain key in text", `{"type":"text","delta":"{\"promptTokens\": \"a8Fk29dLq0Zx7TbNc3\"}"}`, true, []string{"generic-api-key"}},
		{"a plain key in text after a comma", `{"type":"text","delta":"a,\"promptTokens\": \"a8Fk29dLq0Zx7TbNc3\""}`, true, []string{"generic-api-key"}},
		// The quote before the name is not one that starts a string:
		// the name is not looked for there.
		{"a plain key that ends a longer one", `{"type":"tool_call","args":{"my\"promptTokens":5}}`, true, nil},
		{"a sensitive key", `{"type":"tool_call","args":{"accessToken":"a8Fk29dLq0Zx7TbNc3"}}`, true, []string{RuleSensitiveKey}},
		{"a longer name", `{"type":"tool_call","args":{"maxPromptTokens":"a8Fk29dLq0Zx7TbNc3"}}`, true, nil},
		{"a keyword in the value", `{"type":"usage","promptTokens":"token=a8Fk29dLq0Zx7TbNc3"}`, true, []string{"sensitive-assignment"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			x := rs.NewRedactor()
			line := []byte(tc.line)
			if got := x.scanLine(line); got != tc.walked {
				t.Errorf("walked = %v, want %v (keywords %v)", got, tc.walked, x.lineHits)
			}
			checkLine(t, x, line)
			if got := ruleIDs(x.Find(line)); !slices.Equal(got, tc.found) {
				t.Errorf("found %v, want %v", got, tc.found)
			}
		})
	}
}

// A name is a plain key only when the rules find nothing in it: one the
// configuration makes sensitive is not.
func TestPlainKeysFollowTheConfiguration(t *testing.T) {
	rs, err := Compile(Config{Keys: []string{"promptTokens"}})
	if err != nil {
		t.Fatal(err)
	}
	if rs.plain["promptTokens"] || !rs.plain["cacheWriteTokens"] {
		t.Fatalf("plain keys: %v", rs.plain)
	}
	line := []byte(`{"type":"tool_call","args":{"promptTokens":5}}`)
	if got := ruleIDs(rs.NewRedactor().Find(line)); !slices.Equal(got, []string{RuleSensitiveKey}) {
		t.Fatalf("found %v in %s", got, line)
	}
}
