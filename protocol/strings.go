package protocol

import (
	"unicode/utf16"
	"unicode/utf8"
)

// decodeString decodes the text between a JSON string's quotes, which the
// scanner has already checked.
func decodeString(raw []byte) []byte {
	out := make([]byte, 0, len(raw))
	for i := 0; i < len(raw); {
		if raw[i] != '\\' {
			out = append(out, raw[i])
			i++
			continue
		}
		r, n := DecodeEscape(raw[i:])
		out = utf8.AppendRune(out, r)
		i += n
	}
	return out
}

// DecodeEscape decodes the escape at the start of b (b[0] is a backslash)
// in a string the scanner has checked, returning the character and how many
// bytes the escape spans. A surrogate pair written as two escapes is one
// character; a lone surrogate becomes U+FFFD, as in encoding/json.
func DecodeEscape(b []byte) (rune, int) {
	switch b[1] {
	case 'b':
		return '\b', 2
	case 'f':
		return '\f', 2
	case 'n':
		return '\n', 2
	case 'r':
		return '\r', 2
	case 't':
		return '\t', 2
	case 'u':
		r := rune(hexValue(b[2:6]))
		if !utf16.IsSurrogate(r) {
			return r, 6
		}
		if len(b) >= 12 && b[6] == '\\' && b[7] == 'u' {
			if pair := utf16.DecodeRune(r, rune(hexValue(b[8:12]))); pair != utf8.RuneError {
				return pair, 12
			}
		}
		return utf8.RuneError, 6
	}
	return rune(b[1]), 2 // '"', '\\', '/'
}

func hexValue(h []byte) int {
	v := 0
	for _, c := range h {
		v <<= 4
		switch {
		case c >= '0' && c <= '9':
			v |= int(c - '0')
		case c >= 'a' && c <= 'f':
			v |= int(c - 'a' + 10)
		default:
			v |= int(c - 'A' + 10)
		}
	}
	return v
}

// StringValue returns the decoded text of a string value, without copying
// when it holds no escapes.
func StringValue(v Value) []byte {
	raw := v.Raw[1 : len(v.Raw)-1]
	if !v.Escaped {
		return raw
	}
	return decodeString(raw)
}

// KeyText returns the decoded key of a member.
func (m *Member) KeyText() []byte {
	if !m.KeyEscaped {
		return m.Key
	}
	return decodeString(m.Key)
}
