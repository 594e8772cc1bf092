package input

import (
	"bytes"
	"fmt"
	"io"
	"sync/atomic"

	"github.com/zsj-dev/zsj/internal/interrupt"
)

// A Chunk is a run of whole lines of one source, read in one go: the unit
// of work of an ordered run (Ordered) and of a Scanner. Reading copies
// nothing per line; the worker that gets a chunk finds its lines itself
// (Splitter), in parallel with the other workers.
type Chunk struct {
	Source Source
	// Data holds whole lines; the source's last line may lack its newline.
	Data []byte
	// Start says Data starts its source: numbering starts again, and a
	// byte order mark may lead.
	Start bool
	// Base is the number of lines of the source before Data's first, so a
	// line's number in its source is Base plus its number in the chunk. It
	// is known once the chunks before are done: in Part and Done, not in
	// Work.
	Base int
	// Lines is how many lines the chunk has, once its Splitter has
	// returned them all (or Work has set it, having split them itself).
	Lines int
	// Err, in Done, is the read error that ended the source after Data, a
	// *LineError naming the line it happened at.
	Err error
	// Out is for Work to leave its result in for Done. It is kept from one
	// use of the chunk to the next, so its storage can be reused.
	Out any

	// sourceIndex is the source's place in the run's list (see
	// SourceIndex).
	sourceIndex int
	err         error // a failure to open the source (open) or to read it
	open        bool
	blk         *block // the buffer Data is in, held while the chunk is in flight
	parts       chan any
	done        chan struct{} // one signal per use: Work has returned
	stop        <-chan struct{}
	stopped     *atomic.Bool
}

// Splitter returns the chunk's lines, to be taken with Splitter.Next.
func (c *Chunk) Splitter() Splitter { return Splitter{c: c, rest: c.Data} }

// A Splitter hands out the lines of a chunk, numbered from 1 within it
// (Base plus that within the source). It is a value, to be kept on its
// user's stack with the Line it fills, so that taking a line stores no
// pointer on the heap: one costs a write barrier while the garbage
// collector runs. Declare it before the loop, not in the for statement,
// whose variables are one per iteration, copied on each. Take every line
// unless the run has stopped: the last call of Next sets the chunk's
// Lines, from which the next chunks are numbered.
type Splitter struct {
	c    *Chunk
	rest []byte // the lines not returned yet
	num  int    // lines returned
}

// Next sets l to the next line and reports whether there was one.
func (s *Splitter) Next(l *Line) bool {
	if len(s.rest) == 0 {
		s.c.Lines = s.num
		return false
	}
	data := s.rest
	end, newline := len(data), false
	if i := bytes.IndexByte(data, '\n'); i >= 0 {
		end, newline = i+1, true
	}
	s.rest = data[end:]
	s.num++
	setLine(l, data[:end:end], s.num, newline, s.num == 1 && s.c.Start)
	return true
}

// Text is Next for loops that want only each line's text and number (in
// the chunk): it leaves the line end and byte order mark aside, and hands
// its results back in registers. Filtering a log of short lines spent a
// tenth more instructions taking them with Next. (It cuts the line as Next
// does, not through a helper the two would share: that would be a call
// more per line, which is what Text saves.)
func (s *Splitter) Text() (text []byte, num int, ok bool) {
	if len(s.rest) == 0 {
		s.c.Lines = s.num
		return nil, s.num, false
	}
	data := s.rest
	end, newline := len(data), false
	if i := bytes.IndexByte(data, '\n'); i >= 0 {
		end, newline = i+1, true
	}
	s.rest = data[end:]
	s.num++
	text, _ = lineText(data[:end], newline, s.num == 1 && s.c.Start)
	return text, s.num, true
}

// Send hands a part of the chunk's result to Part at once, ahead of the
// rest (results too large to hold, or ones a reader should see while the
// chunk goes on). It waits while Part is behind, and reports false once
// the run has stopped, when the part is dropped.
func (c *Chunk) Send(part any) bool {
	select {
	case c.parts <- part:
		return true
	case <-c.stop:
		return false
	}
}

// Stopped reports that the run has stopped (a Done or Part failed): work
// on a long chunk can end early, its results are no longer wanted.
func (c *Chunk) Stopped() bool { return c.stopped != nil && c.stopped.Load() }

// readError is the read error that ended the chunk's source, naming the
// source and the line: "NAME: line N: ...".
func (c *Chunk) readError() error {
	if c.Err == nil {
		c.Err = &LineError{Num: c.Base + c.Lines + 1, Err: c.err}
	}
	return ReadError(c.Source, c.Err)
}

// ReadError names the source of a read error from its lines (a *LineError,
// which names the line): "NAME: line N: ...". Every reader of inputs words
// them so.
func ReadError(src Source, err error) error {
	return fmt.Errorf("%s: %w", src.Name, err)
}

// queue is where readSources gets empty chunks and sends full ones.
type queue interface {
	// get returns a chunk to fill; nil once the run has stopped.
	get() *Chunk
	// put gives back a chunk that was not filled.
	put(*Chunk)
	// send passes a filled chunk on; false once the run has stopped.
	send(*Chunk) bool
}

// readsAhead is a queue that reads some streams only as its chunks are
// asked for: readAhead says whether the stream about to be read is to be
// read ahead instead (one whose reads cost the reader more than a copy:
// a decompressor, or a pipe that may be slow).
type readsAhead interface{ readAhead(bool) }

// readSources reads every source in order, size bytes a read, and sends
// its chunks, until the sources end or the run stops. A source that cannot
// be opened goes as a chunk with only that error; each stream is closed
// once read.
//
// Files are read, not mapped: on the virtual machines zsj was measured
// on, scanning a mapped page cache cost three times as much as reading
// into a few buffers that stay in the processor's cache (page faults and
// TLB misses on 4 KB pages, and unmapping at the end).
func readSources(sources []Source, stdin io.Reader, size int, q queue) {
	for i, src := range sources {
		if interrupt.Requested() {
			return // the stream read last ended with the interrupt
		}
		s, err := Open(src, stdin)
		if err != nil {
			c := q.get()
			if c == nil {
				return
			}
			c.Source, c.sourceIndex, c.Start, c.open, c.err = src, i, true, true, err
			if !q.send(c) {
				return
			}
			continue
		}
		if a, ok := q.(readsAhead); ok {
			a.readAhead(!s.straight)
		}
		ok := readSourceChunks(s, src, i, s.blockSize(blockReads*size), size, q)
		s.Close()
		if !ok {
			return
		}
	}
}

// readChunks cuts one stream into chunks: after each read, the whole
// lines read so far go out. Reads of a file come back full; a pipe returns
// what it has, so lines arriving slowly are worked on as they come and not
// once a buffer has filled. An empty stream still sends one empty chunk,
// so that what follows knows which source it is in. A read error drops
// the partial line before it, as Reader.Next does, and goes in a chunk of
// its own. It reports false when the run has stopped.
//
// Reads of up to size bytes (0: as many as the block has room for) go into
// a block of blockSize bytes until it is full; the partial line at its end
// then moves to a new block (one twice as large when the line fills the
// block).
func readChunks(r io.Reader, src Source, blockSize, size int, q queue) bool {
	return readSourceChunks(r, src, 0, blockSize, size, q)
}

// readSourceChunks is readChunks for the source at index in the run's
// list.
func readSourceChunks(r io.Reader, src Source, index, blockSize, size int, q queue) bool {
	blk := getBlock(blockSize)
	defer func() { blk.release() }()
	start, n := 0, 0 // blk.data[start:n] is read and not yet sent
	first := true
	// The chunk the next lines go in is taken before they are read: a run
	// reads ahead only as far as it has chunks free.
	var c *Chunk
	defer func() {
		if c != nil {
			q.put(c)
		}
	}()
	send := func(end int, err error) bool {
		if c == nil {
			if c = q.get(); c == nil {
				return false
			}
		}
		blk.refs.Add(1)
		c.Source, c.sourceIndex, c.Start, c.Data, c.err, c.blk = src, index, first, blk.data[start:end], err, blk
		start, first = end, false
		sent := q.send(c)
		c = nil
		return sent
	}
	empty := 0 // reads in a row that brought nothing
	for {
		if c == nil {
			if c = q.get(); c == nil {
				return false
			}
		}
		if n == len(blk.data) {
			// A log of long lines needs long blocks throughout: a block
			// grown for one is the size of the next, up to a point.
			grown := blockSize
			if len(blk.data) <= maxStickyBlock {
				grown = max(grown, len(blk.data))
			}
			next := getBlock(max(grown, 2*(n-start)))
			n = copy(next.data, blk.data[start:n])
			blk.release()
			blk, start = next, 0
		}
		end := len(blk.data)
		if size > 0 {
			end = min(n+size, end)
		}
		m, err := r.Read(blk.data[n:end])
		n += m
		if err == nil && m == 0 {
			if empty++; empty == maxEmptyReads {
				err = io.ErrNoProgress
			}
		} else {
			empty = 0
		}
		if err == io.EOF {
			if n == start && !first {
				return true
			}
			return send(n, nil)
		}
		// The bytes before the ones just read hold no newline: they are
		// the partial line left from the last chunk.
		if last := LastNewline(blk.data[n-m : n]); last >= 0 {
			if !send(n-m+last+1, nil) {
				return false
			}
		}
		if err != nil {
			return send(start, err) // the partial line is not returned
		}
	}
}

// reuse readies a chunk for its next use.
func (c *Chunk) reuse() {
	c.Source, c.sourceIndex, c.Data, c.Start, c.Base, c.Lines, c.Err = Source{}, 0, nil, false, 0, 0, nil
	c.err, c.open = nil, false
}

// letGo gives up the chunk's hold on its block, once its lines are done
// with.
func (c *Chunk) letGo() {
	c.blk.release()
	c.blk = nil
}

// SourceIndex is the place of the chunk's source in the list the run
// reads: it tells two namings of one file apart, which Source does not.
func (c *Chunk) SourceIndex() int { return c.sourceIndex }
