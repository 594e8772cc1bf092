package view

import (
	"bytes"

	"github.com/zsj-dev/zsj/protocol"
)

var runIDKey = []byte(`"runId"`)

// lineRunID returns the runId of a line, nil when it has none. It looks
// for the first unescaped "runId" key and reads its string value without
// parsing the line: most lines are deltas and tool outputs, and the index
// must not pay for parsing megabytes it only needs the id of. A value it
// cannot read plainly (escaped) falls back to a full parse.
func lineRunID(line []byte, members []protocol.Member) ([]byte, []protocol.Member) {
	from := 0
	for {
		i := bytes.Index(line[from:], runIDKey)
		if i < 0 {
			return nil, members
		}
		i += from
		from = i + len(runIDKey)
		if protocol.EscapedAt(line, i) {
			continue // inside a string: a JSON document printed by a tool
		}
		j := protocol.SkipSpace(line, from)
		if j >= len(line) || line[j] != ':' {
			continue
		}
		j = protocol.SkipSpace(line, j+1)
		if j >= len(line) || line[j] != '"' {
			return nil, members
		}
		end := protocol.QuickStringEnd(line, j)
		if end < 0 {
			break
		}
		v := line[j+1 : end-1]
		if bytes.IndexByte(v, '\\') >= 0 {
			break
		}
		return v, members
	}
	members, err := protocol.ParseObject(line, members[:0])
	if err != nil {
		return nil, members
	}
	for i := range members {
		m := &members[i]
		if string(m.KeyText()) == protocol.FieldRunID && m.Value.Kind == protocol.KindString {
			return protocol.StringValue(m.Value), members
		}
	}
	return nil, members
}
