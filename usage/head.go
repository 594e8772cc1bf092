package usage

import (
	"bytes"

	"github.com/zsj-dev/zsj/protocol"
)

// Most lines of a log are text deltas and tool results that usage and runs
// only count; parsing a megabyte tool output to learn that it is a
// tool_result would cost more than everything else together. A line's
// head — its type, its runId and the span of its schemaVersion — usually
// sits in its first hundred bytes, so sniff reads the top-level members from
// the start and stops as soon as it knows those three. Anything it is not
// sure how to read (an escaped key or value, a nested value before the
// three are found, bad syntax) makes it give up, and the caller parses the
// line in full with protocol.ParseObject.

// head is what sniff learns of a line.
type head struct {
	typ, runID     []byte // raw string contents; nil when absent
	verFrom, verTo int    // the schemaVersion value is line[verFrom:verTo]; verTo == 0 when absent
}

// sniff reads the head of line; ok is false when the line needs a full
// parse to be read correctly.
func sniff(line []byte) (h head, ok bool) {
	if h, ok := sniffUsual(line); ok {
		return h, true
	}
	i := protocol.SkipSpace(line, 0)
	if i >= len(line) || line[i] != '{' {
		return h, false
	}
	i, closed := protocol.Open(line, i)
	found := 0
	for !closed {
		m, next, last, err := protocol.QuickMember(line, i)
		if err != nil || bytes.IndexByte(m.Key, '\\') >= 0 || !sure(m.Value) {
			return h, false
		}
		switch string(m.Key) {
		case protocol.FieldType, protocol.FieldRunID:
			if m.Value[0] != '"' || bytes.IndexByte(m.Value, '\\') >= 0 {
				return h, false // not a plain string: let the parser judge
			}
			v := m.Value[1 : len(m.Value)-1]
			if m.Key[0] == 't' {
				if h.typ != nil {
					return h, false // a duplicate key
				}
				h.typ = v
			} else {
				if h.runID != nil {
					return h, false
				}
				h.runID = v
			}
			found++
		case protocol.FieldSchemaVersion:
			if h.verTo != 0 {
				return h, false
			}
			h.verFrom, h.verTo = m.ValueStart, m.ValueStart+len(m.Value)
			found++
		}
		if found == 3 {
			return h, true
		}
		i, closed = next, last
	}
	return h, protocol.EndOfLine(line, i) == nil
}

// sniffUsual reads the head of a line that starts the way Zero writes
// them, {"schemaVersion":N,"type":"T","runId":"R", with a one-digit N, no
// space and no escape; ok is false for any other line.
func sniffUsual(line []byte) (h head, ok bool) {
	const typeKey, runIDKey = `,"type":"`, `,"runId":"`
	if !bytes.HasPrefix(line, usualStart) {
		return h, false
	}
	i := len(usualStart) + 1
	if i >= len(line) || line[i-1]-'1' >= 9 {
		return h, false
	}
	h.verFrom, h.verTo = i-1, i
	if h.typ, i = plainString(line, i, typeKey); h.typ == nil {
		return h, false
	}
	if h.runID, _ = plainString(line, i, runIDKey); h.runID == nil {
		return h, false
	}
	return h, true
}

// plainString reads key (the comma, the key, the colon and the opening
// quote) at line[i:], then a string with no escape, and returns its
// contents and the offset after its closing quote; nil when line does not
// go on that way.
func plainString(line []byte, i int, key string) ([]byte, int) {
	if !bytes.HasPrefix(line[i:], []byte(key)) {
		return nil, i
	}
	from := i + len(key)
	for j := from; j < len(line); j++ {
		switch line[j] {
		case '"':
			return line[from:j:j], j + 1
		case '\\':
			return nil, i
		}
	}
	return nil, i
}

// sure reports whether sniff can vouch for v, a value as read by its
// structure: a string, or a well-formed number or literal. A nested value
// before the head is found is left to the parser.
func sure(v []byte) bool {
	var end int
	var err *protocol.SyntaxError
	switch v[0] {
	case '"':
		return true
	case '{', '[':
		return false
	case 't', 'f', 'n':
		end, err = protocol.ScanLiteral(v, 0)
	default:
		end, err = protocol.ScanNumber(v, 0)
	}
	return err == nil && end == len(v)
}
