package filters

import "github.com/zsj-dev/zsj/internal/input"

// runSequential evaluates events one after another in this goroutine:
// for -n, -s, input/inputs, input_line_number and --tool, where an event's
// result depends on the events before it.
func (f *Filter) runSequential(sources []input.Source, io IO, s *sink) error {
	w := newWorker(f, true)
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
// worker's name and line number up to date.
type lineSource struct {
	sc   *input.Scanner
	w    *worker
	line input.Line
}

// next returns the next line, without its line end; false at the end of
// the input or once results can no longer be written.
func (s *lineSource) next() ([]byte, bool) {
	ok := s.sc.Next(&s.line)
	src, num := s.sc.Position()
	s.w.name, s.w.line = src.Name, num
	return s.line.Text, ok
}
