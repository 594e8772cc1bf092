package filters

import (
	"slices"
	"strings"

	"github.com/zsj-dev/zsj/protocol"
)

// sortedRelayout is relayout with the keys of every object sorted (-S):
// an unchanged event keeps its numbers as written (1e1000,
// 1.000000000000000000001) and its strings' escapes, as it does without
// -S. ok is false when raw is not one valid JSON value; b is then as it
// was.
func (e *encoder) sortedRelayout(b, raw []byte, level int) (out []byte, ok bool) {
	out, end, err := e.sortedValue(b, raw, protocol.SkipSpace(raw, 0), level)
	if err == nil {
		err = protocol.EndOfLine(raw, end)
	}
	if err != nil {
		return b, false
	}
	return out, true
}

func (e *encoder) sortedValue(b, d []byte, i, level int) ([]byte, int, *protocol.SyntaxError) {
	if i < len(d) && level < maxDepth {
		switch d[i] {
		case '{':
			return e.sortedObject(b, d, i, level)
		case '[':
			return e.sortedArray(b, d, i, level)
		}
	}
	return e.rawValue(b, d, i, level)
}

// rawMember is a member of an object in raw JSON text: its key decoded,
// where its key's text and its value start.
type rawMember struct {
	key        string
	keyAt, end int // the key's text is d[keyAt:end]
	valAt      int
}

func (e *encoder) sortedObject(b, d []byte, i, level int) ([]byte, int, *protocol.SyntaxError) {
	c := e.paint(func(p *Palette) string { return p.Object })
	i, closed := protocol.Open(d, i)
	if closed {
		return e.token(b, c, "{}"), i, nil
	}
	var members []rawMember
	for !closed {
		end, escaped, err := protocol.ScanKey(d, i)
		if err != nil {
			return b, end, err
		}
		m := rawMember{key: string(stringText(d[i:end], escaped, nil)), keyAt: i, end: end}
		if m.valAt = protocol.AfterKey(d, end); m.valAt < 0 {
			return b, end, protocol.AfterKeyError(d, end)
		}
		vend, verr := protocol.SkipValue(d, m.valAt, level+1)
		if verr != nil {
			return b, vend, verr
		}
		members = append(members, m)
		if i, closed = protocol.AfterValue(d, vend, '}'); i < 0 {
			return b, vend, protocol.AfterValueError(d, vend, '}')
		}
	}
	after := i
	slices.SortStableFunc(members, func(x, y rawMember) int { return strings.Compare(x.key, y.key) })
	b = e.token(b, c, "{")
	first := true
	for k, m := range members {
		if k+1 < len(members) && members[k+1].key == m.key {
			continue // of duplicate keys the last counts, as when decoding
		}
		if !first {
			b = e.token(b, c, ",")
		}
		first = false
		b = e.newline(b, level+1)
		b = e.start(b, func(p *Palette) string { return p.Key })
		b = e.rawString(b, d[m.keyAt:m.end])
		b = e.end(b)
		b = e.token(b, c, ":")
		if e.indented() {
			b = append(b, ' ')
		}
		var err *protocol.SyntaxError
		if b, _, err = e.sortedValue(b, d, m.valAt, level+1); err != nil {
			return b, m.valAt, err
		}
	}
	b = e.newline(b, level)
	return e.token(b, c, "}"), after, nil
}

func (e *encoder) sortedArray(b, d []byte, i, level int) ([]byte, int, *protocol.SyntaxError) {
	return e.arrayOf(b, d, i, level, e.sortedValue)
}
