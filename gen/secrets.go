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
		return pick(r, []string{"xoxb-", "xoxp-"}) + strconv.Itoa(r.between(1e11, 1e12-1)) + "-" +
			strconv.Itoa(r.between(1e12, 1e13-1)) + "-FAKE" + randomFrom(r, alnum, 20)
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

// newSecret deals the next kind, reports its value and returns it inline.
func (w *runWriter) newSecret() string {
	s := w.g.secretKinds.deal(w.r)(w.r)
	if f := w.g.opts.OnSecret; f != nil {
		f(s.value)
	}
	return s.inline
}

// maybeSecretText returns text, or with --secrets and the given chance in
// percent, text with a credential appended, as when an error message or a
// sandbox reason quotes the command that held it.
func (w *runWriter) maybeSecretText(text string, percent int) string {
	if !w.g.opts.Secrets || !w.r.chance(percent) {
		return text
	}
	return text + " (offending value: " + w.newSecret() + ")"
}

var secretSentences = []func(string) string{
	func(s string) string {
		return "I found a hard-coded credential in config/dev.env: " + s + " — please rotate it."
	},
	func(s string) string {
		return "The deploy script sets " + s + " directly; move it to the secret store."
	},
	func(s string) string { return "\n```\n" + s + "\n```\n" },
}

func (w *runWriter) secretSentence() string {
	return pick(w.r, secretSentences)(w.newSecret())
}

// secretLineFormats put a credential on a line of tool output.
var secretLineFormats = []func(string) string{
	func(s string) string { return s },
	func(s string) string { return "config/dev.env:3:" + s },
	func(s string) string { return "+    credential = \"" + s + "\"" },
	func(s string) string { return "origin\t" + s + " (fetch)" },
}

// sensitiveKeys are argument names whose value is secret whatever it looks
// like.
var sensitiveKeys = []string{"apiKey", "password", "token", "secret", "accessToken", "clientSecret"}

// maybeSecretArgs returns the args of a call, or with --secrets now and
// then args that carry a credential: in a command line, or as the value of
// a sensitive key.
func (w *runWriter) maybeSecretArgs(args string) string {
	r := w.r
	if !w.g.opts.Secrets || !r.chance(12) {
		return args
	}
	b := w.tmp[:0]
	if r.chance(50) {
		value := "FAKE-pass-" + randomFrom(r, alnum, 12)
		if r.chance(50) {
			value = w.newSecret()
		} else if f := w.g.opts.OnSecret; f != nil {
			f(value)
		}
		b = append(b, `{"url":"https://api.example.com/v1/deploy",`...)
		b = appendString(b, pick(r, sensitiveKeys))
		b = append(b, ':')
		b = appendString(b, value)
		b = append(b, '}')
	} else {
		b = append(b, `{"command":`...)
		b = appendString(b, "curl -fsS https://api.example.com/v1/me -H '"+w.newSecret()+"'")
		b = append(b, '}')
	}
	w.tmp = b
	return string(b)
}
