package filters

import "github.com/zsj-dev/zsj/protocol"

// streamEvents appends the events of jq's --stream form of the JSON value
// text, which must be valid: [path, leaf] for each scalar and empty array
// or object, and [path] when an array or object ends, path being that of
// its last member. Objects go in their input order, as jq reads them.
func (w *worker) streamEvents(events []any, text []byte) []any {
	events, _ = w.streamValue(events, text, protocol.SkipSpace(text, 0), nil)
	return events
}

func (w *worker) streamValue(events []any, d []byte, i int, path []any) ([]any, int) {
	switch d[i] {
	case '{':
		i, closed := protocol.Open(d, i)
		if closed {
			return append(events, []any{copyPath(path), map[string]any{}}), i
		}
		var last any
		for !closed {
			end, escaped, _ := protocol.ScanKey(d, i)
			last = string(stringText(d[i:end], escaped, nil))
			events, i = w.streamValue(events, d, protocol.AfterKey(d, end), append(path, last))
			i, closed = protocol.AfterValue(d, i, '}')
		}
		return append(events, []any{copyPath(append(path, last))}), i
	case '[':
		i, closed := protocol.Open(d, i)
		if closed {
			return append(events, []any{copyPath(path), []any{}}), i
		}
		n := 0
		for ; !closed; n++ {
			var end int
			events, end = w.streamValue(events, d, i, append(path, n))
			i, closed = protocol.AfterValue(d, end, ']')
		}
		return append(events, []any{copyPath(append(path, n-1))}), i
	}
	end, _ := protocol.SkipValue(d, i, 0)
	v, _ := w.dec.decode(d[i:end])
	return append(events, []any{copyPath(path), v}), end
}

// copyPath copies a path for an event: the walk reuses its own.
func copyPath(path []any) []any {
	return append(make([]any, 0, len(path)), path...)
}

// streamLine evaluates the --stream events of a line.
func (w *worker) streamLine(text []byte) {
	if _, err := w.dec.decode(text); err != nil {
		w.badLine(err)
		return
	}
	w.pending = w.streamEvents(w.pending[:0], text)
	for _, e := range w.pending {
		if w.halted {
			break
		}
		w.run(e)
	}
	clear(w.pending)
	w.pending = w.pending[:0]
}
