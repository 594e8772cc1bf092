package input

import (
	"io"
	"runtime"
	"sync"
	"sync/atomic"
)

// Workers is how many goroutines work on chunks by default: one per CPU.
func Workers() int { return runtime.GOMAXPROCS(0) }

// Ordered runs per-line work on all cores while keeping the results in
// input order. One goroutine reads the sources into chunks of whole lines;
// Work is called on each chunk on one of the workers; the results are
// handed to Part and Done in input order, on the goroutine that called
// Run (or on the workers, see DoneOnWorkers), which is also where open and
// read errors are reported (Failed), at their place in the order.
//
// A chunk's buffer is reused once Done has returned: what Work and Done
// keep of its lines must be copied.
type Ordered struct {
	Workers int // goroutines calling Work; 0 means Workers()
	// ChunkSize is the size of one read, 256 KB when 0; each read brings
	// a chunk. Reads go into blocks of eight, which the chunks cut from a
	// block share, so that the partial line at the end of a read is
	// copied to the next block only once a block.
	ChunkSize int
	// InFlight is how many chunks may be read and not yet done, besides
	// the one being read; 0 means one per worker. Each is a buffer first
	// touched in page faults, so more only pays where chunks differ in
	// cost (validate with its secret search: two per worker).
	InFlight int
	Stdin    io.Reader // read for a Source with no Path

	// Work works on one chunk's lines (Splitter, every one of them unless
	// the run has stopped), leaving its result in the chunk's Out, or
	// sending parts of it with Send. worker is its index, so that Work can
	// keep per-worker scratch space.
	Work func(worker int, c *Chunk)
	// Part takes each part a chunk's Work sent, in order, as it comes; it
	// must be set when Work calls Send. An error stops the run and is
	// returned by Run.
	Part func(c *Chunk, part any) error
	// Done takes a chunk once its Work has returned, after its parts; it
	// must be set. A read error that ended the chunk's source is in the
	// chunk's Err by then. An error stops the run and is returned by Run.
	Done func(c *Chunk) error
	// Failed reports a source that could not be opened (the error names
	// it) or read to its end ("NAME: line N: ..."), after the results of
	// the lines before; the run goes on with the next source. It must be
	// set for runs over sources (Run); a run over one stream (Lines) has
	// its read error in the last chunk's Err instead.
	Failed func(src Source, err error)
	// Wait, if set, is called each time the next result is not ready yet:
	// to hand on what is done before waiting.
	Wait func()
	// DoneOnWorkers has Done and Failed called by the workers, not by the
	// goroutine that called Run: still one at a time and in input order,
	// each chunk's mostly by the worker that worked on it, right after,
	// and each chunk of a plain file is read when the worker that works
	// on it asks (other streams are read ahead). What Work leaves for
	// Done and the lines Done looks at then stay in that core's cache.
	// (On a machine whose two cores were far apart, a round trip of a
	// cache line between them taking 350 ns, not 60, validate's workers
	// spent a quarter more time when a reading goroutine and the caller's
	// did these on the other core.) Part and Wait must be nil, and Done
	// must not block on what other chunks' Work does.
	DoneOnWorkers bool
}

// partsBuffered bounds how far Work may run ahead of Part within one
// chunk.
const partsBuffered = 4

// Run reads the sources and works on them, until they end (nil) or Part
// or Done fails (that error). When it fails, the reading goroutine and
// the workers are told to stop and left to end on their own: the reader
// may be blocked on a terminal or a quiet pipe, which must not keep the
// run from ending. Each stream is closed by the reader once read.
func (o *Ordered) Run(sources []Source) error {
	size := o.ChunkSize
	if size <= 0 {
		size = initialBufSize
	}
	read := func(q queue) { readSources(sources, o.Stdin, size, q) }
	if o.DoneOnWorkers {
		return o.runLocal(read, false)
	}
	return o.run(read, false)
}

// run is an ordered run over the chunks read calls for. With drain, a
// failed run still waits for the reader and the workers to end: the
// caller's stream is not to be used once run returns.
func (o *Ordered) run(read func(queue), drain bool) error {
	workers, inFlight := o.counts()
	r := &orderedRun{
		o:       o,
		todo:    make(chan *Chunk, inFlight),
		ordered: make(chan *Chunk, inFlight+1),
		stop:    make(chan struct{}),
	}
	r.free = newChunkStack(inFlight+1, func() *Chunk {
		return &Chunk{parts: make(chan any, partsBuffered), done: make(chan struct{}, 1), stop: r.stop, stopped: &r.stopped}
	})
	go func() {
		defer close(r.ordered)
		defer close(r.todo)
		read(r)
	}()
	wg := spawn(workers, func(w int) {
		for c := range r.todo {
			if !r.stopped.Load() {
				o.Work(w, c)
			}
			c.done <- struct{}{}
		}
	})
	err := r.apply()
	if err == nil {
		wg.Wait()
		return nil
	}
	r.stopped.Store(true)
	close(r.stop)
	if drain {
		for c := range r.ordered {
			if !c.open {
				<-c.done
			}
		}
		wg.Wait()
	}
	return err
}

// counts returns how many workers a run has, and how many chunks may be
// read and not yet done besides the one being read (see InFlight).
func (o *Ordered) counts() (workers, inFlight int) {
	workers = o.Workers
	if workers <= 0 {
		workers = Workers()
	}
	inFlight = o.InFlight
	if inFlight <= 0 {
		inFlight = workers
	}
	return workers, inFlight
}

// spawn starts n goroutines, each calling work with its index; the
// group is done when they have all returned.
func spawn(n int, work func(w int)) *sync.WaitGroup {
	var wg sync.WaitGroup
	for w := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			work(w)
		}()
	}
	return &wg
}

// orderedRun is the state of one Ordered run.
type orderedRun struct {
	o       *Ordered
	free    *chunkStack // chunks done with, to read into
	todo    chan *Chunk // chunks for the workers
	ordered chan *Chunk // the same chunks, in input order, for apply
	stop    chan struct{}
	stopped atomic.Bool
}

func (r *orderedRun) get() *Chunk { return r.free.get(r.stop) }

func (r *orderedRun) put(c *Chunk) { r.free.put(c) }

func (r *orderedRun) send(c *Chunk) bool {
	select {
	case r.ordered <- c:
	case <-r.stop:
		return false
	}
	if c.open {
		return true // nothing to work on
	}
	select {
	case r.todo <- c:
		return true
	case <-r.stop:
		c.done <- struct{}{} // apply, draining, waits for it
		return false
	}
}

// apply takes the chunks in order, numbers them, and hands their results
// on.
func (r *orderedRun) apply() error {
	base := 0 // lines of the current source before the next chunk
	for c := range r.ordered {
		if err := r.o.finish(c, &base, r.results); err != nil {
			return err
		}
		r.free.put(c)
	}
	return nil
}

// finish hands on a chunk (or a source that could not be opened) to
// results, if set, which waits for its work to end, and then to Done and
// Failed, numbering its lines after the base lines of its source before
// it, and lets go of its block. The chunk can then be read into again.
func (o *Ordered) finish(c *Chunk, base *int, results func(*Chunk) error) error {
	if c.open {
		o.Failed(c.Source, c.err)
		return nil
	}
	if c.Start {
		*base = 0
	}
	c.Base = *base
	if results != nil {
		if err := results(c); err != nil {
			return err
		}
	}
	*base += c.Lines
	var readErr error
	if c.err != nil {
		readErr = c.readError() // sets c.Err for Done
	}
	if err := o.Done(c); err != nil {
		return err
	}
	c.letGo()
	if readErr != nil && o.Failed != nil {
		o.Failed(c.Source, readErr)
	}
	return nil
}

// results hands on the parts of c as they come, until its Work is done.
func (r *orderedRun) results(c *Chunk) error {
	for {
		p, more := r.next(c)
		if !more {
			break
		}
		if err := r.o.Part(c, p); err != nil {
			return err
		}
	}
	// Work has returned: the parts it sent last are all in the buffer.
	for len(c.parts) > 0 {
		if err := r.o.Part(c, <-c.parts); err != nil {
			return err
		}
	}
	return nil
}

// next waits for the next part of c; more is false once c's Work is done.
func (r *orderedRun) next(c *Chunk) (p any, more bool) {
	select {
	case p = <-c.parts:
		return p, true
	case <-c.done:
		return nil, false
	default:
	}
	if r.o.Wait != nil {
		r.o.Wait()
	}
	select {
	case p = <-c.parts:
		return p, true
	case <-c.done:
		return nil, false
	}
}
