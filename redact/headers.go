package redact

// HTTP headers written in text (curl -H, request dumps), passwords in
// URLs, and PEM private keys.

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

// findAuthorization: Authorization or Proxy-Authorization with the Bearer
// or Basic scheme; the credential is the secret and the scheme stays.
func findAuthorization(t []byte, pos int) (int, int, bool) {
	if _, ok := headerStart(t, pos, "proxy-"); !ok {
		return 0, 0, false
	}
	i, ok := headerValue(t, pos+len("authorization"))
	if !ok {
		return 0, 0, false
	}
	switch {
	case hasFoldAt(t, i, "bearer"):
		i += len("bearer")
	case hasFoldAt(t, i, "basic"):
		i += len("basic")
	default:
		return 0, 0, false
	}
	j := skipBlanks(t, i)
	n := b64token.run(t, j, 0)
	if j == i || n == 0 {
		return 0, 0, false
	}
	return j, j + n, true
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
func maybeURLPassword(raw []byte, end int) bool {
	for end < len(raw) && !urlStop[raw[end]] && raw[end] != '@' {
		end++
	}
	if end >= len(raw) || hasAt(raw, end, `\/`) {
		return false
	}
	return raw[end] == '@' || raw[end] == '\\'
}

// maybeHeader: a header name is followed by blanks and a colon.
func maybeHeader(raw []byte, end int) bool {
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

// findPrivateKey: a PEM block whose label ends in PRIVATE KEY (or PRIVATE
// KEY BLOCK, as PGP writes it). The body between the BEGIN and END lines
// is the secret; the two lines stay, so a reader still sees what was
// there. A block cut short (a truncated tool output) loses the lines
// that look like its body.
func findPrivateKey(t []byte, pos int) (int, int, bool) {
	i := pos + len("-----BEGIN")
	if i >= len(t) || t[i] != ' ' {
		return 0, 0, false
	}
	labelEnd := -1
	for j := i + 1; j < len(t) && j-i < 64 && t[j] != '\n'; j++ {
		if hasAt(t, j, "-----") {
			labelEnd = j
			break
		}
	}
	if labelEnd < 0 {
		return 0, 0, false
	}
	label := t[i+1 : labelEnd]
	if !hasSuffix(label, "PRIVATE KEY") && !hasSuffix(label, "PRIVATE KEY BLOCK") {
		return 0, 0, false
	}
	start := labelEnd + len("-----")
	end := indexEnd(t[start:], label)
	if end < 0 {
		end = pemBodyEnd(t, start)
	} else {
		end += start
	}
	for start < end && isSpace(t[start]) {
		start++
	}
	for end > start && isSpace(t[end-1]) {
		end--
	}
	return start, end, end > start
}

func hasSuffix(b []byte, s string) bool {
	return len(b) >= len(s) && string(b[len(b)-len(s):]) == s
}

// indexEnd returns where "-----END " + label + "-----" starts in t, or -1.
// A body never holds "-----", so only the first one is looked at: when it
// is not the END line, the block was cut short.
func indexEnd(t, label []byte) int {
	k := indexString(t, "-----")
	if k < 0 {
		return -1
	}
	rest := t[k:]
	if hasAt(rest, 0, "-----END ") && hasAt(rest, len("-----END "), string(label)) && hasAt(rest, len("-----END ")+len(label), "-----") {
		return k
	}
	return -1
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\r' || c == '\n' }

// pemBodyEnd returns where the body of a block with no END line ends:
// before the first line that is neither base64 nor a header of an
// encrypted key (Proc-Type: 4,ENCRYPTED). Line breaks written as \n (a key
// inside a JSON string that a tool printed) count as breaks.
func pemBodyEnd(t []byte, i int) int {
	end := i
	for i < len(t) {
		j, next := lineEnd(t, i)
		if !pemLine(t[i:j]) {
			break
		}
		end, i = j, next
	}
	return end
}

// lineEnd returns where the line at i ends and the next one starts.
func lineEnd(t []byte, i int) (int, int) {
	for j := i; j < len(t); j++ {
		switch {
		case t[j] == '\n':
			return j, j + 1
		case t[j] == '\\' && j+1 < len(t) && t[j+1] == 'n':
			return j, j + 2
		}
	}
	return len(t), len(t)
}

var pemHeaderName = newClass("A-Za-z-")

func pemLine(l []byte) bool {
	for len(l) > 0 && isSpace(l[len(l)-1]) {
		l = l[:len(l)-1]
	}
	for len(l) > 1 && l[len(l)-2] == '\\' && l[len(l)-1] == 'r' {
		l = l[:len(l)-2]
	}
	if n := base64Std.run(l, 0, 0); n+equalsRun(l[n:]) == len(l) {
		return true
	}
	n := pemHeaderName.run(l, 0, 0)
	return n > 0 && hasAt(l, n, ": ")
}

func equalsRun(b []byte) int {
	n := 0
	for n < len(b) && b[n] == '=' {
		n++
	}
	return n
}
