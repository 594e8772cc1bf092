package protocol

import (
	"bytes"
	"encoding/binary"
	"math/bits"
	"slices"
	"unicode/utf16"
	"unicode/utf8"
)

// AppendUnescaped appends to dst the text of a JSON string whose bytes
// between the quotes are raw. Text between escapes is copied in runs:
// tool outputs escape a newline every few dozen bytes and little else. A
// lone surrogate becomes U+FFFD, as in encoding/json and jq. raw need not
// have been checked (redact reads lines nobody has): an escape cut short
// or with bad digits decodes to something, never out of bounds.
func AppendUnescaped(dst, raw []byte) []byte {
	// The text is never longer than raw, but for a \u cut short at its
	// end (two bytes, U+FFFD in three): room for all of it is made once,
	// and it is written in place, not appended a run at a time.
	n := len(dst)
	dst = slices.Grow(dst, len(raw)+utf8.UTFMax)[:n+len(raw)+utf8.UTFMax]
	out, w := dst[n:], 0
	for {
		i := bytes.IndexByte(raw, '\\')
		if i < 0 || i+1 >= len(raw) {
			w += copy(out[w:], raw)
			return dst[:n+w]
		}
		w += copy(out[w:], raw[:i])
		if c := shortEscape[raw[i+1]]; c != 0 {
			out[w] = c
			w++
			raw = raw[i+2:]
			continue
		}
		r, size := DecodeEscape(raw[i:])
		w += utf8.EncodeRune(out[w:], r)
		raw = raw[i+size:]
	}
}

// shortEscape is the character a two-byte escape stands for, by its
// second byte; 0 for the others.
var shortEscape = [256]byte{'b': '\b', 'f': '\f', 'n': '\n', 'r': '\r', 't': '\t', '"': '"', '\\': '\\', '/': '/'}

// DecodeEscape decodes the escape at the start of b (b[0] is a backslash,
// and a byte follows it), returning the character and how many bytes the
// escape spans. A surrogate pair written as two escapes is one character;
// a lone surrogate becomes U+FFFD, as in encoding/json. A \u escape cut
// short is U+FFFD spanning the rest of b.
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
		if len(b) < 6 {
			return utf8.RuneError, len(b)
		}
		r := hex4(b[2:6])
		if !utf16.IsSurrogate(r) {
			return r, 6
		}
		if len(b) >= 12 && b[6] == '\\' && b[7] == 'u' {
			if pair := utf16.DecodeRune(r, hex4(b[8:12])); pair != utf8.RuneError {
				return pair, 12
			}
		}
		return utf8.RuneError, 6
	}
	return rune(b[1]), 2 // '"', '\\', '/'
}

// hex4 reads four hex digits; a byte that is none counts as 0xff.
func hex4(h []byte) rune {
	return hexValue(h[0])<<12 | hexValue(h[1])<<8 | hexValue(h[2])<<4 | hexValue(h[3])
}

func hexValue(c byte) rune {
	switch {
	case c >= '0' && c <= '9':
		return rune(c - '0')
	case c >= 'a' && c <= 'f':
		return rune(c - 'a' + 10)
	case c >= 'A' && c <= 'F':
		return rune(c - 'A' + 10)
	}
	return 0xff
}

// StringValue returns the decoded text of a string value, without copying
// when it holds no escapes.
func StringValue(v Value) []byte {
	raw := v.Raw[1 : len(v.Raw)-1]
	if !v.Escaped {
		return raw
	}
	return AppendUnescaped(make([]byte, 0, len(raw)), raw)
}

// BoolValue returns what a true or false value stands for; ok is false
// for a value of any other kind.
func BoolValue(v Value) (value, ok bool) {
	switch v.Kind {
	case KindTrue:
		return true, true
	case KindFalse:
		return false, true
	}
	return false, false
}

// KeyText returns the decoded key of a member.
func (m *Member) KeyText() []byte {
	if !m.KeyEscaped {
		return m.Key
	}
	return AppendUnescaped(make([]byte, 0, len(m.Key)), m.Key)
}

// AppendQuoted appends s as a JSON string, quotes included, escaping only
// what JSON requires: quotes, backslashes and control bytes. Other bytes,
// UTF-8 included, are copied as they are. Strings are skipped 8 bytes at a
// time to the next byte to escape: what is written is often a whole tool
// output.
func AppendQuoted(dst, s []byte) []byte {
	dst = append(dst, '"')
	start := 0
	for i := 0; i < len(s); i++ {
		for i+8 <= len(s) {
			if m := EscapedBytes(binary.LittleEndian.Uint64(s[i:])); m != 0 {
				i += bits.TrailingZeros64(m) >> 3
				break
			}
			i += 8
		}
		if i >= len(s) {
			break
		}
		if c := s[i]; c < 0x20 || c == '"' || c == '\\' {
			dst = append(dst, s[start:i]...)
			dst = AppendEscape(dst, c)
			start = i + 1
		}
	}
	dst = append(dst, s[start:]...)
	return append(dst, '"')
}

// AppendEscape appends the escape of c, a byte below 0x80 that is to be
// escaped: the two-letter escapes for \" \\ \n \t \r \b \f, \u00XX for
// other bytes.
func AppendEscape(dst []byte, c byte) []byte {
	switch c {
	case '"', '\\':
		return append(dst, '\\', c)
	case '\n':
		return append(dst, '\\', 'n')
	case '\t':
		return append(dst, '\\', 't')
	case '\r':
		return append(dst, '\\', 'r')
	case '\b':
		return append(dst, '\\', 'b')
	case '\f':
		return append(dst, '\\', 'f')
	}
	const digits = "0123456789abcdef"
	return append(dst, '\\', 'u', '0', '0', digits[c>>4], digits[c&15])
}
