package protocol

import (
	"strconv"
	"strings"
)

// The functions below are the steps of reading JSON text, for every
// package that reads lines its own way: filters builds gojq values as it
// reads, redact rewrites strings, usage reads a line's head. Each takes the
// text and the index to start at and returns the index to go on from, so
// callers keep their own loops and nothing is allocated unless the text is
// wrong. Errors say where and why, never quote the text (logs hold
// secrets), and are worded the same whoever reads the line.

// SkipSpace returns the index of the first byte at or after i that is not
// JSON whitespace (len(d) when there is none).
func SkipSpace(d []byte, i int) int {
	for i < len(d) && space[d[i]] {
		i++
	}
	return i
}

// space marks JSON whitespace. A table keeps SkipSpace and the steps
// built on it cheap enough to be inlined into the loops that read objects
// and arrays.
var space = [256]bool{' ': true, '\t': true, '\n': true, '\r': true}

// Open steps into the object or array whose opening bracket is d[i]: next
// is where its first member or element starts, or, when it is empty (empty
// set), the index after its closing bracket.
func Open(d []byte, i int) (next int, empty bool) {
	closer := d[i] + 2 // '{'+2 == '}', '['+2 == ']'
	i = SkipSpace(d, i+1)
	if i < len(d) && d[i] == closer {
		return i + 1, true
	}
	return i, false
}

// ScanKey checks the member key that must open at d[i], as ScanString
// checks a string.
func ScanKey(d []byte, i int) (end int, escaped bool, err *SyntaxError) {
	if i >= len(d) || d[i] != '"' {
		return i, false, KeyError(d, i)
	}
	return ScanString(d, i)
}

// KeyError is the error for d[i], where a member's key had to start.
func KeyError(d []byte, i int) *SyntaxError {
	return Unexpected(d, i, "an object (a key must be a string)")
}

// AfterKey reads the colon after a key that ends at d[i] and returns where
// the member's value starts, or -1 when no colon follows (AfterKeyError
// says so). Like AfterValue it returns a position, not an error, to be
// inlined into the loops that call it once a member.
func AfterKey(d []byte, i int) int {
	if i = SkipSpace(d, i); i < len(d) && d[i] == ':' {
		return SkipSpace(d, i+1)
	}
	return -1
}

// AfterKeyError is the error for a key that ends at d[i] and that no
// colon follows.
func AfterKeyError(d []byte, i int) *SyntaxError {
	return Unexpected(d, SkipSpace(d, i), "an object (':' must follow a key)")
}

// AfterValue reads what follows a member or an element that ends at d[i]:
// a comma, and next is where the next one starts, or the container's
// closer ('}' or ']'), and closed is set and next is past it. next is -1
// when neither follows (AfterValueError says so).
func AfterValue(d []byte, i int, closer byte) (next int, closed bool) {
	if i = SkipSpace(d, i); i < len(d) {
		if c := d[i]; c == ',' {
			return SkipSpace(d, i+1), false
		} else if c == closer {
			return i + 1, true
		}
	}
	return -1, false
}

// AfterValueError is the error for a member or element that ends at d[i]
// and that neither a comma nor closer follows.
func AfterValueError(d []byte, i int, closer byte) *SyntaxError {
	what := "an object (',' or '}' must follow a value)"
	if closer == ']' {
		what = "an array (',' or ']' must follow a value)"
	}
	return Unexpected(d, SkipSpace(d, i), what)
}

// EndOfLine checks that only whitespace follows the value that ends at
// d[i].
func EndOfLine(d []byte, i int) *SyntaxError {
	if i = SkipSpace(d, i); i < len(d) {
		return &SyntaxError{Offset: i, Rule: RuleTrailingData, Msg: "more than one JSON value on the line"}
	}
	return nil
}

// ScanLiteral checks the true, false or null that starts at d[i] and
// returns the index after it.
func ScanLiteral(d []byte, i int) (end int, err *SyntaxError) {
	word := literals[d[i]]
	if word == "" {
		return i, Unexpected(d, i, "a value")
	}
	rest := d[i:]
	if len(rest) >= len(word) && string(rest[:len(word)]) == word {
		return i + len(word), nil
	}
	if len(rest) < len(word) && word[:len(rest)] == string(rest) {
		return len(d), Unexpected(d, len(d), "a literal")
	}
	return i, Unexpected(d, i, "a literal")
}

// literals maps the first byte of a literal to the literal.
var literals = [256]string{'t': "true", 'f': "false", 'n': "null"}

// ScanNumber checks the JSON number that starts at d[i] and returns the
// index after it; on a problem, end is where it was found.
func ScanNumber(d []byte, i int) (end int, err *SyntaxError) {
	if end, ok := numberEnd(d, i); ok {
		return end, nil
	} else {
		return end, Unexpected(d, end, "a number")
	}
}

// numberEnd returns the index after the number at d[i], or, with ok
// false, the index of the byte that cannot go on it. Integers, the usual
// numbers of a log, leave after one test of the byte that follows them.
func numberEnd(d []byte, i int) (end int, ok bool) {
	if i < len(d) && d[i] == '-' {
		i++
	}
	if i >= len(d) {
		return i, false
	}
	switch c := d[i]; {
	case c == '0':
		i++
	case c-'1' < 9:
		i = skipDigits(d, i+1)
	default:
		return i, false
	}
	if i >= len(d) || d[i] != '.' && d[i]|0x20 != 'e' {
		return i, true
	}
	if d[i] == '.' {
		j := skipDigits(d, i+1)
		if j == i+1 {
			return j, false
		}
		if i = j; i >= len(d) || d[i]|0x20 != 'e' {
			return i, true
		}
	}
	i++ // 'e' or 'E'
	if i < len(d) && (d[i] == '+' || d[i] == '-') {
		i++
	}
	j := skipDigits(d, i)
	if j == i {
		return i, false
	}
	return j, true
}

func skipDigits(d []byte, i int) int {
	for i < len(d) && d[i]-'0' < 10 {
		i++
	}
	return i
}

// Unexpected describes the byte at d[i] where what (say "an object (':'
// must follow a key)") had to go on; at the end of d, the line ends inside
// what, and what was expected is moot.
func Unexpected(d []byte, i int, what string) *SyntaxError {
	if i >= len(d) {
		what, _, _ = strings.Cut(what, " (")
		return &SyntaxError{Offset: len(d), Rule: RuleInvalidJSON, Msg: "the line ends inside " + what, EOF: true}
	}
	var desc string
	switch c := d[i]; {
	case c == 0:
		desc = "a NUL byte"
	case c < 0x20 || c >= 0x7f:
		desc = "byte 0x" + hex2(c)
	default:
		desc = "'" + string(c) + "'"
	}
	return &SyntaxError{Offset: i, Rule: RuleInvalidJSON, Msg: "unexpected " + desc + " in " + what}
}

// TooDeep is the error for a container that opens at d[i] deeper than
// MaxDepth levels.
func TooDeep(i int) *SyntaxError {
	return &SyntaxError{Offset: i, Rule: RuleTooDeep, Msg: "objects and arrays nest deeper than " + strconv.Itoa(MaxDepth) + " levels"}
}

func hex2(c byte) string {
	const digits = "0123456789abcdef"
	return string([]byte{digits[c>>4], digits[c&15]})
}
