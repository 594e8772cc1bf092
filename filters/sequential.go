package filters

import "github.com/zsj-dev/zsj/internal/input"

// runSequential evaluates events one after another in this goroutine:
// for -n, -s, input/inputs, input_line_number and --tool, where an event's
// result depends on the events before it.
func (f *Filter) runSequential(sources []input.Source, io IO, s *sink) error {
	w := newWorker(f, true)
	w.streamOK = true
	// The scanner reads from the first line asked for: -n without input
	// reads nothing, as in jq (stdin may be a terminal). It is not waited
	// for at the end either, so that halt ends the run whatever the input
	// is doing.
	sc := &input.Scanner{
		Sources:   sources,
		Stdin:     io.Stdin,
		ChunkSize: f.readSize,
		Failed: func(_ input.Source, err error) {
			w.flush()
			s.failed(err)
		},
		// Before waiting for more input, hand on the results so far: a
		// reader of a slow stream sees them as they come.
		Wait: func() {
			w.flush()
			s.flush()
		},
		Stopped: func() bool { return s.err != nil || w.halted },
	}
	defer sc.Close()
	w.src = &lineSource{sc: sc, w: w}
	w.flush = func() {
		s.write(w.out, w.notes, 0)
		s.tally(w.counts)
		w.out, w.notes, w.counts = w.out[:0], w.notes[:0], counts{}
	}
	w.stopped = func() bool { return s.err != nil }
	code, err := f.compileFor(w)
	if err != nil {
		return err
	}
	w.code = code

	switch {
	case f.opts.Slurp && f.opts.RawInput:
		if text, ok := w.src.all(); ok {
			w.run(text)
		}
	case f.opts.Slurp:
		all := []any{}
		for {
			v, ok := w.nextEvent()
			if !ok {
				break
			}
			all = append(all, v)
		}
		if f.opts.NullInput {
			w.slurped, w.haveSlurped = all, true
			w.run(nil)
		} else {
			w.run(all)
		}
	case f.opts.NullInput:
		// Every input is a new document; ranks accumulate so values
		// built from earlier inputs keep their key order.
		w.order.cumulative, w.resetPerInput = true, true
		w.run(nil)
	case f.plan.usesInput:
		for !w.halted && s.err == nil {
			w.order.reset()
			v, ok := w.nextEvent()
			if !ok {
				break
			}
			w.run(v)
		}
	default:
		for !w.halted && s.err == nil {
			text, ok := w.src.next()
			if !ok {
				break
			}
			w.handleLine(text)
		}
	}
	w.flush()
	s.res.Halted, s.res.HaltCode = w.halted, w.haltCode
	return nil
}

// lineSource hands out the lines of a sequential run, and keeps the
// worker's name and line number up to date. After a line that is only
// part of the JSON text, it hands out the values of the rest of that
// input instead, read as a stream, each on one line.
type lineSource struct {
	sc   *input.Scanner
	w    *worker
	line input.Line

	ts      *textStream // the input read as a stream, or nil
	name    string      // its name
	num     int         // the number of its last line read
	pending bool        // line is the first of the next input, not handed out
}

// next returns the next line, without its line end; false at the end of
// the input or once results can no longer be written.
func (s *lineSource) next() ([]byte, bool) {
	if s.w.retry == partialText {
		s.w.retry = notJSON
		s.name, s.num = s.w.name, s.w.line
		s.ts = newTextStream(s.num, !s.w.f.opts.Strict)
		s.ts.feed(s.line.Text)
		s.ts.feed(s.line.EOL)
	}
	if s.ts != nil {
		if text, ok := s.nextValue(); ok {
			return text, true
		}
		s.ts = nil
		if !s.pending {
			return nil, false
		}
		s.pending = false
		src, num := s.sc.Position()
		s.w.name, s.w.line = src.Name, num
		return s.line.Text, true
	}
	ok := s.sc.Next(&s.line)
	src, num := s.sc.Position()
	s.w.name, s.w.line = src.Name, num
	s.w.crlf = len(s.line.EOL) == 2
	return s.line.Text, ok
}

// all returns all of the input as one string (-R -s), line ends
// included, invalid UTF-8 read as U+FFFD (or refused with --strict).
func (s *lineSource) all() (string, bool) {
	var text []byte
	for s.sc.Next(&s.line) {
		text = append(append(text, s.line.Text...), s.line.EOL...)
	}
	src, num := s.sc.Position()
	s.w.name, s.w.line, s.w.crlf = src.Name, num, false
	return s.w.rawString(text)
}

// nextValue returns the next value of the stream, reading lines of its
// input as it needs them; false at the end of the input.
func (s *lineSource) nextValue() ([]byte, bool) {
	for {
		item, ok := s.ts.next()
		if ok {
			s.w.name = s.name
			if item.text == nil { // a problem, reported in its place
				s.w.streamItem(item)
				continue
			}
			s.w.line = item.line
			return item.text, true
		}
		if s.ts.eof {
			return nil, false
		}
		if !s.sc.Next(&s.line) {
			s.ts.end()
			continue
		}
		if src, num := s.sc.Position(); src.Name != s.name || num <= s.num {
			s.pending = true // the next input starts
			s.ts.end()
			continue
		}
		s.num++
		s.ts.feed(s.line.Text)
		s.ts.feed(s.line.EOL)
	}
}
