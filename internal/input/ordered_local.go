package input

import (
	"sync"
	"sync/atomic"
)

// A localRun is an Ordered run with DoneOnWorkers: each chunk of a plain
// file is read on a worker's request, while that worker waits (the
// reading goroutine then runs in its place, on its core), and once worked
// on it is handed on by whichever worker finds it next in order, most
// often the one that worked on it, right after. A compressed stream or a
// pipe is read ahead as in run: decompressing is slower than validating,
// and waiting for requests left the reader idle (validate on the gzip
// copy of the realistic log took 764 ms against 690).
type localRun struct {
	o       *Ordered
	free    *chunkStack      // chunks done with, to read into
	ordered chan *Chunk      // every chunk sent, in input order
	want    chan chan *Chunk // a worker's request for its next chunk
	pending chan *Chunk      // the reader's: where the request it serves goes
	ahead   chan *Chunk      // chunks read ahead, for any worker
	aheadOn bool             // the reader's: the stream is read ahead
	readEnd chan struct{}    // closed once the reader has sent its last chunk
	stop    chan struct{}
	halt    sync.Once
	stopped atomic.Bool

	// looks counts the calls of handOn since an applier last looked at
	// the head of the order: one that finds another applying leaves its
	// chunk to it, and it looks again before it leaves.
	looks    atomic.Int32
	applying sync.Mutex
	head     *Chunk // the next chunk in order, not handed on yet
	base     int    // lines of the head's source before it
	err      error  // the first error of Done
}

// runLocal is Run with DoneOnWorkers. With drain, as for run, a failed
// run still waits for the reader and the workers to end.
func (o *Ordered) runLocal(read func(queue), drain bool) error {
	if o.Part != nil || o.Wait != nil {
		panic("input: an Ordered run with DoneOnWorkers has no Part or Wait")
	}
	workers, inFlight := o.counts()
	r := &localRun{
		o:       o,
		ordered: make(chan *Chunk, inFlight+1),
		want:    make(chan chan *Chunk),
		ahead:   make(chan *Chunk, inFlight+1),
		readEnd: make(chan struct{}),
		stop:    make(chan struct{}),
	}
	r.free = newChunkStack(inFlight+1, func() *Chunk {
		return &Chunk{done: make(chan struct{}, 1), stop: r.stop, stopped: &r.stopped}
	})
	go func() {
		defer close(r.ordered)
		defer close(r.readEnd)
		read(r)
	}()
	wg := spawn(workers, r.work)
	ended := make(chan struct{})
	go func() {
		wg.Wait()
		close(ended)
	}()
	select {
	case <-ended:
		// The reader is done or about to be: what is left (the sources
		// after the last chunk that could not be opened) is handed on
		// here, waiting for the reader to end.
		r.applying.Lock()
		r.handOnReady(true)
	case <-r.stop:
		if drain {
			<-ended
			<-r.readEnd
		}
		r.applying.Lock() // the applier that failed has set err
	}
	defer r.applying.Unlock()
	return r.err
}

// work is one worker: it asks for a chunk, works on it, and hands on the
// ones ready, until the reader has nothing more or the run stops.
func (r *localRun) work(w int) {
	a := asker{reply: make(chan *Chunk, 1)}
	for {
		c := r.ask(&a)
		if c == nil {
			return
		}
		if !r.stopped.Load() {
			r.o.Work(w, c)
		}
		c.done <- struct{}{}
		r.handOn()
	}
}

// asker is a worker's side of its requests: at most one is out at a time,
// and its reply may come after the worker has taken a chunk read ahead.
type asker struct {
	reply chan *Chunk
	out   bool // a request has been sent and not answered
}

// ask returns the worker's next chunk: one read ahead, or one the reader
// reads on its request; nil once the reader has ended or the run has
// stopped.
func (r *localRun) ask(a *asker) *Chunk {
	for {
		if c := r.ready(a); c != nil {
			return c
		}
		want := r.want
		if a.out {
			want = nil // one request out at a time: this case never fires
		}
		select {
		case want <- a.reply:
			a.out = true
		case c := <-a.reply:
			a.out = false
			return c
		case c := <-r.ahead:
			return c
		case <-r.stop:
			return nil
		case <-r.readEnd:
			return r.ready(a) // one may have come before the end
		}
	}
}

// ready returns a chunk already there for the worker (its reply, or one
// read ahead), or nil.
func (r *localRun) ready(a *asker) *Chunk {
	select {
	case c := <-a.reply:
		a.out = false
		return c
	case c := <-r.ahead:
		return c
	default:
		return nil
	}
}

// readAhead says whether the stream about to be read is read ahead.
func (r *localRun) readAhead(on bool) { r.aheadOn = on }

// get waits for a worker's request (unless the stream is read ahead),
// then for a chunk to read into.
func (r *localRun) get() *Chunk {
	if r.pending == nil && !r.aheadOn {
		select {
		case r.pending = <-r.want:
		case <-r.stop:
			return nil
		}
	}
	return r.free.get(r.stop)
}

func (r *localRun) put(c *Chunk) { r.free.put(c) }

// send puts c in the order and gives it to the worker whose request it
// answers, or, read ahead, to whichever worker asks first. A source that
// could not be opened is no work: it is handed on here, as no worker may
// come to it.
func (r *localRun) send(c *Chunk) bool {
	select {
	case r.ordered <- c: // never full: as many places as chunks
	case <-r.stop:
		return false
	}
	if c.open {
		r.handOn()
		return true
	}
	if r.pending == nil {
		select {
		case r.pending = <-r.want:
		default:
			r.ahead <- c // never full: as many places as chunks
			return true
		}
	}
	r.pending <- c // never full: one reply a request
	r.pending = nil
	return true
}

// handOn hands on the chunks ready at the head of the order, unless
// another goroutine is doing so: that one then looks again.
func (r *localRun) handOn() {
	r.looks.Add(1)
	for r.looks.Load() > 0 {
		if !r.applying.TryLock() {
			return
		}
		r.looks.Store(0)
		r.handOnReady(false)
		r.applying.Unlock()
	}
}

// handOnReady hands on the chunks at the head of the order as long as
// they are done, or, with wait, every chunk until the reader's last.
// r.applying must be held.
func (r *localRun) handOnReady(wait bool) {
	for !r.stopped.Load() {
		c := r.head
		if c == nil {
			var ok bool
			if wait {
				c, ok = <-r.ordered
			} else {
				select {
				case c, ok = <-r.ordered:
				default:
					return
				}
			}
			if !ok {
				return
			}
			r.head = c
		}
		if !c.open && !r.isDone(c, wait) {
			return
		}
		r.head = nil
		if err := r.o.finish(c, &r.base, nil); err != nil {
			r.err = err
			r.halt.Do(func() {
				r.stopped.Store(true)
				close(r.stop)
			})
			return
		}
		r.free.put(c)
	}
}

// isDone reports whether c's work is done, waiting for it with wait.
func (r *localRun) isDone(c *Chunk, wait bool) bool {
	if wait {
		<-c.done
		return true
	}
	select {
	case <-c.done:
		return true
	default:
		return false
	}
}
