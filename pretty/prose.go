package pretty

import (
	"cmp"
	"maps"
	"slices"
)

// Interleaved runs can alternate delta by delta, even inside a word. Drawn
// as they come, two paragraphs would be chopped into fragments. Instead,
// one run at a time "holds" the open paragraph and its deltas are drawn
// as they arrive; the text of other runs waits, per run, until that run
// draws something else, until the holder lets go, or until the input
// pauses. Only text waits, and only up to maxHeldText per run.

// maxHeldText bounds the text a run keeps waiting; past it, the run's
// text is drawn (cutting the other run's paragraph) rather than grow.
const maxHeldText = 64 << 10 // bytes

// heldText is a run's text and reasoning not drawn yet, in order.
type heldText struct {
	segs []textSeg
	size int
}

type textSeg struct {
	kind string // "text" or "reasoning"
	text []byte
}

func (h *heldText) add(kind, s string) {
	if n := len(h.segs); n > 0 && h.segs[n-1].kind == kind {
		h.segs[n-1].text = append(h.segs[n-1].text, s...)
	} else {
		h.segs = append(h.segs, textSeg{kind, []byte(s)})
	}
	h.size += len(s)
}

// delta routes a text or reasoning delta of run.
func (p *Printer) delta(run *runState, kind, text string) {
	if p.holder != nil && p.holder != run {
		h := p.held[run]
		if h == nil {
			h = &heldText{}
			p.held[run] = h
		}
		h.add(kind, text)
		if h.size <= maxHeldText {
			return
		}
	}
	p.release(run)
	p.sink.prose(run, kind, text, p.multi())
	p.holder = run
}

// release draws the waiting text of run, if any; run then holds the open
// paragraph.
func (p *Printer) release(run *runState) {
	h := p.held[run]
	if h == nil {
		return
	}
	delete(p.held, run)
	for _, s := range h.segs {
		p.sink.prose(run, s.kind, string(s.text), p.multi())
	}
	p.holder = run
}

// releaseAll draws the waiting text of every run, in order of appearance.
// The runs are sorted once: picking the first of the map each time took
// minutes for 100,000 open runs.
func (p *Printer) releaseAll() {
	for len(p.held) > 0 {
		runs := slices.SortedFunc(maps.Keys(p.held), func(a, b *runState) int { return cmp.Compare(a.index, b.index) })
		for _, r := range runs {
			p.release(r)
		}
	}
}

// multi reports whether more than one run is open.
func (p *Printer) multi() bool { return p.runs.open > 1 }
