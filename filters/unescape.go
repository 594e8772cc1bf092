package filters

import (
	"unicode/utf16"
	"unicode/utf8"
)

// unescape decodes the text between the quotes of a string that scanString
// has checked. A lone surrogate becomes U+FFFD, as in jq and encoding/json.
func unescape(raw []byte, out []byte) []byte {
	for i := 0; i < len(raw); {
		c := raw[i]
		if c != '\\' {
			j := i + 1
			for j < len(raw) && raw[j] != '\\' {
				j++
			}
			out = append(out, raw[i:j]...)
			i = j
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
			r := rune(hex4(raw[i+2 : i+6]))
			i += 6
			if utf16.IsSurrogate(r) {
				if i+6 <= len(raw) && raw[i] == '\\' && raw[i+1] == 'u' {
					if pair := utf16.DecodeRune(r, rune(hex4(raw[i+2:i+6]))); pair != utf8.RuneError {
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

func hex4(h []byte) int {
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

// stringText returns the decoded text of the string value raw (quotes
// included), reusing scratch when it must decode escapes.
func stringText(raw []byte, escaped bool, scratch []byte) []byte {
	inner := raw[1 : len(raw)-1]
	if !escaped {
		return inner
	}
	return unescape(inner, scratch[:0])
}
