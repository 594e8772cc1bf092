package protocol

import "bytes"

// A stream of deltas repeats one shape line after line: the same version,
// type and run id, then a new piece of text as the last member. A line
// that starts with the exact bytes of the previous one up to that line's
// last value, a string, has the same members with the same values but
// the last: the parse of those bytes cannot come out differently (the
// same keys, so no new duplicate; the same nesting), and only the last
// string and what closes the line need reading. On a log of small deltas
// that was most of the time zsj redact spent parsing.

// maxParseMemo bounds the bytes copied per remembered line: a delta event
// needs about a hundred, and a line whose last value comes later is not
// one of a stream of small events.
const maxParseMemo = 256

// parseMemo is the previous line a Parser accepted (or a MembersReader
// read), when the next one may be parsed with it.
type parseMemo struct {
	valid   bool
	prefix  []byte   // the line up to its last member's value
	members []Member // its members, Key and Value.Raw nil: offsets hold
	keyLen  []int    // the length of each member's key
	rawLen  []int    // the length of each member's value but the last
}

// likePrevious parses line with the memo, appending its members to dst;
// ok is false, and dst as it was, when it cannot.
func (m *parseMemo) likePrevious(line []byte, dst []Member) ([]Member, bool) {
	lastValue, ok := m.lastValue(line)
	if !ok {
		return dst, false
	}
	last := len(m.members) - 1
	for i := range m.members {
		dst = append(dst, m.members[i])
		d := &dst[len(dst)-1]
		d.Key = line[d.KeyOffset+1 : d.KeyOffset+1+m.keyLen[i]]
		if i < last {
			d.Value.Raw = line[d.ValueStart : d.ValueStart+m.rawLen[i]]
		} else {
			d.Value = lastValue
		}
	}
	return dst, true
}

// lastValue is the value of line's last member when line is the
// remembered one but for that value (see lastString).
func (m *parseMemo) lastValue(line []byte) (Value, bool) {
	end, escaped, ok := m.lastString(line)
	if !ok {
		return Value{}, false
	}
	return Value{Raw: line[len(m.prefix):end], Kind: KindString, Escaped: escaped}, true
}

// lastString reports whether line is the remembered one up to its last
// value, and that value a string that closes the line: then line is
// valid, and its last string is line[len(m.prefix):end].
func (m *parseMemo) lastString(line []byte) (end int, escaped, ok bool) {
	n := len(m.prefix)
	if !m.valid || len(line) <= n || line[n] != '"' || !bytes.Equal(line[:n], m.prefix) {
		return 0, false, false
	}
	end, escaped, err := ScanString(line, n)
	if err != nil {
		return 0, false, false // the full parse describes it
	}
	if next, closed := AfterValue(line, end, '}'); !closed || EndOfLine(line, next) != nil {
		return 0, false, false
	}
	return end, escaped, true
}

// remember keeps the line just parsed, whose members are members, when
// the next line may be parsed with it: its last member's value is a
// string that starts within maxParseMemo bytes.
func (m *parseMemo) remember(line []byte, members []Member) {
	m.valid = false
	if len(members) == 0 {
		return
	}
	last := &members[len(members)-1]
	if last.Value.Kind != KindString || last.ValueStart > maxParseMemo {
		return
	}
	m.prefix = append(m.prefix[:0], line[:last.ValueStart]...)
	m.members, m.keyLen, m.rawLen = m.members[:0], m.keyLen[:0], m.rawLen[:0]
	for _, mem := range members {
		m.keyLen = append(m.keyLen, len(mem.Key))
		m.rawLen = append(m.rawLen, len(mem.Value.Raw))
		mem.Key, mem.Value.Raw = nil, nil // do not keep the line alive
		m.members = append(m.members, mem)
	}
	m.valid = true
}
