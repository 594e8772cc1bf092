package view

import (
	"bytes"

	"github.com/zsj-dev/zsj/protocol"
)

// quickRest is how much of a line after its runId is still read, to
// catch a duplicate key; past it the first runId is taken.
const quickRest = 4 << 10 // bytes

// lineRunID returns the runId of a line, nil when it has none. It walks
// the line's top-level members by structure, skipping their values
// without decoding them, and stops at the runId: most lines are deltas
// and tool outputs, and the index must not pay for parsing megabytes it
// only needs the id of (a runId key inside a tool call's arguments is
// not the event's). A line it cannot read plainly (an escaped key or
// value, a duplicate runId, bad syntax) is parsed in full.
func lineRunID(line []byte, members []protocol.Member) ([]byte, []protocol.Member) {
	i := protocol.SkipSpace(line, 0)
	if i < len(line) && line[i] == '{' {
		var closed bool
		i, closed = protocol.Open(line, i)
		var id []byte
		for !closed {
			m, next, last, err := protocol.QuickMember(line, i)
			if err != nil || bytes.IndexByte(m.Key, '\\') >= 0 {
				id = nil
				break
			}
			if string(m.Key) == protocol.FieldRunID {
				if id != nil || len(m.Value) < 2 || m.Value[0] != '"' || bytes.IndexByte(m.Value, '\\') >= 0 {
					id = nil
					break
				}
				id = m.Value[1 : len(m.Value)-1]
				if len(line)-next > quickRest {
					return id, members
				}
			}
			i, closed = next, last
		}
		if closed && protocol.SkipSpace(line, i) == len(line) {
			return id, members
		}
	}
	members, err := protocol.ParseObject(line, members[:0])
	if err != nil {
		return nil, members
	}
	var id []byte
	for i := range members {
		m := &members[i]
		if string(m.KeyText()) == protocol.FieldRunID {
			if id != nil {
				return nil, members // a duplicate key: the line is invalid anyway
			}
			if m.Value.Kind == protocol.KindString {
				id = protocol.StringValue(m.Value)
			} else {
				id = []byte{}
			}
		}
	}
	if len(id) == 0 {
		return nil, members
	}
	return id, members
}
