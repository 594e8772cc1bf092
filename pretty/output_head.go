package pretty

import "github.com/zsj-dev/zsj/protocol"

// The timeline shows the first lines of each tool output, each cut to the
// width. Which lines those are depends on the output and the room alone,
// so parse cuts them on all cores (for the room with no gutter, which is
// what the timeline has but where runs interleave): on logs of many tool
// results, cutting them on the one core that draws was a quarter of its
// work.

// headSpec says which lines of a tool output the timeline shows: the
// first lines (at most lines), each cut to room columns, ending in more
// where cut.
type headSpec struct {
	lines, room int
	more        string
}

// outputHead is the lines a tool output shows, made for spec.
type outputHead struct {
	spec  headSpec
	lines []string
}

// headLines returns the lines of v that spec shows, reusing dst's room.
func headLines(v protocol.Value, spec headSpec, dst outputHead) outputHead {
	head := outputHead{spec: spec, lines: dst.lines[:0]}
	byteLimit := 4*spec.room + 4 // enough for the columns shown, whatever the script
	c := newStrCursor(v)
	var raw, clean []byte
	for !c.done() && len(head.lines) < spec.lines {
		var cut bool
		raw, cut = c.line(raw[:0], byteLimit)
		clean, _ = appendSafe(clean[:0], string(raw), 0)
		s := string(clean)
		if cut && textWidth(s) <= spec.room-textWidth(spec.more) {
			s += spec.more
		}
		head.lines = append(head.lines, truncate(s, spec.room, spec.more))
	}
	return head
}
