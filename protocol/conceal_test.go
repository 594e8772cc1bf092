package protocol

import (
	"strings"
	"testing"
)

// TestConcealedNames: an unknown type or field name that Conceal flags is
// named by fingerprint, in the message and the path; a name it does not
// flag is quoted as before.
func TestConcealedNames(t *testing.T) {
	secret := "ghp_" + strings.Repeat("Ab1", 12) // a token's shape, built here
	conceal := func(name []byte) bool { return strings.HasPrefix(string(name), "ghp_") }
	for _, tc := range []struct {
		name, line string
		want       string // in a message
		wantPath   string
	}{
		{"type", `{"schemaVersion":2,"type":"` + secret + `","runId":"r"}`, "unknown event type (a secret-like name, fingerprint ", "$.type"},
		{"field", `{"schemaVersion":2,"type":"text","runId":"r","delta":"x","` + secret + `":1}`, "unknown field with a secret-like name (fingerprint ", `$["[fingerprint `},
		{"nested field", `{"schemaVersion":2,"type":"permission_request","runId":"r","id":"c","name":"bash","action":"prompt","permission":"prompt","reason":"r","block":{"code":"c","reason":"x","` + secret + `":2}}`,
			"unknown field with a secret-like name (fingerprint ", `$.block["[fingerprint `},
		// Near misses: names Conceal does not flag are quoted.
		{"plain type", `{"schemaVersion":2,"type":"texty","runId":"r"}`, `unknown event type "texty"`, "$.type"},
		{"plain field", `{"schemaVersion":2,"type":"text","runId":"r","delta":"x","ghx_note":1}`, `unknown field "ghx_note"`, `$.ghx_note`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			problems := ValidateEvent([]byte(tc.line), Options{Conceal: conceal})
			found := false
			for _, p := range problems {
				if strings.Contains(p.Message+p.Path, secret) {
					t.Errorf("problem quotes the secret: %s %s", p.Path, p.Rule)
				}
				if strings.Contains(p.Message, tc.want) && strings.HasPrefix(p.Path, tc.wantPath) {
					found = true
				}
			}
			if !found {
				t.Errorf("no problem with %q at %s in %v", tc.want, tc.wantPath, problems)
			}
		})
	}
	// Without Conceal, a name that looks like a credential is named by
	// fingerprint too, and an ordinary one is quoted.
	for _, tc := range []struct {
		line, want string
	}{
		{`{"schemaVersion":2,"type":"` + secret + `","runId":"r"}`, "unknown event type (a secret-like name, fingerprint "},
		{`{"schemaVersion":2,"type":"text","runId":"r","delta":"x","` + secret + `":1}`, "unknown field with a secret-like name (fingerprint "},
		{`{"schemaVersion":2,"type":"text","runId":"r","delta":"x","cacheCreationInputTokens":1}`, `unknown field "cacheCreationInputTokens"`},
		{`{"schemaVersion":2,"type":"text","runId":"r","delta":"x","field2024":1}`, `unknown field "field2024"`},
	} {
		found := false
		for _, p := range ValidateEvent([]byte(tc.line), Options{}) {
			if strings.Contains(p.Message+p.Path, secret) {
				t.Errorf("problem quotes the secret: %s %s", p.Path, p.Rule)
			}
			found = found || strings.Contains(p.Message, tc.want)
		}
		if !found {
			t.Errorf("no problem with %q for %s", tc.want, tc.line)
		}
	}
	// The fingerprint is the one zsj redact gives the same value.
	if got := fingerprint([]byte("abc")); got != "ba7816bf" {
		t.Errorf("fingerprint(abc) = %s", got)
	}
}
