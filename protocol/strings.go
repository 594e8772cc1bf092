package protocol

import (
	"unicode/utf16"
	"unicode/utf8"
)

// decodeString decodes the text between a JSON string's quotes, which the
// scanner has already checked. Lone surrogates become U+FFFD, as in
// encoding/json.
func decodeString(raw []byte) []byte {
	out := make([]byte, 0, len(raw))
	for i := 0; i < len(raw); {
		c := raw[i]
		if c != '\\' {
			out = append(out, c)
			i++
			continue
		}
		switch raw[i+1] {
		case 'b':
			out = append(out, '\b')
		case 'f':
			out = append(out, '\f')
		case 'n':
			out = append(out, '\n')
		case 'r':
			out = append(out, '\r')
		case 't':
			out = append(out, '\t')
		case 'u':
			r := rune(hexValue(raw[i+2 : i+6]))
			i += 6
			if utf16.IsSurrogate(r) {
				if i+6 <= len(raw) && raw[i] == '\\' && raw[i+1] == 'u' {
					if pair := utf16.DecodeRune(r, rune(hexValue(raw[i+2:i+6]))); pair != utf8.RuneError {
						out = utf8.AppendRune(out, pair)
						i += 6
						continue
					}
				}
				r = utf8.RuneError
			}
			out = utf8.AppendRune(out, r)
			continue
		default: // '"', '\\', '/'
			out = append(out, raw[i+1])
		}
		i += 2
	}
	return out
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
