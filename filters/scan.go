package filters

import (
	"bytes"
	"strconv"
	"strings"

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

// scanString checks the string whose opening quote is d[i] as every
// command does (protocol.ScanString) and returns the index after its
// closing quote, and whether it holds escapes.
func scanString(d []byte, i int) (end int, escaped bool, err *SyntaxError) {
	end, escaped, perr := protocol.ScanString(d, i)
	if perr != nil {
		return end, escaped, syntaxErr(perr.Offset, perr.Msg)
	}
	return end, escaped, nil
}

// scanNumber checks the number starting at d[i] and returns the index after
// it and whether it is written as an integer (no fraction, no exponent).
func scanNumber(d []byte, i int) (end int, integer bool, err *SyntaxError) {
	end, perr := protocol.ScanNumber(d, i)
	if perr != nil {
		return end, false, syntaxErr(perr.Offset, perr.Msg)
	}
	return end, bytes.IndexAny(d[i:end], ".eE") < 0, nil
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
		var closed bool
		if i, closed, err = afterValue(d, i, '}'); err != nil || closed {
			return i, err
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
		var closed bool
		if i, closed, err = afterValue(d, i, ']'); err != nil || closed {
			return i, err
		}
	}
}

// afterValue reads what follows a member or an element that ends at d[i]:
// a comma, and next is where the next one starts, or the container's
// closer ('}' or ']'), and closed is set and next is past it.
func afterValue(d []byte, i int, closer byte) (next int, closed bool, err *SyntaxError) {
	if i = skipSpace(d, i); i < len(d) {
		if c := d[i]; c == ',' {
			return skipSpace(d, i+1), false, nil
		} else if c == closer {
			return i + 1, true, nil
		}
	}
	return i, false, notAfterValue(d, i, closer)
}

func notAfterValue(d []byte, i int, closer byte) *SyntaxError {
	what := "an object"
	if closer == ']' {
		what = "an array"
	}
	if i < len(d) {
		what += " (',' or '" + string(closer) + "' must follow a value)"
	}
	return unexpected(d, i, what)
}

// endOfLine checks that only whitespace follows the value that ends at i.
func endOfLine(d []byte, i int) *SyntaxError {
	if i = skipSpace(d, i); i < len(d) {
		return syntaxErr(i, "more than one JSON value on the line")
	}
	return nil
}
