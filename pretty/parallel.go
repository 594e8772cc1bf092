package pretty

import (
	"slices"

	"github.com/zsj-dev/zsj/internal/input"
	"github.com/zsj-dev/zsj/protocol"
)

// Drawing is in input order and keeps state from one event to the next
// (open paragraphs, runs, tool calls), but checking and parsing a line
// need nothing but the line: ReadAll does those on all cores and draws
// on one. On logs of small events they were half the time.

// parsedLines is what the workers made of one batch of lines.
type parsedLines struct {
	checked []protocol.Checked
	events  []event
	parsed  []bool
	decoded []byte // the decoded deltas of events (see lineReader.text)
}

// parseBatch checks and parses the lines of b with one worker's reader
// and its checker.
func parseBatch(reader *lineReader, b *input.Batch) {
	res, _ := b.Out.(*parsedLines)
	if res == nil {
		res = &parsedLines{}
		b.Out = res
	}
	n := len(b.Lines)
	res.checked = slices.Grow(res.checked[:0], n)[:n]
	res.events = slices.Grow(res.events[:0], n)[:n]
	res.parsed = slices.Grow(res.parsed[:0], n)[:n]
	// The batch's deltas are decoded into its own buffer, which the
	// events of its last use no longer need: they have been drawn.
	reader.decoded = res.decoded[:0]
	for i, l := range b.Lines {
		reader.checker.Check(l.Text, len(l.EOL) == 0, &res.checked[i])
		res.parsed[i] = res.events[i].parse(0, l.Text, &res.checked[i], reader)
	}
	res.decoded, reader.decoded = reader.decoded, nil
}

// drawBatch draws the lines of b, parsed, in order.
func (p *Printer) drawBatch(b *input.Batch) error {
	res := b.Out.(*parsedLines)
	for i, l := range b.Lines {
		ev := &res.events[i]
		ev.line = l.Num
		if err := p.drawChecked(l.Num, l.Text, &res.checked[i], ev, res.parsed[i]); err != nil {
			return err
		}
	}
	return nil
}
