package filters

import (
	"encoding/binary"
	"math/bits"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/zsj-dev/zsj/protocol"
)

// maxDepth bounds nesting as the protocol does: zsj validate reports deeper
// lines, and a bound keeps the recursive decoder's stack small.
const maxDepth = protocol.MaxDepth

// SyntaxError says why a line is not one JSON value. It never quotes the
// line: logs may hold secrets.
type SyntaxError struct {
	Offset int // byte offset in the line
	Msg    string
}

func (e *SyntaxError) Error() string {
	return "invalid JSON at byte " + strconv.Itoa(e.Offset+1) + ": " + e.Msg
}

func syntaxErr(offset int, msg string) *SyntaxError { return &SyntaxError{Offset: offset, Msg: msg} }

// unexpected describes the byte at d[i] (or the end of the line) where a
// value of some kind had to be.
func unexpected(d []byte, i int, where string) *SyntaxError {
	if i >= len(d) {
		where, _, _ = strings.Cut(where, " (") // what was expected is moot
		return syntaxErr(i, "the line ends inside "+where)
	}
	c := d[i]
	if c < 0x20 || c >= 0x7f {
		return syntaxErr(i, "unexpected byte 0x"+strconv.FormatUint(uint64(c), 16)+" in "+where)
	}
	return syntaxErr(i, "unexpected '"+string(rune(c))+"' in "+where)
}

// plainByte marks the bytes that may stand in a string as they are:
// printable ASCII other than a quote or a backslash.
var plainByte = func() (t [256]bool) {
	for c := 0x20; c < 0x80; c++ {
		t[c] = c != '"' && c != '\\'
	}
	return t
}()

// simpleEscape marks the characters that complete a two-byte escape.
var simpleEscape = [256]bool{'"': true, '\\': true, '/': true, 'b': true, 'f': true, 'n': true, 'r': true, 't': true}

// scanString checks the string whose opening quote is d[i] and returns the
// index after its closing quote, and whether it holds escapes. Tool
// outputs make strings the bulk of a log, so plain bytes are skipped
// sixteen at a time, and the common escapes handled in line.
func scanString(d []byte, i int) (end int, escaped bool, err *SyntaxError) {
	i++
	for {
		for i+16 <= len(d) {
			if m := protocol.SpecialBytes(binary.LittleEndian.Uint64(d[i:])); m != 0 {
				i += bits.TrailingZeros64(m) >> 3
				break
			}
			if m := protocol.SpecialBytes(binary.LittleEndian.Uint64(d[i+8:])); m != 0 {
				i += 8 + bits.TrailingZeros64(m)>>3
				break
			}
			i += 16
		}
		for i < len(d) && plainByte[d[i]] { // the last bytes, or none
			i++
		}
		if i >= len(d) {
			return i, escaped, syntaxErr(i, "the line ends inside a string")
		}
		switch c := d[i]; {
		case c == '"':
			return i + 1, escaped, nil
		case c == '\\':
			escaped = true
			if i+1 < len(d) && simpleEscape[d[i+1]] {
				i += 2
				continue
			}
			n := protocol.EscapeLen(d[i:])
			if n <= 0 {
				if n == 0 {
					return i, escaped, syntaxErr(i, "the line ends inside a string escape")
				}
				return i, escaped, syntaxErr(i, "invalid escape in a string")
			}
			i += n
		case c < 0x20:
			return i, escaped, syntaxErr(i, "a control character (byte 0x"+strconv.FormatUint(uint64(c), 16)+") inside a string must be escaped")
		default:
			r, size := utf8.DecodeRune(d[i:])
			if r == utf8.RuneError && size == 1 {
				return i, escaped, syntaxErr(i, "invalid UTF-8 in a string")
			}
			i += size
		}
	}
}

// scanNumber checks the number starting at d[i] and returns the index after
// it and whether it is written as an integer (no fraction, no exponent).
func scanNumber(d []byte, i int) (end int, integer bool, err *SyntaxError) {
	if i < len(d) && d[i] == '-' {
		i++
	}
	switch {
	case i >= len(d):
		return i, false, unexpected(d, i, "a number")
	case d[i] == '0':
		i++
	case d[i] >= '1' && d[i] <= '9':
		i++
		for i < len(d) && d[i] >= '0' && d[i] <= '9' {
			i++
		}
	default:
		return i, false, unexpected(d, i, "a number")
	}
	integer = true
	if i < len(d) && d[i] == '.' {
		integer = false
		i++
		j := i
		for i < len(d) && d[i] >= '0' && d[i] <= '9' {
			i++
		}
		if i == j {
			return i, false, unexpected(d, i, "a number")
		}
	}
	if i < len(d) && (d[i] == 'e' || d[i] == 'E') {
		integer = false
		i++
		if i < len(d) && (d[i] == '+' || d[i] == '-') {
			i++
		}
		j := i
		for i < len(d) && d[i] >= '0' && d[i] <= '9' {
			i++
		}
		if i == j {
			return i, false, unexpected(d, i, "a number")
		}
	}
	return i, integer, nil
}

// scanLiteral checks that d[i:] starts with word (true, false or null).
func scanLiteral(d []byte, i int, word string) (int, *SyntaxError) {
	if len(d)-i >= len(word) && string(d[i:i+len(word)]) == word {
		return i + len(word), nil
	}
	return i, unexpected(d, i, "a value")
}

func skipSpace(d []byte, i int) int {
	for i < len(d) {
		switch d[i] {
		case ' ', '\t', '\r', '\n':
			i++
		default:
			return i
		}
	}
	return i
}

// skipValue checks the value starting at d[i] without building it and
// returns the index after it.
func skipValue(d []byte, i, depth int) (int, *SyntaxError) {
	if i >= len(d) {
		return i, unexpected(d, i, "a value")
	}
	switch c := d[i]; c {
	case '"':
		end, _, err := scanString(d, i)
		return end, err
	case '{':
		if depth >= maxDepth {
			return i, syntaxErr(i, "objects and arrays nest deeper than "+strconv.Itoa(maxDepth)+" levels")
		}
		return skipObject(d, i, depth+1)
	case '[':
		if depth >= maxDepth {
			return i, syntaxErr(i, "objects and arrays nest deeper than "+strconv.Itoa(maxDepth)+" levels")
		}
		return skipArray(d, i, depth+1)
	case 't':
		return scanLiteral(d, i, "true")
	case 'f':
		return scanLiteral(d, i, "false")
	case 'n':
		return scanLiteral(d, i, "null")
	case '-', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9':
		end, _, err := scanNumber(d, i)
		return end, err
	}
	return i, unexpected(d, i, "a value")
}

func skipObject(d []byte, i, depth int) (int, *SyntaxError) {
	i = skipSpace(d, i+1)
	if i < len(d) && d[i] == '}' {
		return i + 1, nil
	}
	for {
		if i >= len(d) || d[i] != '"' {
			return i, unexpected(d, i, "an object (a key must be a string)")
		}
		var err *SyntaxError
		if i, _, err = scanString(d, i); err != nil {
			return i, err
		}
		i = skipSpace(d, i)
		if i >= len(d) || d[i] != ':' {
			return i, unexpected(d, i, "an object (':' must follow a key)")
		}
		if i, err = skipValue(d, skipSpace(d, i+1), depth); err != nil {
			return i, err
		}
		if i = skipSpace(d, i); i >= len(d) {
			return i, unexpected(d, i, "an object")
		}
		switch d[i] {
		case ',':
			i = skipSpace(d, i+1)
		case '}':
			return i + 1, nil
		default:
			return i, unexpected(d, i, "an object (',' or '}' must follow a value)")
		}
	}
}

func skipArray(d []byte, i, depth int) (int, *SyntaxError) {
	i = skipSpace(d, i+1)
	if i < len(d) && d[i] == ']' {
		return i + 1, nil
	}
	for {
		var err *SyntaxError
		if i, err = skipValue(d, i, depth); err != nil {
			return i, err
		}
		i = skipSpace(d, i)
		if i >= len(d) {
			return i, unexpected(d, i, "an array")
		}
		switch d[i] {
		case ',':
			i = skipSpace(d, i+1)
		case ']':
			return i + 1, nil
		default:
			return i, unexpected(d, i, "an array (',' or ']' must follow a value)")
		}
	}
}

// endOfLine checks that only whitespace follows the value that ends at i.
func endOfLine(d []byte, i int) *SyntaxError {
	if i = skipSpace(d, i); i < len(d) {
		return syntaxErr(i, "more than one JSON value on the line")
	}
	return nil
}
