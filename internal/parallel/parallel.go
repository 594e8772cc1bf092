// Package parallel runs per-line work on all cores while keeping the
// output in input order: lines are read in batches, batches are worked on
// concurrently, and results are handed back one batch at a time, in order,
// on the caller's goroutine.
package parallel

import (
	"io"
	"runtime"

	"github.com/zsj-dev/zsj/internal/input"
)

// Batch is a run of consecutive lines: the whole lines of one read, up to
// the reader's buffer size (256 KB, larger while lines are). It owns the
// buffer they are in (the reader's, handed over), so they stay valid while
// workers use them. Measured on logs of small events, 1 MB batches made
// validate take half as long again, mostly in page faults and cache misses.
type Batch struct {
	// Lines are split by the worker before work is called. Their Num is
	// final only when the batch reaches emit; work must not rely on it.
	Lines []input.Line
	// Err is the read error met after the last of Lines, if any; it ends
	// the input.
	Err error
	// Out is for work to leave its results in for emit. It is kept from
	// one use of the batch to the next, so its storage can be reused.
	Out any

	buf   []byte // whole lines, as read
	first bool   // the batch starts the input (a byte order mark may lead)
	done  chan struct{}
}

// Workers is how many goroutines work on batches by default.
func Workers() int { return runtime.GOMAXPROCS(0) }

// Lines reads r in batches, calls work on each batch from one of workers
// goroutines (worker is its index, so work can keep per-worker scratch
// space), and calls emit with each batch in input order on the calling
// goroutine. An error from emit stops the reading and is returned; the
// read error ending the input is reported through the last batch's Err,
// as an *input.LineError naming the line it happened at.
//
// The reading goroutine only reads blocks of whole lines, without copying
// them; splitting them into lines happens on the workers, so reading is not
// the bottleneck of inputs made of many short lines.
func Lines(r *input.Reader, workers int, work func(worker int, b *Batch), emit func(b *Batch) error) error {
	if workers < 1 {
		workers = 1
	}
	// One batch per worker in flight, and one more being read: every
	// batch is a buffer first touched in page faults, and twice as many
	// made validate slower (6% on large lines, 8% on small ones), not
	// smoother.
	inFlight := workers
	free := make(chan *Batch, inFlight+1)
	for i := 0; i < inFlight+1; i++ {
		free <- &Batch{done: make(chan struct{}, 1)}
	}
	todo := make(chan *Batch, inFlight)
	ordered := make(chan *Batch, inFlight)
	stop := make(chan struct{})

	go readBatches(r, free, todo, ordered, stop)
	for w := 0; w < workers; w++ {
		go func(w int) {
			for b := range todo {
				b.Lines = input.SplitLines(b.buf, firstNum(b), b.Lines[:0])
				work(w, b)
				b.done <- struct{}{}
			}
		}(w)
	}

	var err error
	next := 1 // the number of the first line of the next batch
	for b := range ordered {
		<-b.done
		for i := range b.Lines {
			b.Lines[i].Num = next + i
		}
		next += len(b.Lines)
		if b.Err != nil {
			b.Err = &input.LineError{Num: next, Err: b.Err}
		}
		if err == nil {
			err = emit(b)
			if err != nil {
				close(stop)
			}
		}
		free <- b
	}
	return err
}

// firstNum numbers a batch's lines for splitting: 1 lets the first line of
// the input shed a byte order mark; later batches are renumbered by emit.
func firstNum(b *Batch) int {
	if b.first {
		return 1
	}
	return 2
}

// readBatches fills free batches with blocks of whole lines and sends each
// to the workers and, in the same order, to the emitter.
func readBatches(r *input.Reader, free, todo, ordered chan *Batch, stop chan struct{}) {
	defer close(ordered)
	defer close(todo)
	first := true
	for {
		var b *Batch
		select {
		case b = <-free:
		case <-stop:
			return
		}
		b.Err, b.first = nil, first
		first = false
		end := fill(r, b)
		if end {
			b.buf = b.buf[:0] // no lines came: the old ones must not go again
		}
		select {
		case todo <- b:
		case <-stop:
			return
		}
		ordered <- b
		if end {
			return
		}
	}
}

// fill puts the next block of whole lines in b, handing b's old buffer to
// the reader to go on in; it reports whether the input has ended.
func fill(r *input.Reader, b *Batch) bool {
	block, err := r.TakeBlock(b.buf)
	switch {
	case err == io.EOF:
		return true
	case err != nil:
		b.Err = err
		return true
	}
	b.buf = block
	return false
}
