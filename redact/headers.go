package redact

// HTTP headers written in text (curl -H, request dumps) and passwords in
// URLs.

// headerStart returns where a header name found at pos starts, taking in
// an optional prefix (such as "proxy-" before "authorization"), if the
// name is not glued to a longer name.
func headerStart(t []byte, pos int, prefix string) (int, bool) {
	start := pos
	if prefix != "" && hasFoldAt(t, pos-len(prefix), prefix) {
		start -= len(prefix)
	}
	return start, start == 0 || !identChars[t[start-1]]
}

// headerValue returns where a header's value starts after its name (which
// ends at i): blanks, a colon, blanks.
func headerValue(t []byte, i int) (int, bool) {
	i = skipBlanks(t, i)
	if i >= len(t) || t[i] != ':' {
		return 0, false
	}
	return skipBlanks(t, i+1), true
}

// findAuthorization: Authorization or Proxy-Authorization, with any
// scheme (Bearer, Basic, token, ApiKey, Splunk...) or none; the credential
// is the secret and the scheme stays. A credential with parameters after
// it (Digest, AWS4-HMAC-SHA256 Credential=..., Signature=...) takes the
// rest of the header. Words that go on after a one-word credential are
// prose ("Authorization: required for all calls") unless the scheme is
// a well-known one, and a short credential after a scheme the rule does
// not know is taken for a word, too.
func findAuthorization(t []byte, pos int) (int, int, bool) {
	hs, ok := headerStart(t, pos, "proxy-")
	if !ok {
		return 0, 0, false
	}
	i, ok := headerValue(t, pos+len("authorization"))
	if !ok {
		return 0, 0, false
	}
	scheme := schemeChars.run(t, i, 33)
	if scheme > 32 || scheme > 0 && !letters[t[i]] {
		scheme = 0
	}
	j := skipBlanks(t, i+scheme)
	if scheme == 0 || j == i+scheme || b64token.run(t, j, 1) == 0 {
		// No scheme: the whole value is the credential.
		n := b64token.run(t, i, 0)
		if n < 8 || !valueEnds(t, i+n) || isScheme(t[i:i+n]) || !plausibleValue(t[i:i+n]) {
			return 0, 0, false
		}
		return i, i + n, true
	}
	n := b64token.run(t, j, 0)
	if placeholder(t[j : j+n]) {
		return 0, 0, false
	}
	known := isScheme(t[i : i+scheme])
	switch {
	case j+n < len(t) && (t[j+n] == ',' || t[j+n] == '"' && t[j+n-1] == '='):
		// Parameters (name=value, ...): the rest of the header, within
		// bounds: up to the end of the line, or to the quote the
		// header started after (curl -H '...').
		var quote byte = '\n'
		if hs > 0 && (t[hs-1] == '\'' || t[hs-1] == '"') {
			quote = t[hs-1]
		}
		k := j + n
		for k < len(t) && k-j < maxHeaderParams && t[k] != quote && t[k] != '\n' && t[k] != '\r' {
			k++
		}
		for k > j && (t[k-1] == ' ' || t[k-1] == '\t') {
			k--
		}
		n = k - j
	case valueEnds(t, j+n):
	case known:
		// A known scheme: the word after it is the credential, whatever
		// follows.
	default:
		return 0, 0, false
	}
	if n == 0 || n < 8 && !known {
		return 0, 0, false
	}
	return j, j + n, true
}

// valueEnds reports whether a header's value ends at i: only blanks
// come before the end of the line, or of the quotes around it.
func valueEnds(t []byte, i int) bool {
	i = skipBlanks(t, i)
	return i >= len(t) || lineStop[t[i]]
}

func findAPIKeyHeader(t []byte, pos int) (int, int, bool) {
	return findRestOfLine(t, pos, "x-", len("api-key"))
}

func findCookieHeader(t []byte, pos int) (int, int, bool) {
	return findRestOfLine(t, pos, "set-", len("cookie"))
}

// lineStop ends a header's value: the end of the line, or a quote around
// the whole header (curl -H 'Cookie: ...').
var lineStop = newClass("\r\n\"'\\")

// findRestOfLine: a header whose whole value is secret (the name found at
// pos is n bytes long, with an optional prefix before it).
func findRestOfLine(t []byte, pos int, prefix string, n int) (int, int, bool) {
	if _, ok := headerStart(t, pos, prefix); !ok {
		return 0, 0, false
	}
	i, ok := headerValue(t, pos+n)
	if !ok {
		return 0, 0, false
	}
	j := i
	for j < len(t) && !lineStop[t[j]] {
		j++
	}
	for j > i && (t[j-1] == ' ' || t[j-1] == '\t') {
		j--
	}
	return i, j, j > i
}

// urlStop ends the user information of a URL.
var urlStop = newClass(" \t\r\n\"'`\\/?#<>")

// urlRule finds the password in scheme://user:password@host for the
// given schemes. Its keywords are the last letter of each scheme with
// "://", so they are 4 bytes long.
func urlRule(id string, schemes ...string) rule {
	set := map[string]bool{}
	var kws []string
	seen := map[string]bool{}
	for _, s := range schemes {
		set[s] = true
		if k := s[len(s)-1:] + "://"; !seen[k] {
			seen[k] = true
			kws = append(kws, k)
		}
	}
	return rule{id: id, keywords: folded(kws...), maybe: maybeURLPassword, find: func(t []byte, pos int) (int, int, bool) {
		return findURLPassword(t, pos, set)
	}}
}

// maybeURLPassword: after "://", an @ must come before the end of the
// user information (\/ is a slash, which ends it).
func maybeURLPassword(raw []byte, _, end int) bool {
	for end < len(raw) && !urlStop[raw[end]] && raw[end] != '@' {
		end++
	}
	if end >= len(raw) || hasAt(raw, end, `\/`) {
		return false
	}
	return raw[end] == '@' || raw[end] == '\\'
}

// maybeHeader: a header name is followed by blanks and a colon.
func maybeHeader(raw []byte, _, end int) bool {
	end = skipBlanks(raw, end)
	return end < len(raw) && (raw[end] == ':' || raw[end] == '\\')
}

var schemeChars = newClass("A-Za-z0-9+.-")

func findURLPassword(t []byte, pos int, schemes map[string]bool) (int, int, bool) {
	a := pos
	for a > 0 && schemeChars[t[a-1]] && pos-a < 16 {
		a--
	}
	if a > 0 && alnumChars[t[a-1]] {
		return 0, 0, false
	}
	if !schemes[lowerString(string(t[a:pos+1]))] {
		return 0, 0, false
	}
	start := pos + 4
	end := start
	for end < len(t) && !urlStop[t[end]] {
		end++
	}
	// The last @ ends the user information: browsers read
	// user:p@ss@host that way.
	at := -1
	for k := end - 1; k >= start; k-- {
		if t[k] == '@' {
			at = k
			break
		}
	}
	if at < 0 {
		return 0, 0, false
	}
	for k := start; k < at; k++ {
		if t[k] == ':' {
			return k + 1, at, k+1 < at
		}
	}
	return 0, 0, false
}

// maxHeaderParams bounds the parameters of an Authorization header, so
// that text with many such headers stays linear to look at.
const maxHeaderParams = 512 // bytes
