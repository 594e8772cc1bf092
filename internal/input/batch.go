package input

// Batch is a run of consecutive lines of one stream, for Lines: the whole
// lines of one read, up to the reader's buffer size (256 KB, larger while
// lines are). The block they are in is kept until emit has returned, then
// reused: what emit keeps of them must be copied. Measured on logs of
// small events, 1 MB batches made validate take half as long again,
// mostly in page faults and cache misses.
type Batch struct {
	// Lines are split by the worker before work is called. Their Num is
	// final only when the batch reaches emit; work must not rely on it.
	Lines []Line
	// Err is the read error met after the last of Lines, if any, as a
	// *LineError naming the line it happened at; it ends the input.
	Err error
	// Out is for work to leave its results in for emit. It is kept from
	// one use of the batch to the next, so its storage can be reused.
	Out any
}

// Lines is an ordered run over one stream, for work that wants each
// batch's lines at once: it reads r in batches, calls work on each batch
// from one of workers goroutines (worker is its index, so work can keep
// per-worker scratch space), and calls emit with each batch in input
// order on the calling goroutine. An error from emit stops the reading
// and is returned; the read error ending the input is reported through
// the last batch's Err. r must be fresh (lines are numbered from 1, and a
// byte order mark is looked for at its start), and is not used once Lines
// returns.
//
// The reading goroutine only reads blocks of whole lines, without copying
// them; splitting them into lines happens on the workers, so reading is
// not the bottleneck of inputs made of many short lines.
func Lines(r *Reader, workers int, work func(worker int, b *Batch), emit func(b *Batch) error) error {
	return lines(r, workers, work, emit, false)
}

// LinesOnWorkers is Lines with emit called by the workers, still one
// batch at a time and in input order, mostly right after the batch's work
// and on the same core (see Ordered.DoneOnWorkers): for an emit that
// reads much of what work left.
func LinesOnWorkers(r *Reader, workers int, work func(worker int, b *Batch), emit func(b *Batch) error) error {
	return lines(r, workers, work, emit, true)
}

func lines(r *Reader, workers int, work func(worker int, b *Batch), emit func(b *Batch) error, onWorkers bool) error {
	o := Ordered{
		Workers: max(workers, 1),
		Work: func(w int, c *Chunk) {
			b := batchOf(c)
			b.Lines = appendLines(b.Lines[:0], c.Data, 1, c.Start)
			c.Lines = len(b.Lines)
			work(w, b)
		},
		Done: func(c *Chunk) error {
			b := batchOf(c)
			for i := range b.Lines {
				b.Lines[i].Num += c.Base
			}
			b.Err = c.Err
			return emit(b)
		},
	}
	// A batch is one read filling a block of its own, of the reader's
	// buffer size (larger after long lines): its lines are still in the
	// processor's cache when a worker checks them.
	size := len(r.buf)
	// A plain file is read as its batches are asked for; anything else
	// (a decompressor, a pipe) ahead.
	st, isStream := r.r.(*Stream)
	ahead := !isStream || !st.straight
	read := func(q queue) {
		if a, ok := q.(readsAhead); ok {
			a.readAhead(ahead)
		}
		readChunks(r.unread(), Source{}, size, 0, q)
	}
	if onWorkers {
		return o.runLocal(read, true)
	}
	return o.run(read, true)
}

// batchOf returns the Batch a chunk carries through Lines.
func batchOf(c *Chunk) *Batch {
	b, ok := c.Out.(*Batch)
	if !ok {
		b = &Batch{}
		c.Out = b
	}
	return b
}
