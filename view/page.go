package view

import (
	"bytes"

	"github.com/zsj-dev/zsj/pretty"
	"github.com/zsj-dev/zsj/protocol"
	"github.com/zsj-dev/zsj/usage"
)

// pageEvent is one event of a run page: where its line is, and what the
// jumps look for.
type pageEvent struct {
	line    int
	off     int64
	typ     string
	failure bool // an error, a failed tool result, a failed end
	blocked bool // a sandbox block or a denied permission
}

// row is one line of the drawing, and the event that drew it.
type row struct {
	text string
	ev   int
}

// block is the rows of one event, or of a paragraph of text or
// reasoning deltas: what folds as one.
type block struct {
	kind     string
	rows     []row
	foldable bool
	folded   bool
}

// page is a run drawn by pretty's terminal timeline, line by line, so
// that each row of the drawing is known to come from one event.
type page struct {
	entry    *Entry
	printer  *pretty.Printer
	out      bytes.Buffer
	partial  []byte // a row not ended yet
	partOf   int    // the event that began it
	events   []pageEvent
	blockOf  []int // per event, its block
	blocks   []*block
	pos      position
	live     bool // the run is still being written: read on as it grows
	members  []protocol.Member
	readErr  error
	rendered int // events drawn
}

// look is how pages are drawn: their width in columns, colors, ASCII.
type look struct {
	width        int
	color, ascii bool
}

// pageOptions are pretty's options for a page.
func pageOptions(l look) pretty.Options {
	opts := pretty.DefaultOptions()
	opts.Width = l.width
	opts.Color = l.color
	opts.ASCII = l.ascii
	opts.MaxOutputLines = maxOutputLines
	return opts
}

// maxOutputLines is how many lines of a tool output an unfolded result
// shows; the rest is counted, as zsj pretty does.
const maxOutputLines = 500

// openPage reads e's run and draws it.
func openPage(e *Entry, l look) *page {
	p := &page{entry: e, pos: position{off: e.Start, line: e.Line}}
	p.printer = pretty.NewTerminal(&p.out, "", pageOptions(l))
	p.live = e.Run.Status == usage.Unfinished && !e.Compressed
	p.pos, p.readErr = readRun(e, p.pos, false, p.add)
	if !p.live {
		p.printer.End()
		p.take(len(p.events) - 1)
	}
	return p
}

// grow reads what was appended to a live run's input since the last
// read; it reports whether anything was.
func (p *page) grow() bool {
	if !p.live {
		return false
	}
	before := len(p.events)
	pos, err := readRun(p.entry, p.pos, true, p.add)
	p.pos = pos
	if err != nil {
		p.readErr = err
	}
	return len(p.events) > before
}

// add draws one line of the run and files the rows it produced.
func (p *page) add(l runLine) {
	ev := p.classify(l)
	p.events = append(p.events, ev)
	idx := len(p.events) - 1
	b := len(p.blocks) - 1
	merge := (ev.typ == protocol.TypeText || ev.typ == protocol.TypeReasoning) && b >= 0 && p.blocks[b].kind == ev.typ
	if !merge {
		p.blocks = append(p.blocks, &block{kind: ev.typ})
		b++
	}
	p.blockOf = append(p.blockOf, b)
	p.printer.Line(l.num, l.text, l.noEOL)
	p.printer.Pause() // what the line drew reaches p.out now
	p.take(idx)
	if ev.typ == protocol.TypeRunEnd {
		p.live = false
	}
}

// take files the rows written since the last call: a row belongs to the
// event that began it.
func (p *page) take(ev int) {
	data := p.out.Bytes()
	for len(data) > 0 {
		owner := ev
		if len(p.partial) > 0 {
			owner = p.partOf
		}
		i := bytes.IndexByte(data, '\n')
		if i < 0 {
			if len(p.partial) == 0 {
				p.partOf = ev
			}
			p.partial = append(p.partial, data...)
			break
		}
		text := string(append(p.partial, data[:i]...))
		p.partial = p.partial[:0]
		data = data[i+1:]
		if owner < 0 {
			continue
		}
		bl := p.blocks[p.blockOf[owner]]
		bl.rows = append(bl.rows, row{text: text, ev: owner})
		if (bl.kind == protocol.TypeToolResult || bl.kind == protocol.TypeReasoning) && nonBlank(bl.rows) > 1 && !bl.foldable {
			bl.foldable, bl.folded = true, true
		}
	}
	p.out.Reset()
}

// nonBlank counts the rows with something on them.
func nonBlank(rows []row) int {
	n := 0
	for _, r := range rows {
		if r.text != "" {
			n++
		}
	}
	return n
}

// classify reads what the jumps need from an event's line.
func (p *page) classify(l runLine) pageEvent {
	ev := pageEvent{line: l.num, off: l.off}
	members, err := protocol.ParseObject(l.text, p.members[:0])
	p.members = members
	if err != nil {
		ev.failure = true // drawn as an invalid line
		return ev
	}
	var status string
	var granted, hasGranted, hasBlock bool
	for i := range members {
		m := &members[i]
		switch string(m.KeyText()) {
		case protocol.FieldType:
			ev.typ = string(protocol.StringValue(m.Value))
		case protocol.FieldStatus:
			status = string(protocol.StringValue(m.Value))
		case protocol.FieldPermissionGranted:
			hasGranted, granted = true, m.Value.Kind == protocol.KindTrue
		case protocol.FieldBlock, protocol.FieldViolation:
			hasBlock = m.Value.Kind == protocol.KindObject
		}
	}
	switch ev.typ {
	case protocol.TypeError:
		ev.failure = true
	case protocol.TypeToolResult, protocol.TypeRunEnd:
		ev.failure = status == "error"
		ev.blocked = hasBlock
	case protocol.TypePermissionRequest:
		ev.blocked = hasBlock
	case protocol.TypePermissionDecision:
		ev.blocked = hasGranted && !granted
	}
	return ev
}
