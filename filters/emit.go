package filters

import "github.com/itchyny/gojq"

// emit writes one result.
func (w *worker) emit(v any) {
	o := &w.f.opts.Output
	if s, ok := v.(string); ok && o.rawStrings() { // no RS with --seq, as in jq
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
		w.out = o.begin(w.out)
		w.out = w.enc.encode(w.out, v)
	}
	w.out = o.terminate(w.out)
	w.outputs++
	w.lastFalsy = v == nil || v == false
	w.maybeFlush()
}

// emitLine writes an event that comes out unchanged from its own bytes
// (with -S, with its keys sorted, and numbers still as written).
func (w *worker) emitLine(text []byte) {
	o := &w.f.opts.Output
	w.out = o.begin(w.out)
	if o.SortKeys {
		var ok bool
		if w.out, ok = w.enc.sortedRelayout(w.out, text, 0); !ok {
			w.out = o.unbegin(w.out)
			_, err := w.dec.decode(text) // shortcuts check less than this
			w.badLine(err)
			return
		}
	} else {
		w.out = w.enc.reuse(w.out, trimSpace(text), 0)
	}
	w.out = o.terminate(w.out)
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

// badLine reports a line that is not JSON, or leaves it to the reader of
// lines to do better (see lineProblem).
func (w *worker) badLine(err *SyntaxError) {
	if w.retry == notJSON && w.canRetry(err.kind) {
		w.retry = err.kind
		return
	}
	w.reportBadLine(err)
}

// reportBadLine reports a line that is not JSON.
func (w *worker) reportBadLine(err *SyntaxError) {
	w.badLines++
	w.notes = append(w.notes, note{at: len(w.out), name: w.name, line: w.line, relative: w.relative, msg: err.Error(), input: true})
}

// canRetry reports whether a line with a problem of kind k may be read
// again: invalid UTF-8 as U+FFFD, once (not --strict); part of a JSON
// text by a textStream, when the caller reads lines and can hand over.
func (w *worker) canRetry(k problemKind) bool {
	switch k {
	case badUTF8:
		return !w.repairing && !w.f.opts.Strict
	case partialText:
		return w.streamOK && !w.f.opts.Strict
	}
	return false
}

// warnUTF8 says that invalid UTF-8 on the current line was read as
// U+FFFD.
func (w *worker) warnUTF8() {
	w.notes = append(w.notes, note{at: len(w.out), name: w.name, line: w.line, relative: w.relative,
		msg: "invalid UTF-8 read as U+FFFD, as jq reads it (--strict refuses it)", warning: true})
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
