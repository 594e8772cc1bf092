package filters

import (
	"errors"
	"sync/atomic"

	"github.com/itchyny/gojq"

	"github.com/zsj-dev/zsj/protocol"
)

// worker evaluates events and collects what they write: one per goroutine,
// with its own decoder, key order, encoder and compiled code.
type worker struct {
	f     *Filter
	code  *gojq.Code // nil without an expression
	order keyOrder
	dec   *decoder
	enc   *encoder
	small *encoder // compact and colorless: debug and stderr messages
	sel   *lineSelector
	up    protocol.Upgrader
	upBuf []byte
	// ownLines: an upgraded line gets a buffer of its own, because the
	// events read from it outlive the next line (sequential runs).
	ownLines bool

	out   []byte // results not yet written
	notes []note // messages for stderr, each at its place in out
	counts

	// Where the worker is, for messages and input_filename.
	name     string
	line     int
	relative bool // line counts from the start of the chunk (parallel runs)

	halted   bool
	haltCode int

	// flush hands out the results gathered so far, when they grow large
	// or before waiting for input; nil keeps them until the caller takes
	// them.
	flush func()
	// stopped reports that results can no longer be written (a closed
	// pipe) or are no longer wanted (an earlier event halted): evaluation
	// ends, even of an expression that would never end by itself.
	stopped func() bool
	src     *lineSource // sequential runs: where input and inputs read

	// retry is set by badLine instead of reporting a problem that the
	// reader of the line can get past (see canRetry).
	retry     problemKind
	repairing bool // the line is being read again with U+FFFD
	streamOK  bool // a line that is part of a JSON text may be handed over
	// streamedSource says which source the sink of a parallel run reads
	// as a stream, if any (see sinkStream.streamed).
	streamedSource *atomic.Int64

	crlf    bool  // -R: the line ended with CR LF
	pending []any // --stream: the events of the value being read

	resetPerInput bool // -n: each input is a document of its own
	slurped       []any
	haveSlurped   bool
}

// counts are the tallies that decide the exit status.
type counts struct {
	outputs       int
	lastFalsy     bool
	runtimeErrors int
	badLines      int
}

// note is a message for stderr, to be written after out[:at].
type note struct {
	at       int
	name     string
	line     int
	relative bool
	msg      string // an error, written as "zsj: error: NAME:LINE: msg"
	warning  bool   // msg is a warning: "zsj: warning: NAME:LINE: msg"
	input    bool   // msg is about the input, not JSON: counted per input
	raw      []byte // or text written as it is (debug, stderr, halt_error)
}

// flushSize is how much output a worker gathers before handing it on, so
// that a result stream of any length needs bounded memory.
const flushSize = 256 << 10 // bytes

func newWorker(f *Filter, ownLines bool) *worker {
	w := &worker{f: f, ownLines: ownLines, up: protocol.Upgrader{To: 2}}
	w.dec = newDecoder(&w.order)
	w.enc = newEncoder(f.opts.Output.Layout, &w.order)
	w.small = newEncoder(Layout{}, &w.order)
	if f.opts.Select.Active() {
		w.sel = newLineSelector(f.opts.Select)
	}
	return w
}

// selected reports whether the shortcut flags take the line; a line that
// is not one object is reported and not taken.
func (w *worker) selected(text []byte) bool {
	ok, err := w.sel.selects(text)
	if err != nil {
		w.badLine(err)
	}
	return ok
}

// handleLine evaluates one line of input. Invalid UTF-8 is read again as
// U+FFFD; a line that is only part of the JSON text is left in w.retry
// as partialText, for the caller to read on as a stream.
func (w *worker) handleLine(text []byte) {
	w.retry = notJSON
	w.evalLine(text)
	if w.retry == badUTF8 {
		w.retry = notJSON
		w.warnUTF8()
		w.repairing = true
		w.evalLine(toValidUTF8(text))
		w.repairing = false
	}
}

func (w *worker) evalLine(text []byte) {
	if w.f.opts.RawInput {
		w.rawLine(text)
		return
	}
	if len(text) > 0 && text[0] == recordSeparator { // as jq, with or without --seq
		text = trimRS(text)
	}
	if protocol.IsBlank(text) {
		return
	}
	w.order.reset()
	text = w.upgrade(text)
	if w.sel != nil {
		if !w.selected(text) {
			return
		}
		if w.f.query == nil && !w.f.opts.Stream {
			w.emitLine(text)
			return
		}
	}
	if w.f.opts.Stream {
		w.streamLine(text)
		return
	}
	if p := &w.f.plan; p.path != nil && w.lookup(text, p.path) {
		return
	}
	if p := &w.f.plan; p.identity || p.gate != nil {
		// Check the line without building it; an object whose type the
		// gate rejects is done with, and one that comes out unchanged is
		// written from its bytes.
		kind, typ, err := topType(text)
		if err != nil {
			w.badLine(err)
			return
		}
		if kind == '{' {
			switch {
			case p.identity:
				w.emitLine(text)
				return
			case !containsText(p.gate, typ):
				return
			case p.selectOnly:
				w.emitLine(text)
				return
			}
		}
	}
	v, err := w.dec.decode(text)
	if err != nil {
		w.badLine(err)
		return
	}
	w.run(v)
}

// lookup evaluates a plain path (.a.b) on the bytes of a line: the line is
// checked but not decoded, and only the result is. It reports false when
// gojq must evaluate the line after all: to fail on a value that is not
// an object, with gojq's message.
func (w *worker) lookup(text []byte, path []string) bool {
	kind, val, err := topMember(text, path[0])
	if err != nil {
		w.badLine(err)
		return true
	}
	if kind != '{' {
		return false
	}
	for _, key := range path[1:] {
		if val == nil || string(val) == "null" {
			break // null has every key, all null
		}
		if val[0] != '{' {
			return false
		}
		// Already checked as part of the line.
		val, _, _ = findMember(val, 0, key, 0)
	}
	switch {
	case val == nil:
		w.emit(nil)
	case val[0] == '{':
		// An object comes out unchanged: its own bytes, as when gojq
		// hands back a map of the event.
		w.emitLine(val)
	default:
		// Decoded, so scalars print as they would from gojq (1.0 as 1).
		v, _ := w.dec.decode(val)
		w.emit(v)
	}
	return true
}

// upgrade shows a version 1 event as version 2 (--upgrade). Lines that
// are already version 2, or not events, stay as they are.
func (w *worker) upgrade(text []byte) []byte {
	if !w.f.opts.Upgrade {
		return text
	}
	dst := w.upBuf[:0]
	if w.ownLines {
		dst = nil
	}
	out, res := w.up.Line(text, dst)
	if res.Status != protocol.Changed {
		return text
	}
	if !w.ownLines {
		w.upBuf = out
	}
	return out
}

// run evaluates the expression on one value and writes its results. Like
// jq, it stops at the first error and goes on with the next event.
func (w *worker) run(v any) {
	if w.code == nil {
		w.emit(v)
		return
	}
	iter := w.code.Run(v, w.f.values...)
	for {
		x, ok := iter.Next()
		if !ok {
			return
		}
		if err, ok := x.(error); ok {
			var halt *gojq.HaltError
			if errors.As(err, &halt) {
				w.halt(halt)
				return
			}
			w.runtimeErrors++
			w.error(runtimeMessage(err, &w.order))
			return
		}
		w.emit(x)
		if w.stopped != nil && w.stopped() {
			return
		}
	}
}

// trimRS drops the record separators (0x1e) that start the JSON texts of
// a sequence (--seq, RFC 7464).
func trimRS(text []byte) []byte {
	for len(text) > 0 && text[0] == recordSeparator {
		text = text[1:]
	}
	return text
}
