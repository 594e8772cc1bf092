package filters

import (
	"errors"
	"fmt"

	"github.com/itchyny/gojq"

	"github.com/zsj-dev/zsj/internal/input"
	"github.com/zsj-dev/zsj/protocol"
)

// worker evaluates events and collects what they write: one per goroutine,
// with its own decoder, key order, encoder and compiled code.
type worker struct {
	f      *Filter
	code   *gojq.Code // nil without an expression
	order  keyOrder
	dec    *decoder
	enc    *encoder
	small  *encoder // compact and colorless: debug and stderr messages
	sel    *selector
	fields []field
	up     protocol.Upgrader
	upBuf  []byte
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
		w.sel = newSelector(f.opts.Select)
	}
	return w
}

// line evaluates one line of input.
func (w *worker) handleLine(text []byte) {
	if blank(text) {
		return
	}
	w.order.reset()
	text = w.upgrade(text)
	if w.sel != nil {
		fs, err := scanFields(text, w.fields[:0])
		w.fields = fs
		if err != nil {
			w.badLine(err)
			return
		}
		if !w.sel.match(fs) {
			return
		}
		if w.f.query == nil {
			w.emitLine(text)
			return
		}
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

func blank(text []byte) bool {
	for _, c := range text {
		if c != ' ' && c != '\t' {
			return false
		}
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
			w.error(runtimeMessage(err))
			return
		}
		w.emit(x)
		if w.stopped != nil && w.stopped() {
			return
		}
	}
}

// emit writes one result.
func (w *worker) emit(v any) {
	o := &w.f.opts.Output
	if s, ok := v.(string); ok && o.rawStrings() {
		if o.NUL && containsNUL(s) {
			w.runtimeErrors++
			w.error("cannot write a string that holds a NUL character with --raw-output0")
			return
		}
		if o.ASCII {
			w.out = appendRawASCII(w.out, s)
		} else {
			w.out = append(w.out, s...)
		}
	} else {
		w.out = w.enc.encode(w.out, v)
	}
	w.out = o.terminate(w.out)
	w.outputs++
	w.lastFalsy = v == nil || v == false
	w.maybeFlush()
}

// emitLine writes an event that comes out unchanged from its own bytes
// (with -S, from its decoded value: keys must be sorted).
func (w *worker) emitLine(text []byte) {
	if w.f.opts.Output.SortKeys {
		v, err := w.dec.decode(text)
		if err != nil {
			w.badLine(err)
			return
		}
		w.emit(v)
		return
	}
	w.out = w.enc.reuse(w.out, trimSpace(text), 0)
	w.out = w.f.opts.Output.terminate(w.out)
	w.outputs++
	w.lastFalsy = false
	w.maybeFlush()
}

func (w *worker) maybeFlush() {
	if w.flush != nil && len(w.out) >= flushSize {
		w.flush()
	}
}

func trimSpace(b []byte) []byte {
	i, j := 0, len(b)
	for i < j && (b[i] == ' ' || b[i] == '\t') {
		i++
	}
	for j > i && (b[j-1] == ' ' || b[j-1] == '\t') {
		j--
	}
	return b[i:j]
}

func containsNUL(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] == 0 {
			return true
		}
	}
	return false
}

// appendRawASCII writes a raw string (-r with -a) with its non-ASCII
// characters escaped, as jq 1.7 does.
func appendRawASCII(b []byte, s string) []byte {
	for _, r := range s {
		if r < 0x80 {
			b = append(b, byte(r))
		} else {
			b = appendUnicodeEscape(b, r)
		}
	}
	return b
}

func (w *worker) badLine(err *SyntaxError) {
	w.badLines++
	w.error(err.Error())
}

func (w *worker) error(msg string) {
	w.notes = append(w.notes, note{at: len(w.out), name: w.name, line: w.line, relative: w.relative, msg: msg})
}

func (w *worker) rawNote(text []byte) {
	w.notes = append(w.notes, note{at: len(w.out), raw: text})
}

// halt ends the run (halt, halt_error): halt_error's value goes to stderr,
// a string as it is, anything else as JSON on a line.
func (w *worker) halt(err *gojq.HaltError) {
	w.halted, w.haltCode = true, err.ExitCode()
	switch v := err.Value().(type) {
	case nil:
	case string:
		w.rawNote([]byte(v))
	default:
		w.rawNote(append(w.small.encode(nil, v), '\n'))
	}
}

// runtimeMessage words an error raised while evaluating: error("text")
// shows the text, error(value) the value as JSON.
func runtimeMessage(err error) string {
	if err.Error() == "break" { // how gojq's input says the events ran out
		return "no more inputs"
	}
	var ve gojq.ValueError
	if errors.As(err, &ve) {
		switch v := ve.Value().(type) {
		case string:
			return v
		case nil:
			return "null (null)"
		default:
			enc := newEncoder(Layout{}, nil)
			return string(enc.encode(nil, v)) + " (not a string)"
		}
	}
	return err.Error()
}

// functions are the jq builtins that gojq leaves to its caller, bound to
// this worker.
func (w *worker) functions() []gojq.CompilerOption {
	return []gojq.CompilerOption{
		gojq.WithFunction("input_filename", 0, 0, func(any, []any) any {
			if w.name == input.StdinName || w.name == "" {
				return nil
			}
			return w.name
		}),
		gojq.WithFunction("input_line_number", 0, 0, func(any, []any) any { return w.line }),
		gojq.WithFunction("keys_unsorted", 0, 0, w.keysUnsorted),
		gojq.WithFunction("debug", 0, 0, func(v any, _ []any) any {
			msg := append([]byte(`["DEBUG:",`), w.small.encode(nil, v)...)
			w.rawNote(append(msg, "]\n"...))
			return v
		}),
		gojq.WithFunction("stderr", 0, 0, func(v any, _ []any) any {
			w.rawNote(w.small.encode(nil, v)) // jq 1.6: compact JSON, no newline
			return v
		}),
	}
}

// keysUnsorted is jq's keys_unsorted, which gojq lacks: keys in the order
// the encoder writes them.
func (w *worker) keysUnsorted(v any, _ []any) any {
	switch v := v.(type) {
	case map[string]any:
		var keys []string
		if info, ok := w.order.find(v); ok {
			keys = w.order.keysOf(info)
		}
		if keys == nil {
			for k := range v {
				keys = append(keys, k)
			}
			w.order.sortKeys(keys)
		}
		out := make([]any, len(keys))
		for i, k := range keys {
			out[i] = k
		}
		return out
	case []any:
		out := make([]any, len(v))
		for i := range v {
			out[i] = i
		}
		return out
	}
	return fmt.Errorf("%s (%s) has no keys", gojq.TypeOf(v), gojq.Preview(v))
}

// nextEvent reads the next selected event for input and inputs (and for
// the main loop of sequential runs); bad lines are reported and skipped.
func (w *worker) nextEvent() (any, bool) {
	if w.haveSlurped { // -n -s: input returns the slurped array, once
		v := w.slurped
		w.slurped, w.haveSlurped = nil, false
		return v, true
	}
	for {
		text, ok := w.src.next()
		if !ok {
			return nil, false
		}
		if blank(text) {
			continue
		}
		if w.resetPerInput {
			w.order.reset()
		}
		text = w.upgrade(text)
		if w.sel != nil {
			fs, err := scanFields(text, w.fields[:0])
			w.fields = fs
			if err != nil {
				w.badLine(err)
				continue
			}
			if !w.sel.match(fs) {
				continue
			}
		}
		v, err := w.dec.decode(text)
		if err != nil {
			w.badLine(err)
			continue
		}
		return v, true
	}
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
