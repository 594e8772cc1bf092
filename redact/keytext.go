package redact

// Rules about sensitive key names written in text: a JSON or Python
// object printed by a tool ("token": "..."), an environment or config
// assignment (OPENAI_API_KEY=...), a URL query parameter (?token=...).
// Each starts from a keyword inside the name, finds the whole name,
// normalizes it, and only then looks at what follows.

// maxQuoted bounds a quoted value: a quote that does not close within it
// was not the start of a value.
const maxQuoted = 8 << 10 // bytes

// quoteAt returns the length of the quote that opens at i: 1 for " or ',
// 2 for \" (a quote inside a JSON string that a tool printed escaped).
func quoteAt(t []byte, i int) int {
	switch {
	case i >= len(t):
		return 0
	case t[i] == '"' || t[i] == '\'':
		return 1
	case t[i] == '\\' && i+1 < len(t) && t[i+1] == '"':
		return 2
	}
	return 0
}

// quoted returns the span of the text of the quoted value that opens at
// i (with a quote of length qlen), up to its closing quote. A quote is
// escaped when an odd number of backslashes precede it; in \"...\" text a
// closing quote has one backslash and an escaped one three (or 4k+3).
func quoted(t []byte, i, qlen int, newlines bool) (int, int, bool) {
	q := t[i+qlen-1]
	start := i + qlen
	for j := start; j < len(t) && j-start <= maxQuoted; j++ {
		c := t[j]
		if c == '\n' && !newlines {
			return 0, 0, false
		}
		if c != q {
			continue
		}
		n := 0
		for k := j - 1; k >= start && t[k] == '\\'; k-- {
			n++
		}
		if qlen == 1 && n%2 == 0 {
			return start, j, true
		}
		if qlen == 2 && n%4 == 1 {
			return start, j - 1, true
		}
	}
	return 0, 0, false
}

// findJSONField: "key": "value" with a sensitive key; the value's text is
// the secret. Keys may be quoted with ", ' or \".
func (ks keySet) findJSONField(t []byte, pos int) (int, int, bool) {
	a := pos
	for a > 0 && pos-a < maxKeyLen && t[a-1] != '"' && t[a-1] != '\'' && t[a-1] != '\n' {
		a--
	}
	if a == 0 || (t[a-1] != '"' && t[a-1] != '\'') {
		return 0, 0, false
	}
	q := t[a-1]
	escaped := q == '"' && a >= 2 && t[a-2] == '\\'
	b := pos
	for b < len(t) && b-a <= maxKeyLen && t[b] != q && t[b] != '\n' {
		b++
	}
	if b >= len(t) || t[b] != q {
		return 0, 0, false
	}
	end := b
	if escaped {
		if t[b-1] != '\\' {
			return 0, 0, false
		}
		end = b - 1
	}
	if !ks.sensitive(t[a:end]) {
		return 0, 0, false
	}
	i := skipBlanks(t, b+1)
	if i >= len(t) || t[i] != ':' {
		return 0, 0, false
	}
	i = skipBlanks(t, i+1)
	qlen := quoteAt(t, i)
	if qlen == 0 {
		return 0, 0, false
	}
	return quoted(t, i, qlen, false)
}

// keyName returns the name written around pos: a run of letters, digits,
// "_" and "-" (a "." ends it, so the last part of spring.datasource.password
// is the name). A run longer than any key name is not one (and looking no
// further keeps a long run with a keyword every few bytes linear).
func keyName(t []byte, pos int) (int, int, bool) {
	a, b := pos, pos
	for a > 0 && identChars[t[a-1]] {
		if a--; pos-a > maxKeyLen {
			return 0, 0, false
		}
	}
	for b < len(t) && identChars[t[b]] {
		if b++; b-a > maxKeyLen {
			return 0, 0, false
		}
	}
	return a, b, true
}

// findAssignment: key=value, key="value", key='value' with a sensitive key
// (an environment variable, a config line, a command-line flag). Blanks
// around "=" are allowed before a quoted value, or when the key starts a
// line (ini, TOML, .env: `token = abc123`) and the value looks like a
// secret (see plausibleValue): `token = get_token()` is code. The other
// forms: a YAML or header line `key: value` (see findColonValue) and a
// long flag with its value after a blank, `--password v` (see
// findFlagValue).
func (ks keySet) findAssignment(t []byte, pos int) (int, int, bool) {
	a, b, ok := keyName(t, pos)
	if !ok || a > 0 && (t[a-1] == '?' || t[a-1] == '&') {
		return 0, 0, false // a query parameter: that rule's
	}
	if !ks.sensitive(t[a:b]) {
		return 0, 0, false
	}
	i := skipBlanks(t, b)
	spaced := i > b
	if i < len(t) && t[i] == ':' && !spaced {
		return findColonValue(t, a, i)
	}
	if i >= len(t) || t[i] != '=' || (i+1 < len(t) && t[i+1] == '=') {
		if spaced && isLongFlag(t, a) {
			return findFlagValue(t, i)
		}
		return 0, 0, false
	}
	i++
	if spaced {
		i = skipBlanks(t, i)
	}
	if qlen := quoteAt(t, i); qlen > 0 {
		return quotedSecret(t, i, qlen, true)
	}
	if spaced {
		if !startsLine(t, a) {
			return 0, 0, false
		}
		return lineValue(t, i, true)
	}
	return unquotedValue(t, i)
}

// valueStop ends an unquoted value: blanks, quotes and what ends a shell
// word or an argument in code.
var valueStop = newClass(" \t\r\n\"'`\\;,)]}&|<>")

// unquotedValue returns the value written from i, unless it is not a
// secret but a reference to one ($TOKEN, %TOKEN%, {{ token }}), a literal
// such as null, or a variable passed on in code (f(token=token)).
func unquotedValue(t []byte, i int) (int, int, bool) {
	j := i
	for j < len(t) && !valueStop[t[j]] {
		j++
	}
	if j == i {
		return 0, 0, false
	}
	v := t[i:j]
	if placeholder(v) {
		return 0, 0, false
	}
	if j < len(t) && (t[j] == ',' || t[j] == ')') && isCodeName(v) {
		return 0, 0, false
	}
	// Authorization=Bearer xyz: the credential is part of the value.
	if isScheme(v) {
		k := skipBlanks(t, j)
		if n := b64token.run(t, k, 0); k > j && n > 0 {
			return i, k + n, true
		}
	}
	return i, j, true
}

// isScheme reports whether v is a well-known HTTP authorization scheme
// that a credential follows.
func isScheme(v []byte) bool {
	for _, s := range []string{"bearer", "basic", "token", "apikey", "splunk", "sso-key", "key"} {
		if len(v) == len(s) && hasFoldAt(v, 0, s) {
			return true
		}
	}
	return false
}

// isCodeName reports whether v reads as a name in code: a letter or "_",
// then letters, digits, "_" and ".".
func isCodeName(v []byte) bool {
	for i, c := range v {
		ok := c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || (i > 0 && (c == '.' || c >= '0' && c <= '9'))
		if !ok {
			return false
		}
	}
	return true
}

// queryStop ends a query parameter's value.
var queryStop = newClass(" \t\r\n\"'`\\&#<>")

// findQueryParam: ?key=value or &key=value with a sensitive key.
func (ks keySet) findQueryParam(t []byte, pos int) (int, int, bool) {
	a, b, ok := keyName(t, pos)
	if !ok || a == 0 || (t[a-1] != '?' && t[a-1] != '&') || b >= len(t) || t[b] != '=' {
		return 0, 0, false
	}
	if !ks.sensitive(t[a:b]) {
		return 0, 0, false
	}
	j := b + 1
	for j < len(t) && !queryStop[t[j]] {
		j++
	}
	if j == b+1 || placeholder(t[b+1:j]) {
		return 0, 0, false
	}
	return b + 1, j, true
}

// maybeKeyText: a key name in text is followed, after the rest of the
// name and blanks, by "=", ":" or a quote for any key rule to fire, or,
// when the name is a long flag (--password v), by a blank.
func maybeKeyText(raw []byte, _, end int) bool {
	name := end
	for n := 0; end < len(raw) && identChars[raw[end]]; n++ {
		if n > maxKeyLen {
			return false
		}
		end++
	}
	next := skipBlanks(raw, end)
	if next >= len(raw) {
		return false
	}
	switch raw[next] {
	case '=', ':', '"', '\'', '\\':
		return true
	}
	if next == end {
		return false
	}
	for n := 0; name > 0 && identChars[raw[name-1]]; n++ {
		if n > maxKeyLen {
			return false
		}
		name--
	}
	return hasAt(raw, name, "--")
}
