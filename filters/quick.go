package filters

import (
	"bytes"

	"github.com/zsj-dev/zsj/protocol"
)

// field is a top-level member of an event as the structural scan sees it:
// raw bytes, nothing decoded.
type field struct {
	key []byte // between the quotes, escapes not decoded
	val []byte // the value's bytes, quotes included for a string
}

// textOrNil returns the decoded text of a string value (a slice of the
// line when it has no escapes), and nil for any other kind of value or a
// missing field (f nil).
func (f *field) textOrNil() []byte {
	if f == nil || len(f.val) < 2 || f.val[0] != '"' {
		return nil
	}
	return stringText(f.val, hasBackslash(f.val), nil)
}

// hasBackslash is bytes.IndexByte(b, '\\') >= 0 without the call into the
// vectorised search for the short keys and values selectors look at.
func hasBackslash(b []byte) bool {
	if len(b) > 32 {
		return bytes.IndexByte(b, '\\') >= 0
	}
	for _, c := range b {
		if c == '\\' {
			return true
		}
	}
	return false
}

// scanFields finds the top-level members of line by its structure only
// (protocol.QuickMember): it checks that the line is one object whose
// strings, objects and arrays are closed, and skips strings by looking for
// their closing quote. It does not check escapes, UTF-8 or number syntax.
// That is what makes shortcuts run at the speed of reading: a tool output
// of a megabyte is one search for a quote.
func scanFields(line []byte, dst []field) ([]field, *SyntaxError) {
	i := protocol.SkipSpace(line, 0)
	if i >= len(line) || line[i] != '{' {
		if i >= len(line) {
			return dst, syntaxErr(i, "empty line")
		}
		return dst, notObject(line, i)
	}
	i, closed := protocol.Open(line, i)
	for !closed {
		m, next, last, err := protocol.QuickMember(line, i)
		if err != nil {
			return dst, syntaxError(err)
		}
		// Set in place: appending a composite literal builds it on the
		// stack and copies it with wide loads that stall on the narrow
		// stores just made, a sixth of this loop's time.
		dst = append(dst, field{})
		f := &dst[len(dst)-1]
		f.key, f.val = m.Key, m.Value
		i, closed = next, last
	}
	return dst, syntaxError(protocol.EndOfLine(line, i))
}

// notObject is the error for a line whose value at i is not an object;
// when the line is only part of the JSON text (the "[" of a pretty-printed
// array), it says so instead, for the reader to read on as a stream.
func notObject(line []byte, i int) *SyntaxError {
	end, err := protocol.SkipValue(line, i, 0)
	if err == nil {
		err = protocol.EndOfLine(line, end)
	}
	if se := syntaxError(err); se != nil && se.kind == partialText {
		return se
	}
	return syntaxErr(i, "the line is not a JSON object")
}
