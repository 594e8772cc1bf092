package usage

import "bytes"

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
	i := skipSpace(line, 0)
	if i >= len(line) || line[i] != '{' {
		return h, false
	}
	i = skipSpace(line, i+1)
	if i < len(line) && line[i] == '}' {
		return h, skipSpace(line, i+1) == len(line) // {}
	}
	found := 0
	for {
		i = skipSpace(line, i)
		if i >= len(line) || line[i] != '"' {
			return h, false
		}
		keyEnd, escaped := stringEnd(line, i)
		if keyEnd < 0 || escaped {
			return h, false
		}
		key := line[i+1 : keyEnd-1]
		i = skipSpace(line, keyEnd)
		if i >= len(line) || line[i] != ':' {
			return h, false
		}
		i = skipSpace(line, i+1)
		from := i
		end, escaped := scalarEnd(line, i)
		if end < 0 {
			return h, false // a nested value, or bad syntax
		}
		switch string(key) {
		case "type", "runId":
			if line[from] != '"' || escaped {
				return h, false // not a plain string: let the parser judge
			}
			v := line[from+1 : end-1]
			if key[0] == 't' {
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
		case "schemaVersion":
			if h.verTo != 0 {
				return h, false
			}
			h.verFrom, h.verTo = from, end
			found++
		}
		if found == 3 {
			return h, true
		}
		i = skipSpace(line, end)
		if i >= len(line) {
			return h, false
		}
		switch line[i] {
		case ',':
			i++
		case '}':
			return h, skipSpace(line, i+1) == len(line)
		default:
			return h, false
		}
	}
}

// sniffUsual reads the head of a line that starts the way Zero writes
// them, {"schemaVersion":N,"type":"T","runId":"R", with no space and no
// escape; ok is false for any other line.
func sniffUsual(line []byte) (h head, ok bool) {
	const typeKey, runIDKey = `,"type":"`, `,"runId":"`
	if !bytes.HasPrefix(line, usualStart) {
		return h, false
	}
	i := len(usualStart)
	for i < len(line) && numberByte[line[i]] {
		i++
	}
	if i == len(usualStart) {
		return h, false
	}
	h.verFrom, h.verTo = len(usualStart), i
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

func skipSpace(b []byte, i int) int {
	for i < len(b) && (b[i] == ' ' || b[i] == '\t' || b[i] == '\r' || b[i] == '\n') {
		i++
	}
	return i
}

// shortString is how far stringEnd looks byte by byte.
const shortString = 40

// stringEnd returns the offset just past the string starting at b[i] (a
// quote), and whether it holds a backslash; -1 when it does not end.
func stringEnd(b []byte, i int) (end int, escaped bool) {
	// Keys, types and ids are short: a plain loop finds their end before
	// a call to IndexByte would have started.
	j := i + 1
	for ; j < len(b) && j < i+shortString; j++ {
		switch b[j] {
		case '"':
			return j + 1, false
		case '\\':
			goto long
		}
	}
long:
	j = i + 1
	for {
		k := bytes.IndexByte(b[j:], '"')
		if k < 0 {
			return -1, escaped
		}
		q := j + k
		if bytes.IndexByte(b[j:q], '\\') < 0 {
			return q + 1, escaped
		}
		escaped = true
		// The quote ends the string unless an odd run of backslashes
		// precedes it.
		n := 0
		for p := q - 1; p > i && b[p] == '\\'; p-- {
			n++
		}
		if n%2 == 0 {
			return q + 1, escaped
		}
		j = q + 1
	}
}

// scalarEnd returns the offset just past the string, number or literal
// starting at b[i]; -1 for an object or array (not read here) or for
// something that is no JSON value.
func scalarEnd(b []byte, i int) (end int, escaped bool) {
	if i >= len(b) {
		return -1, false
	}
	switch c := b[i]; {
	case c == '"':
		return stringEnd(b, i)
	case c == '-' || c >= '0' && c <= '9':
		j := i + 1
		for j < len(b) && numberByte[b[j]] {
			j++
		}
		return j, false
	case c == 't' && bytes.HasPrefix(b[i:], []byte("true")):
		return i + 4, false
	case c == 'f' && bytes.HasPrefix(b[i:], []byte("false")):
		return i + 5, false
	case c == 'n' && bytes.HasPrefix(b[i:], []byte("null")):
		return i + 4, false
	}
	return -1, false
}

var numberByte = [256]bool{'0': true, '1': true, '2': true, '3': true, '4': true,
	'5': true, '6': true, '7': true, '8': true, '9': true,
	'.': true, 'e': true, 'E': true, '+': true, '-': true}
