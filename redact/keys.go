package redact

import (
	"fmt"
	"slices"
	"strings"
)

// zeroKeys are the key names whose values are redacted by default,
// normalized: Zero's own, then common names of the same things that
// config files and environments use.
var zeroKeys = []string{
	"access_token", "anthropic_api_key", "api_key", "auth_token", "authorization",
	"aws_secret_access_key", "aws_session_token", "bearer", "bearer_token",
	"client_secret", "cookie", "credential", "credentials", "environment_secret",
	"gemini_api_key", "github_token", "gitlab_token", "google_api_key", "id_token",
	"jwt", "npm_token", "oauth_token", "openai_api_key", "passphrase", "password",
	"private_key", "proxy_authorization", "refresh_token", "secret",
	"session_ingress_token", "session_token", "set_cookie", "token", "x_api_key",
	"zero_api_key",

	"access_key", "apikey", "api_token", "auth_key", "encryption_key",
	"master_key", "passwd", "private_token", "secret_key", "signing_key",
}

// maxKeyLen bounds the keys compared with the sensitive names: no
// sensitive name is near it, and it keeps normalizing on the stack.
const maxKeyLen = 64 // bytes

// NormalizeKey is how key names are compared: a lower-to-upper case
// boundary becomes "_", letters are lower-cased, every run of other
// characters than ASCII letters and digits becomes "_", and "_" at either
// end is trimmed. "apiKey", "API_KEY" and "x-api-key" become "api_key"
// and "x_api_key".
func NormalizeKey(key string) string {
	return string(appendNormalized(nil, []byte(key)))
}

func appendNormalized(dst, key []byte) []byte {
	start := len(dst)
	sep := false // a separator is due before the next letter or digit
	for i, c := range key {
		alnum := isAlnum(c)
		if !alnum {
			sep = true
			continue
		}
		if i > 0 && c >= 'A' && c <= 'Z' && key[i-1] >= 'a' && key[i-1] <= 'z' {
			sep = true
		}
		if sep && len(dst) > start {
			dst = append(dst, '_')
		}
		sep = false
		dst = append(dst, lower[c])
	}
	return dst
}

func isAlnum(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// keySet holds the sensitive key names.
type keySet map[string]bool

// sensitive reports whether key, as written, names a secret (see
// sensitiveName). It allocates nothing.
func (ks keySet) sensitive(key []byte) bool {
	if len(key) == 0 || len(key) > maxKeyLen || len(ks) == 0 {
		return false
	}
	var buf [maxKeyLen]byte
	return ks.sensitiveName(appendNormalized(buf[:0], key))
}

// rareParts are parts of sensitive names that ordinary text seldom
// holds, rarest first: the prefilter looks for one of them rather than
// for a common part such as "github" or "session".
var rareParts = []string{"credential", "credentials", "passphrase", "password", "authorization", "bearer", "cookie", "secret", "token"}

// keyKeywords returns what the prefilter looks for so that the rules about
// keys run where a sensitive name may be written, in text or as a member
// key: a part of the name that every spelling of it holds ("token" for
// "accessToken" and "ACCESS_TOKEN"), preferably a rare one; for names
// ending in a short part such as "key", the part before it joined to it by
// the usual separators ("apiKey", "api_key", "api-key") and the last part
// followed by a quote or "="; for a name of one short part, the name
// followed by what makes it a key (=, a quote, a colon, a space).
func keyKeywords(name string) []string {
	parts := strings.Split(name, "_")
	for _, r := range rareParts {
		if slices.Contains(parts, r) {
			return []string{r}
		}
	}
	longest := ""
	for _, p := range parts {
		if len(p) > len(longest) {
			longest = p
		}
	}
	last := parts[len(parts)-1]
	if len(parts) > 1 && (len(last) < 4 || len(longest) < 4) {
		pair := parts[len(parts)-2:]
		var out []string
		for _, sep := range []string{"", "_", "-", " ", "."} {
			out = append(out, strings.Join(pair, sep))
		}
		// Whatever separates the parts, a member key ends in the last
		// part and its closing quote, and an assignment in "=".
		if len(last) >= 3 {
			for _, op := range []string{`"`, "'", "="} {
				out = append(out, last+op)
			}
		}
		return out
	}
	if len(longest) >= 4 {
		return []string{longest}
	}
	var out []string
	for _, op := range []string{"=", `"`, "'", ":", " "} {
		out = append(out, name+op)
	}
	return out
}

// checkKeyName rejects a --key that cannot name a key.
func checkKeyName(name string) (string, error) {
	n := NormalizeKey(name)
	if len(n) < 2 {
		return "", fmt.Errorf("key %q: a sensitive key name needs at least 2 letters or digits", name)
	}
	if len(n) > maxKeyLen {
		return "", fmt.Errorf("key %q: longer than %d characters", name, maxKeyLen)
	}
	return n, nil
}
