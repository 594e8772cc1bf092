package redact

import (
	"bytes"
	"encoding/binary"
	"math/bits"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/zsj-dev/zsj/protocol"
)

var indexByte = bytes.IndexByte

// decode appends the text of a JSON string to dst; raw is what stands
// between the quotes and has been checked to be valid JSON. Text between
// escapes is copied in runs, since tool outputs escape a newline every few
// dozen bytes and little else. Lone surrogates become U+FFFD, as in
// encoding/json.
func decode(dst, raw []byte) []byte {
	for {
		i := indexByte(raw, '\\')
		if i < 0 || i+1 >= len(raw) {
			return append(dst, raw...)
		}
		dst = append(dst, raw[:i]...)
		raw = raw[i:]
		n := 2
		switch raw[1] {
		case 'b':
			dst = append(dst, '\b')
		case 'f':
			dst = append(dst, '\f')
		case 'n':
			dst = append(dst, '\n')
		case 'r':
			dst = append(dst, '\r')
		case 't':
			dst = append(dst, '\t')
		case 'u':
			var r rune
			r, n = decodeU(raw)
			dst = utf8.AppendRune(dst, r)
		default: // '"', '\\', '/'
			dst = append(dst, raw[1])
		}
		raw = raw[n:]
	}
}

// decodeU decodes the \uXXXX escape (or surrogate pair) at the start of raw
// and says how many bytes it took.
func decodeU(raw []byte) (rune, int) {
	if len(raw) < 6 {
		return utf8.RuneError, len(raw)
	}
	r := rune(hex4(raw[2:6]))
	if !utf16.IsSurrogate(r) {
		return r, 6
	}
	if len(raw) >= 12 && raw[6] == '\\' && raw[7] == 'u' {
		if pair := utf16.DecodeRune(r, rune(hex4(raw[8:12]))); pair != utf8.RuneError {
			return pair, 12
		}
	}
	return utf8.RuneError, 6
}

func hex4(h []byte) int {
	return int(hexValue(h[0]))<<12 | int(hexValue(h[1]))<<8 | int(hexValue(h[2]))<<4 | int(hexValue(h[3]))
}

// hexValue is the value of a hex digit; 0xff for anything else.
func hexValue(c byte) byte {
	switch {
	case c >= '0' && c <= '9':
		return c - '0'
	case c >= 'a' && c <= 'f':
		return c - 'a' + 10
	case c >= 'A' && c <= 'F':
		return c - 'A' + 10
	}
	return 0xff
}

const hexDigits = "0123456789abcdef"

// appendString appends s as a JSON string, quotes included, escaping only
// what JSON requires; s is valid UTF-8 (it was decoded from valid JSON,
// and replacements are checked to be).
func appendString(dst, s []byte) []byte {
	dst = append(dst, '"')
	start := 0
	for i := 0; i < len(s); i++ {
		// Skip 8 bytes at a time to the next one that needs escaping:
		// changed strings are often whole tool outputs.
		for i+8 <= len(s) {
			if m := protocol.EscapedBytes(binary.LittleEndian.Uint64(s[i:])); m != 0 {
				i += bits.TrailingZeros64(m) >> 3
				break
			}
			i += 8
		}
		if i >= len(s) {
			break
		}
		c := s[i]
		if c >= 0x20 && c != '"' && c != '\\' {
			continue
		}
		dst = append(dst, s[start:i]...)
		switch c {
		case '"', '\\':
			dst = append(dst, '\\', c)
		case '\n':
			dst = append(dst, '\\', 'n')
		case '\r':
			dst = append(dst, '\\', 'r')
		case '\t':
			dst = append(dst, '\\', 't')
		case '\b':
			dst = append(dst, '\\', 'b')
		case '\f':
			dst = append(dst, '\\', 'f')
		default:
			dst = append(dst, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&15])
		}
		start = i + 1
	}
	dst = append(dst, s[start:]...)
	return append(dst, '"')
}

func indexString(b []byte, s string) int { return bytes.Index(b, []byte(s)) }

// oddBackslashes reports whether an odd number of backslashes end raw[:i]:
// the byte at i is then escaped.
func oddBackslashes(raw []byte, i int) bool {
	n := 0
	for i > 0 && raw[i-1] == '\\' {
		n++
		i--
	}
	return n%2 == 1
}
