package filters

import "github.com/zsj-dev/zsj/internal/input"

// readAhead is how many chunks the reader may be ahead of a sequential
// run, so reading overlaps evaluating.
const readAhead = 4

// runSequential evaluates events one after another in this goroutine:
// for -n, -s, input/inputs, input_line_number and --tool, where an event's
// result depends on the events before it.
func (f *Filter) runSequential(sources []input.Source, io IO, s *sink) error {
	// The reader starts with the first line asked for: -n without input
	// reads nothing, as in jq (stdin may be a terminal). It is not waited
	// for at the end either: a read of a terminal or a quiet pipe may
	// never return, and then halt could not end the run.
	chunks := make(chan *chunk, readAhead)
	stop := make(chan struct{})
	defer close(stop)
	startReader := func() {
		go func() {
			defer close(chunks)
			readChunks(sources, io.Stdin, f.readSize, func(c *chunk) bool {
				select {
				case chunks <- c:
					return true
				case <-stop:
					return false
				}
			})
		}()
	}

	w := newWorker(f, true)
	w.src = &lineSource{chunks: chunks, start: startReader, w: w, sink: s}
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

// lineSource hands out the lines of the chunks of a sequential run, and
// keeps the worker's name and line number up to date.
type lineSource struct {
	chunks  <-chan *chunk
	start   func() // starts the reader, on the first call of next
	cur     *chunk
	data    []byte // the unread part of cur
	atStart bool   // data starts at the beginning of its stream
	w       *worker
	sink    *sink
}

// next returns the next line, without its line end; false at the end of
// the input or once results can no longer be written.
func (s *lineSource) next() ([]byte, bool) {
	if s.start != nil {
		s.start()
		s.start = nil
	}
	for {
		if s.sink.err != nil || s.w.halted {
			return nil, false
		}
		if len(s.data) > 0 {
			var line []byte
			line, s.data = cutLine(s.data, s.atStart)
			s.atStart = false
			s.w.line++
			return line, true
		}
		if s.cur != nil && s.cur.err != nil {
			s.w.flush()
			s.sink.readFailed(s.cur.name, s.w.line+1, s.cur.err)
		}
		s.cur = nil
		// Before waiting for more input, hand on the results so far: a
		// reader of a slow stream sees them as they come.
		s.w.flush()
		s.sink.flush()
		c, ok := <-s.chunks
		if !ok {
			return nil, false
		}
		if c.first {
			s.w.name, s.w.line = c.name, 0
		}
		if c.open {
			s.sink.openFailed(c.err)
			continue
		}
		s.cur, s.data, s.atStart = c, c.data, c.first
	}
}
