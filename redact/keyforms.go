package redact

// The forms a sensitive key name takes in text besides key=value: a YAML
// or header line (`password: v`, `X-Auth-Token: v`), an ini or TOML line
// with blanks around "=", and a long command-line flag with its value in
// the next word (`--password v`). Unlike key=value, these forms are also
// how prose and code are written ("Password: must be 8 characters",
// `token = make_token()`, `token: str`), so an unquoted value must look
// like a secret to count.

// startsLine reports whether only blanks, or a YAML list dash, come
// between the start of t's line and a.
func startsLine(t []byte, a int) bool {
	k := a
	for k > 0 && (t[k-1] == ' ' || t[k-1] == '\t') {
		k--
	}
	if k >= 2 && t[k-1] == '-' && (t[k-2] == ' ' || t[k-2] == '\n') {
		return startsLine(t, k-1)
	}
	if k == 1 && t[0] == '-' {
		return true
	}
	return k == 0 || t[k-1] == '\n' || t[k-1] == '\r'
}

// findColonValue: `key: value` where the key (from a) starts a line or a
// quoted header (curl -H 'X-Auth-Token: v'), and colon is at c.
func findColonValue(t []byte, a, c int) (int, int, bool) {
	quotedHeader := a > 0 && (t[a-1] == '\'' || t[a-1] == '"')
	if !quotedHeader && !startsLine(t, a) || ownHeader(t[a:c]) {
		return 0, 0, false
	}
	i := skipBlanks(t, c+1)
	if i == c+1 || i >= len(t) {
		return 0, 0, false
	}
	if qlen := quoteAt(t, i); qlen > 0 && !quotedHeader {
		return quotedSecret(t, i, qlen, false)
	}
	return lineValue(t, i, true)
}

// lineValue returns the value that runs from i to the end of the line
// (or the closing quote of a quoted header), without trailing blanks or
// a "#" comment, if it is one word that looks like a secret.
func lineValue(t []byte, i int, comment bool) (int, int, bool) {
	j := i
	for j < len(t) && !lineStop[t[j]] {
		j++
	}
	for j > i && (t[j-1] == ' ' || t[j-1] == '\t') {
		j--
	}
	if k := indexBlank(t[i:j]); k >= 0 {
		rest := skipBlanks(t, i+k)
		if !comment || t[rest] != '#' {
			return 0, 0, false
		}
		j = i + k
	}
	if !plausibleValue(t[i:j]) {
		return 0, 0, false
	}
	return i, j, true
}

func indexBlank(v []byte) int {
	for k, c := range v {
		if c == ' ' || c == '\t' {
			return k
		}
	}
	return -1
}

// isLongFlag: the name at a is written as a long command-line flag.
func isLongFlag(t []byte, a int) bool {
	return hasAt(t, a, "--") && (a == 0 || t[a-1] == ' ' || t[a-1] == '\t' || t[a-1] == '\'' || t[a-1] == '"')
}

// findFlagValue: the value of a long flag, in the word at i: quoted, or
// up to what ends a shell word. Another flag, a path (the flag names a
// file) or a reference is not a secret.
func findFlagValue(t []byte, i int) (int, int, bool) {
	if qlen := quoteAt(t, i); qlen > 0 {
		return quotedSecret(t, i, qlen, false)
	}
	j := i
	for j < len(t) && !valueStop[t[j]] {
		j++
	}
	v := t[i:j]
	if len(v) < 3 || v[0] == '-' || pathLike(v) || placeholder(v) {
		return 0, 0, false
	}
	return i, j, true
}

// pathLike: a value that names a file rather than holding a secret.
func pathLike(v []byte) bool {
	return v[0] == '/' || v[0] == '~' || v[0] == '@' || hasAt(v, 0, "./") || hasAt(v, 0, "../")
}

// quotedSecret is quoted, for a value that is not empty or a placeholder.
func quotedSecret(t []byte, i, qlen int, newlines bool) (int, int, bool) {
	start, end, ok := quoted(t, i, qlen, newlines)
	if !ok || (end > start && (placeholder(t[start:end]) || unfinished(t[start:end]))) || doubledQuote(t, end, qlen) {
		return 0, 0, false
	}
	return start, end, ok
}

// doubledQuote: a closing quote that another follows at once ends no
// value (`x = "k = "v""` is text about an assignment, quoted whole).
func doubledQuote(t []byte, end, qlen int) bool {
	return qlen == 1 && end+1 < len(t) && t[end+1] == t[end]
}

// plausibleValue: an unquoted value in a form that prose and code also
// take is a secret only if it has a digit or a symbol (not _ - or ., which
// names are made of: `secretKey: api-key`), is no code (no brackets: a
// call, an index, a type), and is no placeholder.
func plausibleValue(v []byte) bool {
	if len(v) < 4 || placeholder(v) {
		return false
	}
	symbol := false
	for _, c := range v {
		switch {
		case c == '(' || c == ')' || c == '[' || c == ']' || c == '{' || c == '}' || c == '<' || c == '>' || c == '|' || c == '`':
			return false
		case c >= '0' && c <= '9', c >= 0x80:
			symbol = true
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c == '_', c == '.', c == '-':
		default:
			symbol = true
		}
	}
	return symbol
}

// placeholder reports whether a value stands for a secret rather than
// being one: a reference ($TOKEN, ${TOKEN}, %TOKEN%, {{ token }},
// <token>, (token)), a constant's name (ACCESS_TOKEN), a literal (null,
// None, true...), a run of one character (***, xxxx, ....), a mask
// (abc***, pplx-xxxxxxxx, ops_abc..., glc_11111111...), a word that
// templates and docs put there (changeme, placeholder, redacted,
// password, token, test, your-token...). Length alone decides nothing:
// short real passwords, password=hunter2 or pin=5 in a log, are
// replaced, as a user who asked for a key name expects.
func placeholder(v []byte) bool {
	if len(v) == 0 {
		return true
	}
	if longRun(v, maxValueRun) || constantName(v) {
		return true
	}
	switch v[0] {
	case '$', '%', '{', '(', '<', '[':
		return true
	}
	same := true
	for _, c := range v[1:] {
		if lower[c] != lower[v[0]] {
			same = false
			break
		}
	}
	if same && len(v) >= 3 {
		return true
	}
	if hasMask(v) {
		return true
	}
	for _, w := range []string{"null", "none", "nil", "true", "false", "undefined",
		"changeme", "change_me", "change-me", "placeholder", "redacted", "replace_me", "replaceme", "xxx", "todo",
		"password", "passwd", "pass", "secret", "token", "test", "example", "dummy", "sample", "foo", "bar"} {
		if len(v) == len(w) && hasFoldAt(v, 0, w) {
			return true
		}
	}
	return hasFoldAt(v, 0, "your_") || hasFoldAt(v, 0, "your-") || hasFoldAt(v, 0, "<your")
}

// hasMask: three or more "*" or ".", or six or more "x", in a row: the
// part of an example that stands for the secret.
func hasMask(v []byte) bool {
	run, prev := 0, byte(0)
	for _, c := range v {
		c = lower[c]
		if c == prev {
			run++
		} else {
			run, prev = 1, c
		}
		if (c == '*' || c == '.') && run >= 3 || c == 'x' && run >= 6 {
			return true
		}
	}
	return false
}

// unfinished: a quoted "value" that ends where another assignment
// starts (`token = "token = "abc""` reads `token = ` first) is none.
func unfinished(v []byte) bool {
	last := v[len(v)-1]
	return last == ' ' || last == ':' || last == '=' && len(v) >= 2 && v[len(v)-2] == ' '
}

// ownHeader: headers that rules of their own read (Authorization keeps
// its scheme, Cookie takes the whole line).
func ownHeader(name []byte) bool {
	var buf [maxKeyLen]byte
	if len(name) > maxKeyLen {
		return false
	}
	switch string(appendNormalized(buf[:0], name)) {
	case "authorization", "proxy_authorization", "cookie", "set_cookie", "api_key", "x_api_key":
		return true
	}
	return false
}
