package filters

import (
	"bytes"
	"io"
	"sync/atomic"

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
	buf   *block // released when the chunk is done (parallel runs)
}

// readSize is the size of one read: large enough that per-read and
// per-chunk costs vanish, small enough that the lines it brings are still
// in the processor's cache when a worker scans them. Tests lower it to get
// many chunks.
var readSize = 1 << 20 // bytes

// blockReads is how many reads fill a block. The partial line at the end
// of a block is copied to the next one: with large blocks that copy is
// rare, even when lines are as long as a read.
const blockReads = 8

// maxKeptBlock is the largest block kept for reuse; a block grown for a
// very long line goes back to the garbage collector.
const maxKeptBlock = 32 << 20 // bytes

// A block is a buffer that reads go into; the chunks cut from it share it.
// It is reused once the reader and every chunk are done with it.
type block struct {
	data []byte
	refs atomic.Int32
}

// freeBlocks recycles blocks in parallel runs, where a chunk's bytes are
// dead once its worker is done. A block reused is memory the kernel has
// already mapped, likely still in cache: reading into fresh memory costs
// a page fault every 4 KB, which made reading twice as slow. (A sync.Pool
// is emptied by every garbage collection, which comes often here.)
// Sequential runs do not give blocks back: -s and input keep events, and
// the bytes they came from, alive.
var freeBlocks = make(chan *block, 8)

// getBlock returns a block of at least size bytes, held once (by the
// reader).
func getBlock(size int) *block {
	select {
	case b := <-freeBlocks:
		if len(b.data) >= size {
			b.refs.Store(1)
			return b
		}
	default:
	}
	b := &block{data: make([]byte, size)}
	input.AdviseHugePages(b.data)
	b.refs.Store(1)
	return b
}

// release gives up one hold on a block; the last one returns it for reuse.
func release(b *block) {
	if b == nil || b.refs.Add(-1) > 0 || len(b.data) > maxKeptBlock {
		return
	}
	select {
	case freeBlocks <- b:
	default:
	}
}

// readChunks reads every source in order, size bytes a read, and passes
// its chunks to send, stopping early when send returns false (the run is
// over).
//
// Files are read, not mapped: on the virtual machines zsj was measured
// on, scanning a mapped page cache cost three times as much as reading
// into a few buffers that stay in the processor's cache (page faults and
// TLB misses on 4 KB pages, and unmapping at the end).
func readChunks(sources []input.Source, stdin io.Reader, size int, send func(*chunk) bool) {
	for _, src := range sources {
		s, err := input.Open(src, stdin)
		if err != nil {
			if !send(&chunk{name: src.Name, err: err, open: true, first: true}) {
				return
			}
			continue
		}
		ok := readStream(s, size, send)
		s.Close()
		if !ok {
			return
		}
	}
}

// readStream cuts one stream into chunks: after each read, the whole lines
// read so far go out. Reads of a file come back full; a pipe returns what
// it has, so lines arriving slowly are handled as they come and not when a
// megabyte has gathered.
func readStream(s *input.Stream, size int, send func(*chunk) bool) bool {
	blk := getBlock(blockReads * size)
	defer func() { release(blk) }()
	start, n := 0, 0 // blk.data[start:n] is read and not yet sent
	first := true
	emit := func(end int, err error) bool {
		blk.refs.Add(1)
		c := &chunk{name: s.Name, data: blk.data[start:end], first: first, err: err, buf: blk}
		start, first = end, false
		return send(c)
	}
	for {
		if len(blk.data)-n < size {
			// No room for a whole read: carry the partial line over to
			// a fresh block (a larger one for a line longer than this).
			next := getBlock(max(blockReads*size, 2*(n-start)+size))
			n = copy(next.data, blk.data[start:n])
			release(blk)
			blk, start = next, 0
		}
		m, err := s.Read(blk.data[n : n+size])
		n += m
		if err != nil {
			var readErr error
			if err != io.EOF {
				readErr = err
			}
			if n == start && readErr == nil && !first {
				return true
			}
			return emit(n, readErr)
		}
		// The bytes before the ones just read hold no newline: they
		// are the partial line left from the last chunk.
		if last := input.LastNewline(blk.data[n-m : n]); last >= 0 {
			if !emit(n-m+last+1, nil) {
				return false
			}
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
