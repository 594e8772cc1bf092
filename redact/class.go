package redact

// class is a set of bytes, written like a regexp bracket expression
// without the brackets: "A-Za-z0-9_-".
type class [256]bool

func newClass(spec string) *class {
	var c class
	for i := 0; i < len(spec); i++ {
		if i+2 < len(spec) && spec[i+1] == '-' {
			for b := spec[i]; b <= spec[i+2]; b++ {
				c[b] = true
			}
			i += 2
			continue
		}
		c[spec[i]] = true
	}
	return &c
}

// members lists the bytes of the class, in order.
func (c *class) members() []byte {
	var out []byte
	for b, in := range c {
		if in {
			out = append(out, byte(b))
		}
	}
	return out
}

// run counts the bytes of c in t from i on, stopping after limit (no
// limit when limit is 0).
func (c *class) run(t []byte, i, limit int) int {
	n := 0
	for i+n < len(t) && c[t[i+n]] && (limit == 0 || n < limit) {
		n++
	}
	return n
}

var (
	wordChars   = newClass("A-Za-z0-9_")       // what "whole word" means
	identChars  = newClass("A-Za-z0-9_-")      // a key name written in text
	base64URL   = newClass("A-Za-z0-9_-")      // base64url, and most token bodies
	alnumChars  = newClass("A-Za-z0-9")        // plain alphanumeric bodies
	hexLower    = newClass("a-f0-9")           // hex as most services print it
	hexAny      = newClass("a-fA-F0-9")        // hex in either case
	upperDigits = newClass("A-Z0-9")           // AWS key ids, age keys
	b64token    = newClass("A-Za-z0-9._~+/=-") // an HTTP credential (RFC 6750 b64token)
	base64Std   = newClass("A-Za-z0-9+/")
	letters     = newClass("A-Za-z")
	digits      = newClass("0-9")
)

// wordStart reports whether a token starting at i is not glued to a word
// before it.
func wordStart(t []byte, i int) bool { return i == 0 || !wordChars[t[i-1]] }

// wordEnd reports whether a token ending at i is not glued to a word after it.
func wordEnd(t []byte, i int) bool { return i >= len(t) || !wordChars[t[i]] }

// hasFoldAt reports whether t holds s (lower case) at i, ignoring ASCII case.
func hasFoldAt(t []byte, i int, s string) bool {
	if i < 0 || i+len(s) > len(t) {
		return false
	}
	for j := 0; j < len(s); j++ {
		if lower[t[i+j]] != s[j] {
			return false
		}
	}
	return true
}

// hasAt reports whether t holds s at i.
func hasAt(t []byte, i int, s string) bool {
	return i >= 0 && i+len(s) <= len(t) && string(t[i:i+len(s)]) == s
}

// skipBlanks skips spaces and tabs from i.
func skipBlanks(t []byte, i int) int {
	for i < len(t) && (t[i] == ' ' || t[i] == '\t') {
		i++
	}
	return i
}
