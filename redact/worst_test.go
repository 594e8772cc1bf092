package redact

import (
	"strings"
	"testing"
	"time"
)

// TestRepetitiveInputsStayLinear: a 512 KB string made of one keyword and
// what follows it, over and over, must not make the rules quadratic
// (10^11 steps would take far longer than the limit).
func TestRepetitiveInputsStayLinear(t *testing.T) {
	const size = 512 << 10
	x := defaults(t).NewRedactor()
	for _, unit := range []string{
		"token", "tokentoken=", `"password":"`, "password=", "eyJ-", "eyJaaaaaaaa.", "sk-", "ghp_",
		"-----BEGIN RSA PRIVATE KEY-----\n", "-----END RSA PRIVATE KEY-----", "https://", "https://a:",
		"Cookie: ", "Authorization: Bearer ", "?token=", `\"token\": \"`, "'", `\`, "a", "0:AA",
	} {
		text := []byte(strings.Repeat(unit, size/len(unit)))
		start := time.Now()
		x.RedactText(text)
		line := []byte(`{"o":"` + escapeAll(string(text), 0) + `"}`)
		x.Line(line, nil)
		x.Find(line)
		if d := time.Since(start); d > 5*time.Second {
			t.Errorf("%q repeated: %v", unit, d)
		}
	}
}
