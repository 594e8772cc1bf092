package filters

import (
	"sync/atomic"
	"unsafe"

	"github.com/zsj-dev/zsj/internal/input"
)

// sinkStream reads, in a parallel run, the rest of a source once one of
// its lines turned out to be only part of the JSON text (pretty-printed
// JSON, two values on a line): from that line on, the source's chunks are
// read as a stream on the sink's goroutine, in order, and what the
// workers made of their lines is dropped.
type sinkStream struct {
	f  *Filter
	s  *sink
	w  *worker     // evaluates the stream's values; made on first use
	ts *textStream // nil when no source is being read as a stream
	// streamed tells the workers which source that is, so that they
	// skip its lines rather than report each as not JSON: its index in
	// the run's list plus one, 0 for none. (Not the Source: a file named
	// twice is two sources, and workers run ahead into the second while
	// the first is still streamed.)
	streamed *atomic.Int64
}

// streamed reports whether the chunk's source is read as a stream by the
// sink, from an earlier chunk on.
func (w *worker) streamed(c *input.Chunk) bool {
	if w.streamedSource == nil || c.Start {
		return false
	}
	return w.streamedSource.Load() == int64(c.SourceIndex())+1
}

// sent is Part of parallel runs: the parts of chunks that are read as a
// stream are dropped.
func (s *sink) sent(c *input.Chunk, p *part) error {
	if s.stream != nil && s.stream.ts != nil {
		if !c.Start {
			giveOutBuffer(p.out)
			*p = part{}
			return nil
		}
		if err := s.stream.end(); err != nil {
			return err
		}
	}
	return s.part(c, p)
}

// done is Done of parallel runs: a chunk's results, or its bytes for the
// stream; a chunk that hands over starts the stream.
func (s *sink) done(c *input.Chunk, p *part) error {
	if s.stream != nil && s.stream.ts != nil {
		if !c.Start {
			giveOutBuffer(p.out)
			*p = part{}
			return s.stream.feed(c.Data)
		}
		if err := s.stream.end(); err != nil {
			return err
		}
	}
	handOver, from, line := p.handOver, p.from, c.Base+p.fromLine
	if err := s.part(c, p); err != nil {
		return err
	}
	if !handOver {
		return nil
	}
	return s.stream.start(c, c.Data[from:], line)
}

func (st *sinkStream) start(c *input.Chunk, data []byte, line int) error {
	name := c.Source.Name
	if st.w == nil {
		w := newWorker(st.f, true)
		code, err := st.f.compileFor(w)
		if err != nil {
			return err
		}
		w.code = code
		w.stopped = func() bool { return st.s.err != nil }
		st.w = w
	}
	st.w.name = name
	st.ts = newTextStream(line, !st.f.opts.Strict)
	st.streamed.Store(int64(c.SourceIndex()) + 1)
	return st.feed(data)
}

func (st *sinkStream) feed(data []byte) error {
	st.ts.feed(data)
	return st.drain()
}

// end reads what is left of the stream, at the end of its source.
func (st *sinkStream) end() error {
	if st == nil || st.ts == nil {
		return nil
	}
	st.ts.end()
	err := st.drain()
	st.ts = nil
	st.streamed.Store(0)
	return err
}

// drain evaluates the values read so far and writes their results.
func (st *sinkStream) drain() error {
	w, s := st.w, st.s
	for {
		item, ok := st.ts.next()
		if !ok {
			return nil
		}
		w.streamItem(item)
		s.write(w.out, w.notes, 0)
		s.tally(w.counts)
		w.out, w.notes, w.counts = w.out[:0], w.notes[:0], counts{}
		if w.halted {
			s.res.Halted, s.res.HaltCode = true, w.haltCode
		}
		if s.err != nil || s.res.Halted {
			return errStop
		}
	}
}

// streamItem evaluates one value of a stream, or reports its problem.
func (w *worker) streamItem(item streamItem) {
	w.line = item.line
	switch {
	case item.repair:
		w.warnUTF8()
	case item.err != nil:
		w.reportBadLine(item.err)
	default:
		w.handleLine(item.text)
	}
}

// offsetIn is the index in data of text, a slice of it.
func offsetIn(data, text []byte) int {
	if len(text) == 0 {
		return len(data)
	}
	return int(uintptr(unsafe.Pointer(unsafe.SliceData(text))) - uintptr(unsafe.Pointer(unsafe.SliceData(data))))
}
