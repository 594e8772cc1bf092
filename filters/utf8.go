package filters

import "unicode/utf8"

// toValidUTF8 returns a copy of b with each invalid UTF-8 sequence
// replaced by U+FFFD the way jq 1.6 replaces them when it reads text, so
// that lengths and outputs agree with jq's: a byte that cannot start a
// character is one replacement; a sequence cut short by a byte that does
// not continue it is one replacement for the bytes before that byte; a
// sequence cut short by the end of b is one replacement; overlong forms,
// surrogates and code points past U+10FFFF are one replacement each
// (their bytes being otherwise well formed).
func toValidUTF8(b []byte) []byte {
	out := make([]byte, 0, len(b)+8)
	for i := 0; i < len(b); {
		c := b[i]
		if c < utf8.RuneSelf {
			out = append(out, c)
			i++
			continue
		}
		n := seqLen(c)
		if n == 0 { // a continuation byte, or one no character starts with
			out = append(out, "\uFFFD"...)
			i++
			continue
		}
		if i+n > len(b) {
			n = len(b) - i
			if k := continued(b[i+1 : i+n]); k+1 < n {
				n = k + 1
			}
			out = append(out, "\uFFFD"...)
			i += n
			continue
		}
		if k := continued(b[i+1 : i+n]); k+1 < n {
			out = append(out, "\uFFFD"...)
			i += k + 1
			continue
		}
		if _, size := utf8.DecodeRune(b[i : i+n]); size != n {
			// Overlong, a surrogate or past U+10FFFF: well formed, not
			// a character.
			out = append(out, "\uFFFD"...)
		} else {
			out = append(out, b[i:i+n]...)
		}
		i += n
	}
	return out
}

// seqLen is the length of the UTF-8 sequence that c starts, by its high
// bits as jq reads them; 0 for a byte that starts none.
func seqLen(c byte) int {
	switch {
	case c&0xe0 == 0xc0 && c >= 0xc2: // 0xc0 and 0xc1 only start overlong forms
		return 2
	case c&0xf0 == 0xe0:
		return 3
	case c&0xf8 == 0xf0 && c <= 0xf4:
		return 4
	}
	return 0
}

// continued counts the continuation bytes that b starts with.
func continued(b []byte) int {
	for i, c := range b {
		if c&0xc0 != 0x80 {
			return i
		}
	}
	return len(b)
}
