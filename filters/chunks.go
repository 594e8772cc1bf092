package filters

import (
	"bytes"
	"io"

	"github.com/zsj-dev/zsj/internal/input"
)

// A chunk is a run of whole lines of one input, read in one go. Chunks are
// the unit of work handed to workers: reading copies nothing per line, and
// a worker finds the lines of its chunk itself, in parallel with the
// others.
type chunk struct {
	name  string
	data  []byte // whole lines; the stream's last line may lack its '\n'
	first bool   // starts at the beginning of its stream (a BOM may lead)
	err   error  // a failure to open (open set) or to read after data
	open  bool   // err is a failure to open: data is empty
	buf   *[]byte
}

// chunkSize is the size of a read: large enough that per-chunk costs
// vanish and that tool outputs of a megabyte fit, small enough that all
// workers get work early. Tests lower it to get many chunks.
var chunkSize = 4 << 20 // bytes

// maxKeptBuf is the largest buffer kept for reuse; a longer line's buffer
// goes back to the garbage collector.
const maxKeptBuf = 16 << 20 // bytes

// freeBufs recycles chunk buffers in parallel runs, where a chunk's bytes
// are dead once its worker is done. A buffer reused is memory the kernel
// has already mapped: reading into fresh memory costs a page fault every
// 4 KB, which made reading twice as slow. (A sync.Pool is emptied by every
// garbage collection, which comes often here.) Sequential runs do not
// recycle: -s and input keep events, and the bytes they came from, alive.
var freeBufs = make(chan *[]byte, 8)

func getBuf() *[]byte {
	select {
	case b := <-freeBufs:
		if len(*b) >= chunkSize {
			return b
		}
		b2 := make([]byte, chunkSize)
		return &b2
	default:
		b := make([]byte, chunkSize)
		return &b
	}
}

func putBuf(b *[]byte) {
	if b == nil || len(*b) > maxKeptBuf {
		return
	}
	select {
	case freeBufs <- b:
	default:
	}
}

// lastNewline returns the index of the last '\n' in b, or -1. The end of b
// is searched backwards first (that is where it usually is); for a long
// line the rest is searched forwards, where bytes.IndexByte is vectorised
// and bytes.LastIndexByte is not.
func lastNewline(b []byte) int {
	const tail = 4 << 10
	if len(b) <= tail {
		return bytes.LastIndexByte(b, '\n')
	}
	if i := bytes.LastIndexByte(b[len(b)-tail:], '\n'); i >= 0 {
		return len(b) - tail + i
	}
	last := -1
	for from := 0; ; {
		i := bytes.IndexByte(b[from:len(b)-tail], '\n')
		if i < 0 {
			return last
		}
		last = from + i
		from = last + 1
	}
}

// readChunks reads every source in order and passes its chunks to send,
// stopping early when send returns false (the run is over).
func readChunks(sources []input.Source, stdin io.Reader, send func(*chunk) bool) {
	for _, src := range sources {
		s, err := input.Open(src, stdin)
		if err != nil {
			if !send(&chunk{name: src.Name, err: err, open: true, first: true}) {
				return
			}
			continue
		}
		ok := readStream(s, send)
		s.Close()
		if !ok {
			return
		}
	}
}

// readStream cuts one stream into chunks: after each read, the whole lines
// in the buffer go out. Reads of a file fill the buffer; a pipe returns
// what it has, so lines arriving slowly are handled as they come and not
// when a megabyte has gathered.
func readStream(s *input.Stream, send func(*chunk) bool) bool {
	buf := getBuf()
	n := 0
	first := true
	for {
		if n == len(*buf) { // one line longer than the buffer: grow it
			bigger := make([]byte, 2*len(*buf))
			copy(bigger, (*buf)[:n])
			buf = &bigger
		}
		m, err := s.Read((*buf)[n:])
		n += m
		if err != nil {
			var readErr error
			if err != io.EOF {
				readErr = err
			}
			if n == 0 && readErr == nil && !first {
				putBuf(buf)
				return true
			}
			return send(&chunk{name: s.Name, data: (*buf)[:n], first: first, err: readErr, buf: buf})
		}
		// The bytes before the ones just read hold no newline: they are
		// the tail of the previous chunk, or a read that ended mid-line.
		if last := lastNewline((*buf)[n-m : n]); last >= 0 {
			end := n - m + last + 1
			next := getBuf()
			for len(*next) < n-end {
				b := make([]byte, 2*len(*next))
				next = &b
			}
			rest := copy(*next, (*buf)[end:n])
			if !send(&chunk{name: s.Name, data: (*buf)[:end], first: first, buf: buf}) {
				return false
			}
			buf, n, first = next, rest, false
		}
	}
}

var bom = []byte{0xef, 0xbb, 0xbf}

// cutLine splits the first line off data: the line without its line end
// (and without a BOM when atStart), and the rest.
func cutLine(data []byte, atStart bool) (line, rest []byte) {
	if atStart && bytes.HasPrefix(data, bom) {
		data = data[len(bom):]
	}
	if i := bytes.IndexByte(data, '\n'); i >= 0 {
		line, rest = data[:i], data[i+1:]
	} else {
		line = data
	}
	if n := len(line); n > 0 && line[n-1] == '\r' {
		line = line[:n-1]
	}
	return line, rest
}

// lines calls fn with each line of a chunk and its 1-based number within
// the chunk, until fn returns false; it returns the number of lines seen.
func lines(data []byte, atStart bool, fn func(num int, line []byte) bool) int {
	num := 0
	for len(data) > 0 {
		var line []byte
		line, data = cutLine(data, atStart && num == 0)
		num++
		if !fn(num, line) {
			break
		}
	}
	return num
}
