package filters

import (
	"errors"
	"sync/atomic"

	"github.com/zsj-dev/zsj/internal/input"
)

// A part is results of one chunk's lines: a worker sends them as they
// grow large, and the last part when the chunk is done; the sink writes
// them in input order.
type part struct {
	out   []byte
	notes []note
	counts
	halted   bool
	haltCode int
	// handOver: the chunk's line at byte from (line number fromLine in
	// the chunk) is only part of the JSON text; the rest of the source is
	// to be read as a stream, from there.
	handOver bool
	from     int
	fromLine int
}

// readSize is the size of one read: large enough that per-read and
// per-chunk costs vanish, small enough that the lines it brings are still
// in the processor's cache when a worker scans them. Tests lower it to get
// many chunks.
var readSize = 1 << 20 // bytes

// errStop ends a parallel run whose reason the sink holds: a failed write
// or a halt.
var errStop = errors.New("run stopped")

// runParallel evaluates events on all cores: the input pipeline reads
// chunks, workers evaluate them, and this goroutine writes results in
// input order.
func (f *Filter) runParallel(sources []input.Source, io IO, s *sink) error {
	n := f.opts.Workers
	if n <= 0 {
		n = input.Workers()
	}
	streamed := new(atomic.Int64)
	workers := make([]*worker, n)
	for i := range workers {
		w := newWorker(f, false)
		w.streamOK, w.streamedSource = true, streamed
		code, err := f.compileFor(w)
		if err != nil {
			return err
		}
		w.code, w.relative = code, true
		workers[i] = w
	}
	o := input.Ordered{
		Workers:   n,
		ChunkSize: f.readSize,
		// Up to two chunks a worker and a few more: a worker whose results
		// wait behind a slow chunk's goes on with the next.
		InFlight: 2*n + 3,
		Stdin:    io.Stdin,
		Work:     func(i int, c *input.Chunk) { workers[i].chunk(c) },
		Part:     func(c *input.Chunk, p any) error { return s.sent(c, p.(*part)) },
		Done:     func(c *input.Chunk) error { return s.done(c, c.Out.(*part)) },
		Failed: func(_ input.Source, err error) {
			s.stream.end() // a stopped run ends at the next Part or Done
			s.failed(err)
		},
		// Nothing ready: show what is done while waiting.
		Wait: s.flush,
	}
	s.stream = &sinkStream{f: f, s: s, streamed: streamed}
	err := o.Run(sources)
	if err == nil {
		err = s.stream.end()
	}
	if err != errStop {
		return err
	}
	// A closed pipe or a halt: the pipeline has been told to stop, and
	// its reader is left to end on its own. It may be blocked on a
	// terminal or a quiet pipe, which must not keep the run from ending.
	return nil
}

// outBuffers recycles the buffers workers gather results in, once the
// sink has written them. A fresh 64 KB buffer per chunk is a large
// allocation, zeroed and often page-faulted in: selecting a few lines of
// a 500 MB log spent a fifth of its time clearing buffers it barely used.
var outBuffers = make(chan []byte, 16)

// maxKeptOutBuffer is the largest buffer kept; one grown for a huge
// result goes back to the garbage collector.
const maxKeptOutBuffer = 1 << 20

func takeOutBuffer() []byte {
	select {
	case b := <-outBuffers:
		return b[:0]
	default:
		return make([]byte, 0, 64<<10)
	}
}

func giveOutBuffer(b []byte) {
	if cap(b) == 0 || cap(b) > maxKeptOutBuffer {
		return
	}
	select {
	case outBuffers <- b:
	default:
	}
}

// chunk evaluates the lines of one chunk. Results go out in parts as they
// grow large; the last part is left in c.Out.
func (w *worker) chunk(c *input.Chunk) {
	w.name = c.Source.Name
	w.stopped = c.Stopped
	w.out = takeOutBuffer()
	w.flush = func() {
		c.Send(&part{out: w.out, notes: w.notes, counts: w.counts})
		w.out, w.notes, w.counts = takeOutBuffer(), nil, counts{}
	}
	// Declared outside the loop: a variable of the for statement is one
	// per iteration, copied from one to the next.
	lines := c.Splitter()
	// A chunk of a source the sink reads as a stream: its lines are
	// only counted.
	handOver, from, fromLine := w.streamed(c), len(c.Data), 0
	for !w.halted && !c.Stopped() {
		text, num, ok := lines.Text()
		if !ok {
			break
		}
		if handOver {
			continue // every line is taken: the last sets c.Lines
		}
		w.line = num
		w.handleLine(text)
		if w.retry == partialText {
			handOver, from, fromLine = true, offsetIn(c.Data, text), num
		}
	}
	last, _ := c.Out.(*part)
	if last == nil {
		last = &part{}
		c.Out = last
	}
	*last = part{out: w.out, notes: w.notes, counts: w.counts, halted: w.halted, haltCode: w.haltCode,
		handOver: handOver, from: from, fromLine: fromLine}
	w.out, w.notes, w.counts, w.flush = nil, nil, counts{}, nil
	w.halted = false
}

// part writes the results of part of a chunk; errStop ends the run after
// a failed write or a halt.
func (s *sink) part(c *input.Chunk, p *part) error {
	s.write(p.out, p.notes, c.Base)
	giveOutBuffer(p.out)
	s.tally(p.counts)
	if p.halted {
		s.res.Halted, s.res.HaltCode = true, p.haltCode
	}
	*p = part{} // the chunk may carry it on: let go of what it holds
	if s.err != nil || s.res.Halted {
		return errStop
	}
	return nil
}
