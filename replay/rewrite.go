package replay

import (
	"bytes"
	"encoding/json"
	"slices"
	"strconv"

	"github.com/zsj-dev/zsj/protocol"
)

// rewriter applies --fresh-ids, --cwd and --as-version to a line. Like zsj
// upgrade it touches only the bytes of the values it changes: key order,
// spacing and escapes elsewhere stay as the fixture has them, so a replay
// differs from its fixture exactly where it was asked to.
type rewriter struct {
	ids      *idRenamer         // nil: ids are kept
	quoted   map[string][]byte  // an id value as it stands in the fixture -> its new value, quoted
	cwd      []byte             // the new run_start.cwd as a JSON string; nil: kept
	upgrader *protocol.Upgrader // nil: the version is kept
	parser   protocol.Parser    // keeps its scratch space from line to line
	members  []protocol.Member
	edits    []edit
	buf      []byte // the line after id and cwd edits
	out      []byte // the line after the version change
}

// edit replaces text[start:end] with with.
type edit struct {
	start, end int
	with       []byte
}

func newRewriter(ids *idRenamer, cwd string, asVersion int) *rewriter {
	r := &rewriter{ids: ids, quoted: map[string][]byte{}}
	if cwd != "" {
		r.cwd = jsonString(cwd)
	}
	if asVersion != 0 {
		r.upgrader = &protocol.Upgrader{To: asVersion}
	}
	return r
}

// active reports whether lines change at all; when not, replay copies
// them without parsing, at the speed of the disk.
func (r *rewriter) active() bool { return r.ids != nil || r.cwd != nil || r.upgrader != nil }

// line returns text rewritten. The result is valid until the next call. A
// line that is not a JSON object is returned as it is: a fixture may hold
// broken lines on purpose.
func (r *rewriter) line(text []byte) []byte {
	if r.ids != nil || r.cwd != nil {
		text = r.editFields(text)
	}
	if r.upgrader != nil {
		out, res := r.upgrader.Line(text, r.out[:0])
		if res.Status == protocol.Changed {
			r.out = out
			text = out
		}
	}
	return text
}

func (r *rewriter) editFields(text []byte) []byte {
	members, serr := r.parser.Parse(text, r.members[:0])
	r.members = members
	if serr != nil {
		return text
	}
	r.edits = r.edits[:0]
	isRunStart := false
	for i := range members {
		m := &members[i]
		switch string(m.KeyText()) {
		case protocol.FieldType:
			isRunStart = m.Value.Kind == protocol.KindString && string(protocol.StringValue(m.Value)) == protocol.TypeRunStart
		case protocol.FieldRunID, protocol.FieldSessionID:
			if r.ids != nil && m.Value.Kind == protocol.KindString {
				r.edits = append(r.edits, valueEdit(m, r.newID(m.Value)))
			}
		}
	}
	if isRunStart && r.cwd != nil {
		for i := range members {
			if string(members[i].KeyText()) == protocol.FieldCwd {
				r.edits = append(r.edits, valueEdit(&members[i], r.cwd))
			}
		}
	}
	if len(r.edits) == 0 {
		return text
	}
	r.buf = splice(r.buf[:0], text, r.edits)
	return r.buf
}

// newID is the new value of an id, quoted. Every event carries its run's
// id, so the answer is kept by the id's raw bytes: a map lookup, without
// decoding or quoting again.
func (r *rewriter) newID(v protocol.Value) []byte {
	if q, ok := r.quoted[string(v.Raw)]; ok {
		return q
	}
	q := jsonString(r.ids.rename(string(protocol.StringValue(v))))
	r.quoted[string(v.Raw)] = q
	return q
}

func valueEdit(m *protocol.Member, with []byte) edit {
	return edit{start: m.ValueStart, end: m.ValueStart + len(m.Value.Raw), with: with}
}

// splice appends text to dst with the edits (which do not overlap) made.
func splice(dst, text []byte, edits []edit) []byte {
	slices.SortFunc(edits, func(a, b edit) int { return a.start - b.start })
	pos := 0
	for _, e := range edits {
		dst = append(dst, text[pos:e.start]...)
		dst = append(dst, e.with...)
		pos = e.end
	}
	return append(dst, text[pos:]...)
}

// jsonString quotes s as a JSON string, leaving <, > and & as they are.
func jsonString(s string) []byte {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(s) // a string always encodes
	return bytes.TrimSuffix(b.Bytes(), []byte("\n"))
}

var runEndWord = []byte(`"run_end"`)

// runEndExit returns the exitCode of a run_end event; ok is false for any
// other line. Lines that cannot be a run_end are turned away by a byte
// search, so tool outputs of many MB cost no parsing.
func runEndExit(parser *protocol.Parser, text []byte, scratch []protocol.Member) (code int, ok bool, members []protocol.Member) {
	if !bytes.Contains(text, runEndWord) {
		return 0, false, scratch
	}
	members, serr := parser.Parse(text, scratch[:0])
	if serr != nil {
		return 0, false, members
	}
	isEnd, code, hasCode := false, 0, false
	for i := range members {
		m := &members[i]
		switch string(m.KeyText()) {
		case protocol.FieldType:
			isEnd = m.Value.Kind == protocol.KindString && string(protocol.StringValue(m.Value)) == protocol.TypeRunEnd
		case protocol.FieldExitCode:
			n, err := strconv.Atoi(string(m.Value.Raw))
			hasCode = err == nil && m.Value.Kind == protocol.KindNumber && n >= 0 && n <= 255
			code = n
		}
	}
	return code, isEnd && hasCode, members
}
