package redact

import (
	"slices"
	"strings"
	"testing"
)

// plainSecretTexts are texts where generic-api-key's part matches: source
// code whose values have too little entropy, and secrets that have
// enough, in the shapes its samples do not cover.
var plainSecretTexts = []string{
	"type Credential struct, NoSetGroups bool\n",
	"func (ke *hybridKeyExchange) clientSharedSecret(priv *keySharePrivateKeys, serverKeyShare []byte)",
	"\tneedClientCerts := requiresClientCert(c.config.ClientAuth)\n",
	`api_key = "Zq8rT2vX9wK4mN7pQ1"` + "\n" + `token: 'aaaaaaaaaaaaaaaa'` + "\n" + `secret='Zq8rT2vX9wK4mN7pQ1'`,
	"my_api.token = 0123456789abcdef0123 and key = 'Zq8rT2vX'9wK4mN7pQ1'",
	"passwd:::=   Zq8rT2vX9wK4mN7pQ1xyz; auth => \"b3BlbnNzaC1rZXktdjEAAAAABG5vbmU\"",
}

// TestPlainSecretsFindTheSame: judging the secret of a keyword-led part
// before looking for the whole match changes nothing that is found: the
// catalogue's samples and the texts above, in JSON lines, raw and
// printed into a JSON string once more.
func TestPlainSecretsFindTheSame(t *testing.T) {
	if testing.Short() {
		t.Skip("redacts every sample twice")
	}
	rs := defaults(t)
	redactsAlike(t, sampleTexts(t, plainSecretTexts...), [2]string{"judged", "not judged"},
		func(line string) (string, LineResult) { return redactLine(rs, line) },
		func(line string) (string, LineResult) {
			judgePartSecrets = false
			defer func() { judgePartSecrets = true }()
			return redactLine(rs, line)
		})
}

// FuzzPlainSecretsFindTheSame: on any text, the default rules and a
// generic rule with an entropy to reach find the same with the secrets
// of keyword-led parts judged first and without.
func FuzzPlainSecretsFindTheSame(f *testing.F) {
	for _, s := range plainSecretTexts {
		f.Add(s)
	}
	f.Add(strings.Repeat("tokenKey = abcdefghijk ", 3))
	sets := []*RuleSet{defaults(f), nearRules(f)}
	f.Fuzz(func(t *testing.T, s string) {
		if len(s) > 2000 {
			return
		}
		for _, rs := range sets {
			x := rs.NewRedactor()
			got, gotFound := x.RedactText([]byte(s))
			got, gotFound = slices.Clone(got), slices.Clone(gotFound)
			judgePartSecrets = false
			want, wantFound := x.RedactText([]byte(s))
			judgePartSecrets = true
			if string(got) != string(want) || !slices.Equal(gotFound, wantFound) {
				t.Fatalf("%q:\njudged:     %q %v\nnot judged: %q %v", s, got, gotFound, want, wantFound)
			}
		}
	})
}
