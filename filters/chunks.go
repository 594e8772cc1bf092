package filters

import (
	"bytes"
	"errors"
	"io"
	"os"
	"runtime/debug"

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
// stopping early when send returns false (the run is over). Plain files
// are mapped rather than read; their mappings are handed to keep, to be
// released once nothing uses their bytes any more.
func readChunks(sources []input.Source, stdin io.Reader, send func(*chunk) bool, keep func(unmap func())) {
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	var current string
	defer func() {
		if r := recover(); r != nil {
			send(&chunk{name: current, err: faultError(r)})
		}
	}()
	for _, src := range sources {
		current = src.Name
		if data, unmap, ok := mapSource(src, stdin); ok {
			keep(unmap)
			if !sendMapped(src.Name, data, send) {
				return
			}
			continue
		}
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

// faultError turns a fault on a mapped file (it shrank while it was being
// read; the goroutine asked for a panic rather than a crash) into a read
// error. Any other panic goes on.
func faultError(r any) error {
	if _, ok := r.(interface{ Addr() uintptr }); ok {
		return errors.New("the file shrank while it was being read")
	}
	panic(r)
}

// minMapped is the smallest file worth mapping; a smaller one is read as
// fast.
const minMapped = 1 << 20 // bytes

// mapSource maps a source when it is an uncompressed regular file of some
// size (standard input too, when it is one); otherwise it is read.
func mapSource(src input.Source, stdin io.Reader) (data []byte, unmap func(), ok bool) {
	f, isFile := stdin.(*os.File)
	if !src.IsStdin() {
		var err error
		if f, err = os.Open(src.Path); err != nil {
			return nil, nil, false // input.Open reports it
		}
		defer f.Close() // the mapping outlives the descriptor
	} else if !isFile {
		return nil, nil, false
	}
	info, err := f.Stat()
	if err != nil || !info.Mode().IsRegular() {
		return nil, nil, false
	}
	offset := int64(0)
	if src.IsStdin() {
		if offset, err = f.Seek(0, io.SeekCurrent); err != nil {
			return nil, nil, false
		}
	}
	size := info.Size() - offset
	var head [4]byte
	if size < minMapped || compressed(f, offset, head[:]) {
		return nil, nil, false
	}
	data, unmap, err = mapFile(f, offset, size)
	if err != nil {
		return nil, nil, false
	}
	if src.IsStdin() {
		f.Seek(0, io.SeekEnd) // read to the end, as a read would have
	}
	return data, unmap, true
}

// compressed reports whether the file starts, at offset, like gzip or
// zstd: those are read through input's decompressors (which detect them
// the same way).
func compressed(f *os.File, offset int64, head []byte) bool {
	n, _ := f.ReadAt(head, offset)
	head = head[:n]
	return bytes.HasPrefix(head, []byte{0x1f, 0x8b}) || bytes.HasPrefix(head, []byte{0x28, 0xb5, 0x2f, 0xfd})
}

// sendMapped cuts a mapped file into chunks of whole lines.
func sendMapped(name string, data []byte, send func(*chunk) bool) bool {
	for first := true; len(data) > 0; first = false {
		// Cut at the first line end after chunkSize: the bytes before it
		// are the workers' to read (reading them here would fault the
		// whole file in on this one goroutine).
		n := len(data)
		if n > chunkSize {
			if j := bytes.IndexByte(data[chunkSize:], '\n'); j >= 0 {
				n = chunkSize + j + 1
			}
		}
		if !send(&chunk{name: name, data: data[:n], first: first}) {
			return false
		}
		data = data[n:]
	}
	return true
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
