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

// batchBytes is about how many bytes of lines make one batch: large enough
// that handing a batch between goroutines costs little next to the work
// on it, small enough that a few batches in flight stay a few MB.
const batchBytes = 1 << 20

// maxKeptBuffer is the largest batch buffer kept for reuse.
const maxKeptBuffer = 8 << 20

// Batch is a run of consecutive lines. Its lines are copies, owned by the
// batch, so they stay valid while workers use them.
type Batch struct {
	Lines []input.Line
	// Err is the read error met after the last of Lines, if any; it ends
	// the input.
	Err error
	// Out is for work to leave its results in for emit. It is kept from
	// one use of the batch to the next, so its storage can be reused.
	Out any

	buf   []byte
	spans []span
	done  chan struct{}
}

// Workers is how many goroutines work on batches by default.
func Workers() int { return runtime.GOMAXPROCS(0) }

// Lines reads r in batches, calls work on each batch from one of workers
// goroutines (worker is its index, so work can keep per-worker scratch
// space), and calls emit with each batch in input order on the calling
// goroutine. An error from emit stops the reading and is returned; the
// read error ending the input is reported through the last batch's Err.
func Lines(r *input.Reader, workers int, work func(worker int, b *Batch), emit func(b *Batch) error) error {
	if workers < 1 {
		workers = 1
	}
	inFlight := 2 * workers
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
				work(w, b)
				b.done <- struct{}{}
			}
		}(w)
	}

	var err error
	for b := range ordered {
		<-b.done
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

// readBatches fills free batches with lines and sends each to the workers
// and, in the same order, to the emitter.
func readBatches(r *input.Reader, free, todo, ordered chan *Batch, stop chan struct{}) {
	defer close(ordered)
	defer close(todo)
	for {
		var b *Batch
		select {
		case b = <-free:
		case <-stop:
			return
		}
		b.Lines, b.buf, b.Err = b.Lines[:0], b.buf[:0], nil
		if cap(b.buf) > maxKeptBuffer {
			b.buf = nil // one huge line should not pin its memory for good
		}
		end := fill(r, b)
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

// fill copies lines into b until it holds about batchBytes; it reports
// whether the input has ended. The bytes go into one buffer, which may
// move as it grows, so lines are cut from it only once it is complete.
func fill(r *input.Reader, b *Batch) bool {
	b.spans = b.spans[:0]
	end := false
	for len(b.buf) < batchBytes {
		line, err := r.Next()
		if err == io.EOF {
			end = true
			break
		}
		if err != nil {
			b.Err = err
			end = true
			break
		}
		start := len(b.buf)
		b.buf = append(b.buf, line.Text...)
		mid := len(b.buf)
		b.buf = append(b.buf, line.EOL...)
		b.spans = append(b.spans, span{line.Num, line.BOM, start, mid, len(b.buf)})
	}
	for _, sp := range b.spans {
		b.Lines = append(b.Lines, input.Line{
			Num:  sp.num,
			BOM:  sp.bom,
			Text: b.buf[sp.start:sp.mid:sp.mid],
			EOL:  b.buf[sp.mid:sp.end:sp.end],
		})
	}
	return end
}

// span is where a line's bytes are in a batch's buffer.
type span struct {
	num             int
	bom             bool
	start, mid, end int
}
