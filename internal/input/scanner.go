package input

import "io"

// A Scanner hands out the lines of many sources one after another, on the
// caller's goroutine, for work where a line's result depends on the lines
// before it. A goroutine reads ahead; it starts with the first call of
// Next (a run that asks for no line reads nothing: stdin may be a
// terminal), and is not waited for by Close (a read of a terminal or a
// quiet pipe may never return, which must not keep the run from ending).
//
// Lines stay valid after the next call: their chunks' buffers are not
// reused, so values made from a line may point into it.
type Scanner struct {
	Sources   []Source
	Stdin     io.Reader // read for a Source with no Path
	ChunkSize int       // bytes of one read; 0 means 256 KB
	// Failed reports a source that could not be opened (the error names
	// it) or read to its end ("NAME: line N: ..."), at its place among
	// the lines; Next goes on with the next source.
	Failed func(src Source, err error)
	// Wait, if set, is called each time the next chunk is not read yet,
	// before waiting for it: to hand on the results so far, so that a
	// reader of a slow stream sees them as they come.
	Wait func()
	// Stopped, if set, ends the lines early when it reports true (results
	// can no longer be written, or are no longer wanted).
	Stopped func() bool

	chunks chan *Chunk
	stop   chan struct{}
	cur    *Chunk
	lines  Splitter // cur's
	src    Source   // the source of the last chunk taken
	base   int      // lines of src before cur
	num    int      // the number in src of the last line returned
}

// readAhead is how many chunks the reader may be ahead of the lines
// handed out, so that reading overlaps working.
const readAhead = 4

// Next sets l to the next line, numbered within its source, and reports
// whether there was one: false at the end of the sources or once Stopped.
func (s *Scanner) Next(l *Line) bool {
	if s.chunks == nil {
		s.start()
	}
	for {
		if s.Stopped != nil && s.Stopped() {
			return false
		}
		if c := s.cur; c != nil {
			if s.lines.Next(l) {
				l.Num += c.Base
				s.num = l.Num
				return true
			}
			if c.err != nil {
				s.Failed(c.Source, c.readError())
			}
			s.base += c.Lines
			s.cur = nil
		}
		c, ok := s.take()
		if !ok {
			return false
		}
		if c.Start {
			s.src, s.base, s.num = c.Source, 0, 0
		}
		if c.open {
			s.Failed(c.Source, c.err)
			continue
		}
		c.Base = s.base
		s.cur, s.lines = c, c.Splitter()
	}
}

// take returns the next chunk read, calling Wait first only when there
// is none yet: flushing results after every chunk of a fast input costs
// a write each time and tells no one anything.
func (s *Scanner) take() (*Chunk, bool) {
	select {
	case c, ok := <-s.chunks:
		return c, ok
	default:
	}
	if s.Wait != nil {
		s.Wait()
	}
	c, ok := <-s.chunks
	return c, ok
}

// Position returns the source of the last line returned and its number
// there; 0 when a source has started and none of its lines has come yet.
func (s *Scanner) Position() (Source, int) { return s.src, s.num }

// Close stops the reading goroutine, without waiting for it.
func (s *Scanner) Close() {
	if s.stop != nil {
		close(s.stop)
		s.stop = nil
	}
}

func (s *Scanner) start() {
	s.chunks, s.stop = make(chan *Chunk, readAhead), make(chan struct{})
	size := s.ChunkSize
	if size <= 0 {
		size = initialBufSize
	}
	q := scannerQueue{chunks: s.chunks, stop: s.stop}
	go func() {
		defer close(q.chunks)
		readSources(s.Sources, s.Stdin, size, q)
	}()
}

// scannerQueue gives the reader a new chunk each time, and nothing gives
// chunks or their blocks back: lines handed out may live on.
type scannerQueue struct {
	chunks chan<- *Chunk
	stop   <-chan struct{}
}

func (q scannerQueue) get() *Chunk { return &Chunk{} }
func (q scannerQueue) put(*Chunk)  {}

func (q scannerQueue) send(c *Chunk) bool {
	select {
	case q.chunks <- c:
		return true
	case <-q.stop:
		return false
	}
}
