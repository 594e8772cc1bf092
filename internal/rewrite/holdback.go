package rewrite

import (
	"github.com/zsj-dev/zsj/protocol"
	"github.com/zsj-dev/zsj/redact"
)

// Bounds of what is held back: past them, the oldest delta held goes out
// unjoined. Deltas of a run come close together; another run's deltas in
// between are few.
const (
	maxHeldLines = 256
	maxHeldBytes = 1 << 20
)

// heldLine is a line held back, in memory of its own.
type heldLine struct {
	line     outLine
	problems []protocol.Problem
	open     bool // a delta whose join with the next one is not made yet
}

// holdback hands on the lines of a feed in order, holding back a delta
// that ends a batch, and the lines after it, until the join with the next
// delta of its run is made (see deltaJoiner).
type holdback struct {
	src     feed
	j       *deltaJoiner
	queue   []*heldLine
	pending map[string]*heldLine // run -> its open delta
	bytes   int                  // held in queue
	end     error                // the feed's end, once met
}

func newHoldback(src feed, j *deltaJoiner) *holdback {
	return &holdback{src: src, j: j, pending: map[string]*heldLine{}}
}

func (h *holdback) close() { h.src.close() }

func (h *holdback) next(l *outLine) ([]protocol.Problem, error) {
	for {
		if len(h.queue) > 0 && (!h.queue[0].open || h.end != nil) {
			held := h.queue[0]
			h.queue[0] = nil
			h.queue = h.queue[1:]
			h.bytes -= int(held.line.size()) + len(held.line.out)
			*l = held.line
			return held.problems, nil
		}
		if h.end != nil {
			return nil, h.end
		}
		problems, err := h.src.next(l)
		if err != nil {
			h.end = err
			clear(h.pending)
			continue
		}
		switch l.note.kind {
		case otherLine:
			h.settleAll()
		case deltaLine:
			// Only the first delta of its run in a batch joins one held
			// back; the workers joined the others. Asked first, that
			// spares a map lookup at every other delta.
			if !l.note.needsPrev {
				break
			}
			if prev := h.pending[string(l.note.run)]; prev != nil {
				problems = h.join(prev, l, problems)
			}
		}
		if l.note.kind == deltaLine && l.note.openEnd {
			held := h.hold(l, problems)
			held.open = true
			h.pending[string(held.line.note.run)] = held
		} else if len(h.queue) > 0 {
			h.hold(l, problems)
		} else {
			return problems, nil
		}
		for len(h.queue) > maxHeldLines || h.bytes > maxHeldBytes {
			if !h.settleFirst() {
				break
			}
		}
	}
}

// join joins the held delta prev with the delta l that follows it in its
// run, adding the problems of l's to problems.
func (h *holdback) join(prev *heldLine, l *outLine, problems []protocol.Problem) []protocol.Problem {
	prev.open = false
	delete(h.pending, string(l.note.run))
	ps := deltaSide{orig: prev.line.Text, now: prev.line.text(), num: prev.line.Num}
	cs := deltaSide{orig: l.Text, now: l.text(), num: l.Num}
	var ok1, ok2 bool
	ps.d, ok1 = redact.DeltaOf(ps.now)
	cs.d, ok2 = redact.DeltaOf(cs.now)
	if !ok1 || !ok2 {
		return problems
	}
	newPrev, newCur, found, onPrev := h.j.join(&ps, &cs, prev.line.changed, l.changed)
	if onPrev {
		prev.problems = append(prev.problems, found...)
	} else {
		problems = append(problems, found...)
	}
	if newPrev != nil {
		if !prev.line.changed {
			h.j.tally.events++
		}
		h.bytes += len(newPrev) - len(prev.line.out)
		prev.line.out, prev.line.changed = newPrev, true
	}
	if newCur != nil {
		if !l.changed {
			h.j.tally.events++
		}
		l.out, l.changed = newCur, true
	}
	return problems
}

// hold copies l to the end of the queue.
func (h *holdback) hold(from *outLine, problems []protocol.Problem) *heldLine {
	l := *from
	l.Text = append([]byte(nil), l.Text...)
	l.EOL = append([]byte(nil), l.EOL...)
	l.note.run = append([]byte(nil), l.note.run...)
	if l.out != nil {
		l.out = append([]byte(nil), l.out...)
	}
	held := &heldLine{line: l, problems: problems}
	h.queue = append(h.queue, held)
	h.bytes += int(l.size()) + len(l.out)
	return held
}

// settleAll gives up every join still to make.
func (h *holdback) settleAll() {
	for run, held := range h.pending {
		held.open = false
		delete(h.pending, run)
	}
}

// settleFirst gives up the join of the first open delta held, and reports
// whether there was one.
func (h *holdback) settleFirst() bool {
	for _, held := range h.queue {
		if held.open {
			held.open = false
			delete(h.pending, string(held.line.note.run))
			return true
		}
	}
	return false
}
