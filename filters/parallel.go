package filters

import (
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/zsj-dev/zsj/internal/input"
)

// A task is one chunk on its way through a parallel run: a worker
// evaluates its lines and sends the results in parts (one, or more when
// they are large); the writer takes tasks in input order and writes each
// one's parts as they come.
type task struct {
	c     *chunk
	parts chan part // closed when the chunk is done
}

type part struct {
	out   []byte
	notes []note
	counts
	lines    int  // the last part: lines in the chunk, so the next chunk's numbers follow
	last     bool // the chunk is done
	halted   bool
	haltCode int
}

// partsBuffered bounds how far a worker may run ahead of the writer
// within one chunk.
const partsBuffered = 4

// runParallel evaluates events on all cores. One goroutine reads chunks,
// workers evaluate them, and this goroutine writes results in input order.
func (f *Filter) runParallel(sources []input.Source, io IO, s *sink) error {
	n := f.opts.Workers
	if n <= 0 {
		n = runtime.GOMAXPROCS(0)
	}
	var stopped atomic.Bool
	workers := make([]*worker, n)
	for i := range workers {
		w := newWorker(f, false)
		code, err := f.compileFor(w)
		if err != nil {
			return err
		}
		w.code, w.relative = code, true
		w.stopped = stopped.Load
		workers[i] = w
	}

	stop := make(chan struct{})
	order := make(chan *task, 2*n+2)
	jobs := make(chan *task, n)
	go func() {
		defer close(order)
		defer close(jobs)
		readChunks(sources, io.Stdin, f.readSize, func(c *chunk) bool {
			t := &task{c: c, parts: make(chan part, partsBuffered)}
			select {
			case order <- t:
			case <-stop:
				return false
			}
			if c.open || len(c.data) == 0 {
				close(t.parts)
				return true
			}
			select {
			case jobs <- t:
				return true
			case <-stop:
				close(t.parts)
				return false
			}
		})
	}()
	var wg sync.WaitGroup
	for _, w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for t := range jobs {
				w.chunk(t, stop, &stopped)
			}
		}()
	}

	if s.writeTasks(order) {
		wg.Wait()
		return nil
	}
	// A closed pipe or a halt: the reader and the workers are told to
	// stop and left to end on their own. The reader may be blocked on a
	// terminal or a quiet pipe, which must not keep the run from ending.
	stopped.Store(true)
	close(stop)
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

// chunk evaluates the lines of one task's chunk.
func (w *worker) chunk(t *task, stop <-chan struct{}, stopped *atomic.Bool) {
	defer close(t.parts)
	defer release(t.c.buf)
	if stopped.Load() {
		return
	}
	w.name = t.c.name
	send := func(p part) {
		select {
		case t.parts <- p:
		case <-stop:
		}
	}
	w.out = takeOutBuffer()
	w.flush = func() {
		send(part{out: w.out, notes: w.notes, counts: w.counts})
		w.out, w.notes, w.counts = takeOutBuffer(), nil, counts{}
	}
	n := lines(t.c.data, t.c.first, func(num int, line []byte) bool {
		w.line = num
		w.handleLine(line)
		return !w.halted && !stopped.Load()
	})
	send(part{out: w.out, notes: w.notes, counts: w.counts, lines: n, last: true, halted: w.halted, haltCode: w.haltCode})
	w.out, w.notes, w.counts, w.flush = nil, nil, counts{}, nil
	w.halted = false
}

// writeTasks writes the results of tasks in order until the tasks run out
// (true), or a write fails or an event halts the run (false).
func (s *sink) writeTasks(order <-chan *task) bool {
	base := 0 // line number before the current chunk's first line
	for t := range order {
		c := t.c
		if c.first {
			base = 0
		}
		if c.open {
			s.openFailed(c.err)
			continue
		}
		for {
			var p part
			var ok bool
			select {
			case p, ok = <-t.parts:
			default:
				s.flush() // nothing ready: show what is done while waiting
				p, ok = <-t.parts
			}
			if !ok {
				break
			}
			s.write(p.out, p.notes, base)
			giveOutBuffer(p.out)
			s.tally(p.counts)
			if p.last {
				base += p.lines
			}
			if p.halted {
				s.res.Halted, s.res.HaltCode = true, p.haltCode
			}
			if s.err != nil || s.res.Halted {
				return false
			}
		}
		if c.err != nil {
			s.readFailed(c.name, base+1, c.err)
		}
	}
	return s.err == nil
}
