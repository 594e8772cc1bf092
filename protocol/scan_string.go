package protocol

import (
	"encoding/binary"
	"math/bits"
	"unicode/utf8"
)

const (
	lsb = 0x0101010101010101
	msb = 0x8080808080808080
)

// EscapedBytes marks, in the high bit of each byte, the bytes of x (eight
// bytes of a string, little-endian) that JSON must escape: a quote, a
// backslash, a control byte. Borrows can only mark bytes above a marked
// one, so the lowest mark is exact. Every command that walks strings a
// word at a time uses it.
func EscapedBytes(x uint64) uint64 {
	quote := x ^ (lsb * '"')
	slash := x ^ (lsb * '\\')
	found := (quote - lsb) &^ quote
	found |= (slash - lsb) &^ slash
	found |= (x - lsb*0x20) &^ x // a byte below 0x20
	return found & msb
}

// SpecialBytes is EscapedBytes plus the non-ASCII bytes: the bytes at
// which a scanner checking UTF-8 must leave its fast path. As with
// EscapedBytes only the lowest mark is exact. Non-ASCII bytes being
// marked anyway allows a cheaper test than EscapedBytes': for a byte below
// 0x80, adding 0x7f leaves the high bit clear only for zero (so after an
// xor, only for the byte xored with), and adding 0x60 only for a byte
// below 0x20. No byte below 0x80 carries into the next; one above is
// itself marked, so a carry only spoils marks above the lowest.
func SpecialBytes(x uint64) uint64 {
	notQuote := (x ^ lsb*'"') + lsb*0x7f
	notSlash := (x ^ lsb*'\\') + lsb*0x7f
	notControl := x + lsb*0x60
	return (^(notQuote & notSlash & notControl) | x) & msb
}

// ScanString checks the JSON string whose opening quote is d[i]: escapes,
// control bytes and UTF-8, as every string of a line is checked. It
// returns the index after the closing quote and whether the string holds
// escapes; on a problem, end is where it was found.
//
// Tool outputs make strings the bulk of a log's bytes, so plain ASCII is
// skipped eight bytes at a time, jumping straight to the first byte that
// matters, and past the first few words 64 bytes at a time (strBlocks).
func ScanString(d []byte, i int) (end int, escaped bool, err *SyntaxError) {
	i++
	blocksFrom := i + blockLead
	for {
		if i >= blocksFrom {
			next, closed, esc := strBlocks(d, i)
			i, escaped = next, escaped || esc
			if closed {
				return i, escaped, nil
			}
		}
		for i+8 <= len(d) {
			if m := SpecialBytes(binary.LittleEndian.Uint64(d[i:])); m != 0 {
				i += bits.TrailingZeros64(m) >> 3
				break
			}
			i += 8
		}
		if i >= len(d) {
			return i, escaped, Unexpected(d, i, "a string")
		}
		c := d[i]
		switch {
		case c == '"':
			return i + 1, escaped, nil
		case c == '\\':
			escaped = true
			if i+1 < len(d) && simpleEscape[d[i+1]] {
				i += 2
				continue
			}
			n := EscapeLen(d[i:])
			if n == 0 {
				return i, escaped, Unexpected(d, len(d), "a string escape")
			}
			if n < 0 {
				return i, escaped, &SyntaxError{Offset: i, Rule: RuleInvalidJSON, Msg: "invalid escape in a string"}
			}
			i += n
		case c < 0x20:
			return i, escaped, &SyntaxError{Offset: i, Rule: RuleInvalidJSON, Msg: "a control character (byte 0x" + hex2(c) + ") inside a string must be escaped"}
		case c < utf8.RuneSelf:
			i++
		default:
			r, size := utf8.DecodeRune(d[i:])
			if r == utf8.RuneError && size == 1 {
				if !utf8.FullRune(d[i:]) {
					return i, escaped, &SyntaxError{Offset: len(d), Rule: RuleInvalidUTF8, Msg: "invalid UTF-8 (a character cut short) in a string", EOF: true}
				}
				return i, escaped, &SyntaxError{Offset: i, Rule: RuleInvalidUTF8, Msg: "invalid UTF-8 in a string"}
			}
			i += size
		}
	}
}

// simpleEscape marks the characters that complete a two-byte escape.
var simpleEscape = [256]bool{'"': true, '\\': true, '/': true, 'b': true, 'f': true, 'n': true, 'r': true, 't': true}

// EscapeLen returns the length of the escape at the start of b (which
// starts with a backslash), 0 when b ends inside it, -1 when it is invalid.
func EscapeLen(b []byte) int {
	if len(b) < 2 {
		return 0
	}
	switch b[1] {
	case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
		return 2
	case 'u':
		for k := 2; k < 6; k++ {
			if k >= len(b) {
				return 0
			}
			if !isHex(b[k]) {
				return -1
			}
		}
		return 6
	}
	return -1
}

func isHex(c byte) bool {
	return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F')
}
