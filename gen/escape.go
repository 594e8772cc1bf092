package gen

import (
	"strconv"
	"unicode/utf8"

	"github.com/zsj-dev/zsj/protocol"
)

// Output is built by appending to byte slices rather than through
// encoding/json: at hundreds of MB per second the reflection and the
// per-value allocations of encoding/json would be most of the cost.

// mustEscape marks the bytes that cannot stand as themselves inside a JSON
// string: the quote, the backslash and the control characters.
var mustEscape = func() (t [256]bool) {
	for c := 0; c < 0x20; c++ {
		t[c] = true
	}
	t['"'] = true
	t['\\'] = true
	return t
}()

const hexDigits = "0123456789abcdef"

// appendEscaped appends the JSON string contents of s (without quotes),
// escaping only what must be escaped, as JSON.stringify does. s must be
// valid UTF-8.
func appendEscaped[S ~string | ~[]byte](dst []byte, s S) []byte {
	start := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !mustEscape[c] {
			continue
		}
		dst = append(dst, s[start:i]...)
		dst = protocol.AppendEscape(dst, c)
		start = i + 1
	}
	return append(dst, s[start:]...)
}

// appendEscapedASCII is the other legal way to write the same string: every
// non-ASCII character as \uXXXX (surrogate pairs beyond the BMP) and "/" as
// "\/", as some producers do. A few pool lines use it so that readers of
// the generated logs meet every escape JSON allows.
func appendEscapedASCII(dst []byte, s string) []byte {
	for _, r := range s {
		switch {
		case r == '/':
			dst = append(dst, '\\', '/')
		case r < utf8.RuneSelf:
			if mustEscape[r] {
				dst = protocol.AppendEscape(dst, byte(r))
			} else {
				dst = append(dst, byte(r))
			}
		case r > 0xffff:
			r -= 0x10000
			dst = appendU4(dst, 0xd800+(r>>10))
			dst = appendU4(dst, 0xdc00+(r&0x3ff))
		default:
			dst = appendU4(dst, r)
		}
	}
	return dst
}

func appendU4(dst []byte, r rune) []byte {
	return append(dst, '\\', 'u', hexDigits[r>>12&0xf], hexDigits[r>>8&0xf], hexDigits[r>>4&0xf], hexDigits[r&0xf])
}

// appendString appends s as a quoted JSON string.
func appendString(dst []byte, s string) []byte {
	dst = append(dst, '"')
	dst = appendEscaped(dst, s)
	return append(dst, '"')
}

// appendKey appends ,"key": — every member after the first starts this way.
func appendKey(dst []byte, key string) []byte {
	dst = append(dst, ',', '"')
	dst = append(dst, key...)
	return append(dst, '"', ':')
}

func appendStringField(dst []byte, key, value string) []byte {
	return appendString(appendKey(dst, key), value)
}

func appendIntField(dst []byte, key string, n int) []byte {
	return strconv.AppendInt(appendKey(dst, key), int64(n), 10)
}

func appendBoolField(dst []byte, key string, b bool) []byte {
	return strconv.AppendBool(appendKey(dst, key), b)
}

// appendMicroUSD writes an amount of millionths of a dollar as a decimal
// number (0.001234), the way a JavaScript producer prints a rounded cost.
// Integer arithmetic keeps it the same on every machine.
func appendMicroUSD(dst []byte, micros int) []byte {
	dst = strconv.AppendInt(dst, int64(micros/1_000_000), 10)
	frac := micros % 1_000_000
	if frac == 0 {
		return dst
	}
	var digits [6]byte
	for i := len(digits) - 1; i >= 0; i-- {
		digits[i] = byte('0' + frac%10)
		frac /= 10
	}
	n := len(digits)
	for digits[n-1] == '0' {
		n--
	}
	dst = append(dst, '.')
	return append(dst, digits[:n]...)
}
