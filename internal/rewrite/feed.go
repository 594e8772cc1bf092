package rewrite

import (
	"errors"
	"io"
	"os"

	"github.com/zsj-dev/zsj/internal/input"
	"github.com/zsj-dev/zsj/protocol"
	"github.com/zsj-dev/zsj/redact"
)

// A feed hands out the lines of one input with what the transform made of
// them, in input order, on the goroutine that writes them.
type feed interface {
	// next puts the next line in l and returns its problems; io.EOF at
	// the end, or the read error that ended the input (a
	// *input.LineError). A line's out is valid until the next call. The
	// line is filled in place: a writer hands on more than a million
	// lines a second, and copies of it returned by value at each step
	// were a tenth of redact's time on a log of small deltas.
	next(l *outLine) ([]protocol.Problem, error)
	// close lets go of the input; the stream may be closed once it returns.
	close()
}

// serialFeed transforms each line as it is asked for, on the caller's
// goroutine. It is the feed for a live standard input: nothing is read
// before the lines before it are written (see flushBeforeRead).
type serialFeed struct {
	lines *input.Reader
	t     Transform
	j     *deltaJoiner // when redacting: every join is the writer's
	buf   []byte       // the transform's output buffer, reused across lines
}

func (f *serialFeed) next(l *outLine) ([]protocol.Problem, error) {
	line, err := f.lines.Next()
	if err != nil {
		return nil, err
	}
	*l = outLine{Line: line}
	var problems []protocol.Problem
	l.out, l.changed, problems = f.t(line, f.buf[:0])
	if l.out != nil {
		f.buf = l.out[:0]
	}
	switch {
	case f.j == nil:
	case l.changed && l.out == nil:
		// Dropped: the deltas around it are consecutive in the output.
		l.note = deltaNote{kind: neutralLine}
	default:
		f.j.reader.Reset() // the delta's text is not kept
		l.note, _ = f.j.inspect(l.text(), nil)
		l.note.needsPrev, l.note.openEnd = true, true
	}
	return problems, nil
}

func (f *serialFeed) close() {}

// parallelFeed transforms an input's lines on all cores (input.Lines, one
// Transform per worker) and hands them out in order. The batch of lines
// being handed out is held by input.Lines' emit, on the pipeline's own
// goroutine, until the feed moves past it; its block is then reused.
type parallelFeed struct {
	batches chan *input.Batch
	release chan struct{} // the batch handed out is done with
	stop    chan struct{} // closed by close
	ended   chan struct{} // closed once the pipeline has ended
	// wait is called, when set, each time the next batch is not ready:
	// to write out what is done before waiting.
	wait func()

	cur *input.Batch
	res *batchResult
	i   int // the next line of cur
}

// batchResult is what the transform made of a batch's lines.
type batchResult struct {
	lines []lineResult
	out   []byte // the new text of the changed lines, one after the other
}

// lineResult is what the transform made of one line.
type lineResult struct {
	start, end int // its new text in batchResult.out, when changed
	changed    bool
	dropped    bool
	problems   []protocol.Problem // Line numbered within the batch
	note       deltaNote
}

// maxKeptOut is the largest batch output buffer kept for the next batch:
// one grown for a huge line goes back to the garbage collector.
const maxKeptOut = 4 << 20 // bytes

// errFeedClosed ends a pipeline whose lines are no longer wanted.
var errFeedClosed = errors.New("feed closed")

// workerSet is one Transform per worker, made once per Run: a transform
// need not be safe for concurrent use.
type workerSet struct {
	ts []Transform
	// When redacting, each worker's joiner and its scratch space.
	joiners []*deltaJoiner
	deltas  [][]redact.Delta
}

// newWorkerSet makes n workers' transforms, and when redacting
// (newWorker set) their joiners, each made with its worker's transform.
func newWorkerSet(n int, newTransform func() Transform, newWorker func() (Transform, *deltaJoiner)) *workerSet {
	ws := &workerSet{ts: make([]Transform, n)}
	if newWorker != nil {
		ws.joiners, ws.deltas = make([]*deltaJoiner, n), make([][]redact.Delta, n)
	}
	for i := range ws.ts {
		if newWorker != nil {
			ws.ts[i], ws.joiners[i] = newWorker()
		} else {
			ws.ts[i] = newTransform()
		}
	}
	return ws
}

// work transforms the lines of b with worker w's transform, leaving the
// new text of the changed lines in the batch's result.
func (ws *workerSet) work(w int, b *input.Batch) {
	res, _ := b.Out.(*batchResult)
	if res == nil {
		res = &batchResult{}
		b.Out = res
	}
	if cap(res.out) > maxKeptOut {
		res.out = nil
	}
	res.lines, res.out = res.lines[:0], res.out[:0]
	if ws.joiners != nil {
		ws.joiners[w].shapes = ws.joiners[w].shapes[:0]
	}
	t := ws.ts[w]
	for _, line := range b.Lines {
		// A changed line is appended to what the lines before left in
		// res.out, as a Transform appends to dst: it is not copied.
		base := len(res.out)
		out, changed, problems := t(line, res.out)
		lr := lineResult{changed: changed, problems: problems}
		switch {
		case changed && out == nil:
			lr.dropped = true
		case changed && len(out) >= base:
			res.out = out
			lr.start, lr.end = base, len(out)
		case changed: // not appended to dst after all: copied
			lr.start = base
			res.out = append(res.out, out...)
			lr.end = len(res.out)
		}
		res.lines = append(res.lines, lr)
	}
	if ws.joiners != nil {
		ws.joinBatch(w, res, b.Lines)
	}
}

// joinBatch notes what each line of a batch is to the stream of deltas,
// and makes the joins between those of the batch.
func (ws *workerSet) joinBatch(w int, res *batchResult, lines []input.Line) {
	j := ws.joiners[w]
	j.reader.Reset() // the texts of the last batch's deltas are done with
	deltas := ws.deltas[w][:0]
	// The transform told the joiner the shape of each line, or of none.
	shaped := len(j.shapes) == len(res.lines)
	for i := range res.lines {
		lr := &res.lines[i]
		var sh *lineShape
		if shaped {
			sh = &j.shapes[i]
		}
		var d redact.Delta
		if lr.dropped {
			// The deltas around it are consecutive in the output. (Its
			// redaction may have given the parser a new shape.)
			lr.note = deltaNote{kind: neutralLine}
			j.reader.LoseShape()
		} else {
			lr.note, d = j.inspect(res.text(i, lines), sh)
		}
		deltas = append(deltas, d)
	}
	j.joinBatch(res, lines, deltas)
	clear(deltas) // let go of the lines
	ws.deltas[w] = deltas
}

// newParallelFeed starts transforming s on ws's workers.
func newParallelFeed(s *input.Stream, ws *workerSet, wait func()) *parallelFeed {
	f := &parallelFeed{
		batches: make(chan *input.Batch),
		release: make(chan struct{}),
		stop:    make(chan struct{}),
		ended:   make(chan struct{}),
		wait:    wait,
	}
	emit := func(b *input.Batch) error {
		select {
		case f.batches <- b:
		case <-f.stop:
			return errFeedClosed
		}
		select {
		case <-f.release:
			return nil
		case <-f.stop:
			return errFeedClosed
		}
	}
	go func() {
		defer close(f.ended)
		defer close(f.batches)
		input.Lines(s.Lines(), len(ws.ts), ws.work, emit)
	}()
	return f
}

func (f *parallelFeed) next(l *outLine) ([]protocol.Problem, error) {
	for f.cur == nil || f.i == len(f.cur.Lines) {
		if f.cur != nil {
			if err := f.cur.Err; err != nil {
				return nil, err
			}
			f.release <- struct{}{}
			f.cur = nil
		}
		b, ok := f.take()
		if !ok {
			return nil, io.EOF
		}
		f.cur, f.res, f.i = b, b.Out.(*batchResult), 0
	}
	line, r := &f.cur.Lines[f.i], &f.res.lines[f.i]
	f.i++
	l.Line, l.changed, l.note, l.out = *line, r.changed, r.note, nil
	if r.changed && !r.dropped {
		l.out = f.res.out[r.start:r.end:r.end]
	}
	// The worker numbered the line within its batch: move what it
	// reported to the line's place in the input.
	shift := line.Num - f.i
	for i := range r.problems {
		if r.problems[i].Line != 0 {
			r.problems[i].Line += shift
		}
	}
	return r.problems, nil
}

// take returns the next batch, calling wait first when it is not ready.
func (f *parallelFeed) take() (*input.Batch, bool) {
	select {
	case b, ok := <-f.batches:
		return b, ok
	default:
	}
	if f.wait != nil {
		f.wait()
	}
	b, ok := <-f.batches
	return b, ok
}

// close stops the pipeline and waits for it to end, so that the stream it
// reads can be closed.
func (f *parallelFeed) close() {
	close(f.stop)
	<-f.ended
}

// readsAhead reports whether an input may be read ahead of its output,
// on all cores. A file can. Standard input can when it is a file too;
// a pipe or a terminal may be a live producer (zero exec ... | zsj
// upgrade | client), whose events must come out as they arrive: its
// lines are read only once those before are written.
func readsAhead(src input.Source, stdin io.Reader) bool {
	if !src.IsStdin() {
		return true
	}
	f, ok := stdin.(*os.File)
	if !ok {
		return false
	}
	fi, err := f.Stat()
	return err == nil && fi.Mode().IsRegular()
}
