package gen

import "strings"

// Where planted credentials go: the places a real log leaks them, namely
// command lines, arguments under sensitive keys, tool output, model text,
// error messages, permission reasons and sandbox reasons.

// newSecret deals the next kind, reports its value and returns it inline.
func (g *generator) newSecret() string {
	s := g.secretKinds.deal(g.r)(g.r)
	if g.opts.OnSecret != nil {
		g.opts.OnSecret(s.value)
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
	return text + " (offending value: " + w.g.newSecret() + ")"
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
	return pick(w.r, secretSentences)(w.g.newSecret())
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

// maybeSecretArgs returns the args of a call (a JSON object), or with
// --secrets now and then args that carry a credential: in the command line
// of a shell call, or as the value of a sensitive key added to the object.
func (w *runWriter) maybeSecretArgs(args string) string {
	r := w.r
	if !w.g.opts.Secrets || !r.chance(12) {
		return args
	}
	b := w.tmp[:0]
	if strings.HasPrefix(args, `{"command":`) && r.chance(50) {
		b = append(b, `{"command":`...)
		b = appendString(b, commandWith(w.g.newSecret()))
		b = append(b, '}')
	} else {
		value := "FAKE-pass-" + randomFrom(r, alnum, 12)
		if r.chance(50) {
			value = w.g.newSecret()
		} else if f := w.g.opts.OnSecret; f != nil {
			f(value)
		}
		b = append(b, args[:len(args)-1]...) // all but the closing brace
		b = append(b, ',')
		b = appendString(b, pick(r, sensitiveKeys))
		b = append(b, ':')
		b = appendString(b, value)
		b = append(b, '}')
	}
	w.tmp = b
	return string(b)
}

// commandWith returns a shell command that uses credential as people do.
func commandWith(credential string) string {
	switch {
	case strings.HasPrefix(credential, "Authorization:"):
		return "curl -fsS -H '" + credential + "' https://api.example.com/v1/me"
	case strings.HasPrefix(credential, "https://"):
		return "git clone " + credential
	case strings.HasPrefix(credential, "-----BEGIN"):
		return "printf '%s\\n' '" + credential + "' > ~/.ssh/id_deploy && chmod 600 ~/.ssh/id_deploy"
	case strings.Contains(credential, "_KEY="):
		return credential + " ./scripts/deploy.sh --env staging"
	}
	return "./scripts/deploy.sh --env staging --token " + credential
}
