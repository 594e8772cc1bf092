package gen

import (
	"encoding/base64"
	"strconv"
	"strings"
)

// Planted credentials for redaction tests. Each is shaped like the real
// thing, so a redactor must recognize it, and says FAKE or EXAMPLE where
// the shape has room, so nobody mistakes it for a leak.

// A secret is what must not survive redaction (value) and how it is
// written in a string (inline: the value with the context that makes it
// recognizable, such as "Authorization: Bearer " in front of a token).
type secret struct{ value, inline string }

type secretKind func(r *rng) secret

const (
	alnum     = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
	upperNum  = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
	letters   = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
	base64URL = alnum + "-_"
	base64Std = alnum + "+/"
)

func randomFrom(r *rng, alphabet string, n int) string {
	b := make([]byte, n)
	for i := range b {
		b[i] = alphabet[r.intn(len(alphabet))]
	}
	return string(b)
}

// plain is a kind whose shape alone gives it away.
func plain(f func(r *rng) string) secretKind {
	return func(r *rng) secret { v := f(r); return secret{v, v} }
}

var secretKinds = []secretKind{
	plain(func(r *rng) string { return "sk-FAKE" + randomFrom(r, alnum, 44) }),
	plain(func(r *rng) string { return "sk-proj-FAKE" + randomFrom(r, base64URL, 60) }),
	plain(func(r *rng) string { return "sk-ant-api03-FAKE" + randomFrom(r, base64URL, 80) + "AA" }),
	plain(func(r *rng) string {
		return "github_pat_11FAKE" + randomFrom(r, alnum, 17) + "_" + randomFrom(r, alnum, 59)
	}),
	plain(func(r *rng) string {
		return pick(r, []string{"ghp_", "gho_", "ghu_", "ghs_", "ghr_"}) + "FAKE" + randomFrom(r, alnum, 32)
	}),
	plain(func(r *rng) string { return "glpat-FAKE" + randomFrom(r, base64URL, 16) }),
	plain(func(r *rng) string { return "AIzaSyFAKE" + randomFrom(r, base64URL, 29) }),
	plain(func(r *rng) string {
		return pick(r, []string{"xoxb-", "xoxp-"}) + strconv.FormatInt(r.between64(1e11, 1e12-1), 10) + "-" +
			strconv.FormatInt(r.between64(1e12, 1e13-1), 10) + "-FAKE" + randomFrom(r, alnum, 20)
	}),
	plain(func(r *rng) string { return pick(r, []string{"AKIA", "ASIA"}) + randomFrom(r, upperNum, 9) + "EXAMPLE" }),
	plain(fakeJWT),
	plain(func(r *rng) string { return "sk_live_FAKE" + randomFrom(r, alnum, 20) }),
	plain(func(r *rng) string { return "hf_FAKE" + randomFrom(r, letters, 30) }),
	plain(func(r *rng) string { return "npm_FAKE" + randomFrom(r, alnum, 32) }),
	plain(func(r *rng) string {
		return "SG.FAKE" + randomFrom(r, base64URL, 18) + "." + randomFrom(r, base64URL, 43)
	}),
	fakePrivateKey,
	func(r *rng) secret {
		tok := "FAKE" + randomFrom(r, base64URL, 36)
		return secret{tok, "Authorization: Bearer " + tok}
	},
	func(r *rng) secret {
		pass := "FAKE-" + randomFrom(r, alnum, 16)
		user := pick(r, []string{"deploy", "ci", "admin"})
		return secret{pass, "https://" + user + ":" + pass + "@git.example.com/acme/widget.git"}
	},
	func(r *rng) secret {
		key := "sk-proj-EXAMPLE" + randomFrom(r, base64URL, 40)
		return secret{key, "OPENAI_API_KEY=" + key}
	},
	func(r *rng) secret {
		key := "sk-ant-api03-EXAMPLE" + randomFrom(r, base64URL, 60) + "AA"
		return secret{key, "ANTHROPIC_API_KEY=" + key}
	},
}

// fakeJWT is a real JWT structure (header.payload.signature, base64url)
// around a payload that says it is an example.
func fakeJWT(r *rng) string {
	header := base64.RawURLEncoding.EncodeToString([]byte(`{"alg":"HS256","typ":"JWT"}`))
	payload := base64.RawURLEncoding.EncodeToString([]byte(
		`{"sub":"user_` + randomFrom(r, alnum, 8) + `","name":"FAKE EXAMPLE","iat":` + strconv.Itoa(r.between(1.7e9, 1.8e9)) + `}`))
	return header + "." + payload + "." + randomFrom(r, base64URL, 43)
}

// fakePrivateKey is a PEM block of random base64. The value to erase is the
// body; a redactor that keeps the BEGIN and END lines still erases it.
func fakePrivateKey(r *rng) secret {
	label := pick(r, []string{"RSA PRIVATE KEY", "EC PRIVATE KEY", "OPENSSH PRIVATE KEY", "PRIVATE KEY"})
	lines := []string{"MIIEFAKEKEYEXAMPLE" + randomFrom(r, base64Std, 46)}
	for n := r.between(3, 7); n > 0; n-- {
		lines = append(lines, randomFrom(r, base64Std, 64))
	}
	lines = append(lines, randomFrom(r, base64Std, r.between(8, 60))+"==")
	body := strings.Join(lines, "\n")
	return secret{body, "-----BEGIN " + label + "-----\n" + body + "\n-----END " + label + "-----"}
}
