package pretty

import (
	"unsafe"

	"github.com/zsj-dev/zsj/protocol"
)

// lineReader is what parsing keeps from one line to the next, per
// goroutine. Nearly every event is of a type the protocol names and of
// the run of the event before: it lends the strings of both, as making
// them anew for each event was two of the three allocations of a text
// delta's line. And a delta repeats the shape of the line before but for
// its text: members reads such a line from that text on.
type lineReader struct {
	runID   string
	members protocol.MembersReader
	// deltaLast: the line read in full last is a text or reasoning event
	// of type typ and run runID whose delta is its last member. A line
	// that repeats it but for that last string (as members, which
	// remembers that line when it can, tells) is the next delta.
	deltaLast bool
	typ       string
	// head, when set, says which lines of tool outputs to cut for the
	// timeline (see headLines).
	head headSpec
	// decoded holds the decoded text of escaped deltas (see text) until
	// the lines they are of have been drawn: whoever hands lines to
	// parse empties it once those before are drawn.
	decoded []byte
	// checker, when set, is the one that checked the line being parsed:
	// the members it read spare reading a long line a second time.
	checker *protocol.LineChecker
}

// membersOf appends the members of text, a line found to be an object,
// to dst.
func (r *lineReader) membersOf(text []byte, dst []protocol.Member) []protocol.Member {
	if r.checker != nil {
		if members, ok := r.checker.Members(dst); ok {
			r.members.Parsed(text, members[len(dst):])
			return members
		}
	}
	return r.members.Members(text, dst)
}

// text returns the text of a string value without a copy of its own: the
// line's bytes when it has no escapes, else its decoding appended to
// r.decoded. Both stay as they are until the line has been drawn, and
// drawing keeps nothing of a delta (the text it holds back is copied):
// on a log of small deltas, a copy of each was most of what parsing
// allocated.
func (r *lineReader) text(v protocol.Value) string {
	raw := v.Raw[1 : len(v.Raw)-1]
	if v.Escaped {
		start := len(r.decoded)
		r.decoded = protocol.AppendUnescaped(r.decoded, raw)
		raw = r.decoded[start:]
	}
	return unsafe.String(unsafe.SliceData(raw), len(raw))
}

var eventTypeNames = func() map[string]string {
	m := map[string]string{}
	for _, t := range append(protocol.EventTypes(false), protocol.EventTypes(true)...) {
		m[t] = t
	}
	return m
}()

func (*lineReader) typeOf(b []byte) string {
	if s, ok := eventTypeNames[string(b)]; ok {
		return s
	}
	return string(b)
}

func (r *lineReader) run(b []byte) string {
	if string(b) != r.runID {
		r.runID = string(b)
	}
	return r.runID
}
