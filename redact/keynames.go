package redact

import "bytes"

// Key names in configs and environments are a sensitive name with a
// qualifier before it: DB_PASSWORD, STRIPE_SECRET_KEY, x-auth-token,
// MY_API_TOKEN. A normalized name is therefore sensitive when it is a
// sensitive name, when its last parts are one (at a "_" boundary, so
// "secretary" and "keyboard" are not), or when either holds with one
// trailing part that only says which copy it is (SECRET_KEY_BASE,
// PASSWORD_2, TOKEN_PROD). The parts before a sensitive last part may
// also say it is no secret: a page_token or max_token is a count or a
// cursor, a forgot_password a link.

// sensitiveName reports whether the normalized name n names a secret.
func (ks keySet) sensitiveName(n []byte) bool {
	if ks.endsSensitive(n) {
		return true
	}
	if i := bytes.LastIndexByte(n, '_'); i > 0 && copyQualifier(n[i+1:]) {
		return ks.endsSensitive(n[:i])
	}
	return false
}

// endsSensitive: n, or its last parts, are a sensitive name.
func (ks keySet) endsSensitive(n []byte) bool {
	if ks[string(n)] {
		return true
	}
	for i := 0; i < len(n); i++ {
		if n[i] != '_' {
			continue
		}
		if ks[string(n[i+1:])] {
			return !notSecretBefore(n[:i], n[i+1:])
		}
	}
	return false
}

// copyQualifier: a last part that names a copy or an encoding of a
// secret rather than something else about it.
func copyQualifier(p []byte) bool {
	if len(p) > 0 && digits.run(p, 0, 0) == len(p) {
		return true
	}
	switch string(p) {
	case "base", "value", "b64", "base64", "hex", "raw", "encoded",
		"prod", "production", "live", "dev", "test", "staging":
		return true
	}
	return false
}

// notSecretBefore reports whether the part right before the sensitive
// name name (in prefix, which ends there) makes the whole no secret.
func notSecretBefore(prefix, name []byte) bool {
	last := prefix
	if i := bytes.LastIndexByte(prefix, '_'); i >= 0 {
		last = prefix[i+1:]
	}
	switch string(name) {
	case "token":
		switch string(last) {
		case "page", "next", "continuation", "cancellation", "sync", "max", "min", "num",
			"total", "input", "output", "prompt", "completion", "cache", "stop", "eos",
			"bos", "pad", "unk", "sep", "cls", "mask", "start", "end", "special",
			"last", "first", "prev", "previous", "current", "invalid", "expired", "lexer",
			"csrf", "xsrf", "public":
			return true
		}
	case "password", "secret", "credentials", "credential", "cookie", "authorization", "jwt":
		switch string(last) {
		case "forgot", "reset", "show", "hide", "toggle", "has", "is", "use", "with",
			"no", "require", "requires", "min", "max", "include", "allow":
			return true
		}
	}
	return false
}
