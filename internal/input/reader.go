package input

import (
	"bytes"
	"fmt"
	"io"

	"github.com/zsj-dev/zsj/protocol"
)

// Line is one line of input.
type Line struct {
	Num  int    // 1-based line number; blank lines count
	Text []byte // without its line end, and on line 1 without a UTF-8 BOM; valid only until the next call to Next
	EOL  []byte // "\n", "\r\n", or "" for a last line with no newline
	BOM  bool   // line 1 only: a UTF-8 BOM (EF BB BF) preceded it
}

// Prefix returns the byte order mark the line came after, or nil: what
// goes before Text to write the line back as it was read.
func (l Line) Prefix() []byte {
	if l.BOM {
		return bom
	}
	return nil
}

// Blank reports whether the line is empty or only spaces and tabs (such
// lines are ignored but counted).
func (l Line) Blank() bool { return protocol.IsBlank(l.Text) }

// LineError is a read error (for example corrupt compressed data) met while
// reading line Num. The lines before it were returned intact.
type LineError struct {
	Num int
	Err error
}

func (e *LineError) Error() string { return fmt.Sprintf("line %d: %v", e.Num, e.Err) }
func (e *LineError) Unwrap() error { return e.Err }

const (
	initialBufSize = 256 << 10 // bytes; holds many ordinary lines per read
	// maxEmptyReads bounds how often a reader may return nothing and no
	// error before it is taken to be broken, as bufio does.
	maxEmptyReads = 100
)

// Reader splits a stream into lines with no length limit (a 50 MB line must
// work).
//
// It keeps a single buffer and hands out slices of it, so a line is never
// copied on its way to the caller. A line longer than the buffer doubles
// the buffer until it fits, which keeps the line contiguous.
type Reader struct {
	r    io.Reader
	buf  []byte
	head int   // start of the bytes not yet returned
	scan int   // buf[head:scan] is known to hold no '\n'
	tail int   // end of the bytes read
	err  error // the error that ended reading, returned after the data
	num  int   // lines returned so far
}

// NewReader returns a Reader of the lines of r.
func NewReader(r io.Reader) *Reader {
	return newReaderSize(r, initialBufSize)
}

// newReaderSize lets tests start with a tiny buffer, so that growing and
// compacting happen on small inputs.
func newReaderSize(r io.Reader, size int) *Reader {
	return &Reader{r: r, buf: make([]byte, max(size, 1))}
}

// Reset makes r read src from its start, keeping its buffer (unless a
// huge line grew it). Lines handed out are only good until the next call
// anyway, so a reader of many files in turn can use one Reader for all:
// on 2,000 logs of 100 KB, a fresh 256 KB buffer for each, cleared by the
// allocator, had usage spend a third of its time in the garbage
// collector and page faults.
func (r *Reader) Reset(src io.Reader) {
	buf := r.buf
	if len(buf) > maxStickyBlock {
		buf = newBuffer(initialBufSize)
	}
	*r = Reader{r: src, buf: buf}
}

// unread returns what r has not returned yet: the bytes it holds, then the
// rest of its input.
func (r *Reader) unread() io.Reader {
	if r.head == r.tail {
		return r.r
	}
	held := bytes.NewReader(r.buf[r.head:r.tail])
	r.head, r.scan = r.tail, r.tail
	return io.MultiReader(held, r.r)
}

// Next returns the next line; io.EOF after the last. A read error (e.g.
// corrupt gzip mid-file) is returned as is, wrapped in a *LineError with the
// number of the line it happened at; every later call returns it again.
func (r *Reader) Next() (Line, error) {
	var l Line
	err := r.NextInto(&l)
	return l, err
}

// NextInto is Next writing the line into *l, for loops over many small
// lines: a Line is too large to come back in registers, and copying it
// out took a fifth of the time of reading them.
func (r *Reader) NextInto(l *Line) error {
	for {
		if i := bytes.IndexByte(r.buf[r.scan:r.tail], '\n'); i >= 0 {
			r.cut(l, r.scan+i+1, true)
			return nil
		}
		r.scan = r.tail
		if r.err != nil {
			return r.last(l)
		}
		r.fill()
	}
}

// last sets what is left once reading has stopped: a final line with no
// newline, or the reason reading stopped.
func (r *Reader) last(l *Line) error {
	if r.err != io.EOF {
		*l = Line{}
		return &LineError{Num: r.num + 1, Err: r.err}
	}
	if r.head == r.tail {
		*l = Line{}
		return io.EOF
	}
	r.cut(l, r.tail, false)
	return nil
}

// cut sets buf[head:end] as the next line and moves past it; newline says
// whether it ends in '\n'.
func (r *Reader) cut(l *Line, end int, newline bool) {
	line := r.buf[r.head:end:end]
	r.head, r.scan = end, end
	r.num++
	setLine(l, line, r.num, newline, r.num == 1)
}

// newBuffer allocates a read buffer; one of a megabyte or more is backed
// by huge pages where the kernel can, since a line that needs it will
// touch all of it.
func newBuffer(size int) []byte {
	b := make([]byte, size)
	if size >= 1<<20 {
		AdviseHugePages(b)
	}
	return b
}

// LastNewline returns the index of the last '\n' in b, or -1. It goes back
// from the end a few kilobytes at a time with bytes.IndexByte, which is
// vectorised where bytes.LastIndexByte looks at one byte at a time: short
// lines end it at once, and a megabyte-long one quickly.
func LastNewline(b []byte) int {
	const step = 4 << 10
	for end := len(b); end > 0; end -= step {
		start := max(0, end-step)
		if i := bytes.IndexByte(b[start:end], '\n'); i >= 0 {
			return start + i + bytes.LastIndexByte(b[start+i:end], '\n')
		}
	}
	return -1
}

// fill reads more bytes after tail, first making room: the unreturned bytes
// move to the front of the buffer, or, when they fill it, to one twice as
// large.
func (r *Reader) fill() {
	if r.tail == len(r.buf) {
		buf := r.buf
		if r.head == 0 {
			buf = newBuffer(2 * len(r.buf))
		}
		n := copy(buf, r.buf[r.head:r.tail])
		r.buf, r.scan, r.tail, r.head = buf, r.scan-r.head, n, 0
	}
	for range maxEmptyReads {
		n, err := r.r.Read(r.buf[r.tail:])
		r.tail += n
		if err != nil {
			r.err = err
			return
		}
		if n > 0 {
			return
		}
	}
	r.err = io.ErrNoProgress
}
