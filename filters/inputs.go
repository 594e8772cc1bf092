package filters

import (
	"github.com/itchyny/gojq"

	"github.com/zsj-dev/zsj/protocol"
)

// nextEvent reads the next selected event for input and inputs (and for
// the main loop of sequential runs); bad lines are reported and skipped.
func (w *worker) nextEvent() (any, bool) {
	if w.haveSlurped { // -n -s: input returns the slurped array, once
		v := w.slurped
		w.slurped, w.haveSlurped = nil, false
		return v, true
	}
	if len(w.pending) > 0 { // --stream: the events of the last value
		v := w.pending[0]
		w.pending[0] = nil
		w.pending = w.pending[1:]
		return v, true
	}
	for {
		text, ok := w.src.next()
		if !ok {
			return nil, false
		}
		if w.f.opts.RawInput {
			if s, ok := w.rawString(text); ok {
				return s, true
			}
			continue
		}
		if len(text) > 0 && text[0] == recordSeparator { // as jq, with or without --seq
			text = trimRS(text)
		}
		if protocol.IsBlank(text) {
			continue
		}
		if w.resetPerInput {
			w.order.reset()
		}
		w.retry = notJSON
		v, ok := w.eventOf(text)
		if w.retry == badUTF8 {
			w.retry = notJSON
			w.warnUTF8()
			w.repairing = true
			v, ok = w.eventOf(toValidUTF8(text))
			w.repairing = false
		}
		if ok {
			return v, true
		}
	}
}

// eventOf decodes a line for input and inputs: false for a line the
// shortcuts do not select, or that is not JSON (reported, or left in
// w.retry).
func (w *worker) eventOf(text []byte) (any, bool) {
	text = w.upgrade(text)
	if w.sel != nil && !w.selected(text) {
		return nil, false
	}
	v, err := w.dec.decode(text)
	if err != nil {
		w.badLine(err)
		return nil, false
	}
	if w.f.opts.Stream {
		w.pending = w.streamEvents(w.pending[:0], text)
		v, w.pending = w.pending[0], w.pending[1:]
	}
	return v, true
}

// inputs is the iterator behind input and inputs.
func (w *worker) inputs() gojq.Iter { return inputIter{w} }

type inputIter struct{ w *worker }

func (it inputIter) Next() (any, bool) {
	if it.w.src == nil { // compiling to check the expression
		return nil, false
	}
	return it.w.nextEvent()
}
