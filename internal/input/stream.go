package input

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"

	"github.com/klauspost/compress/gzip"
	"github.com/klauspost/compress/zstd"

	"github.com/zsj-dev/zsj/internal/interrupt"
)

// Stream is an opened source, decompressed. Compression is detected from
// the first bytes (gzip 1f 8b, zstd 28 b5 2f fd), never from the name.
type Stream struct {
	Source
	Compression Compression

	r      io.Reader // the decompressed bytes
	closer func()    // releases the decompressor, if any
	file   *os.File  // nil for stdin, which is not ours to close
	// straight: a plain file read with nothing in between, at the pace
	// its reader asks (see plainAt); a pipe or a decompressor is read
	// ahead where it can be.
	straight bool
}

// peekSize is the buffer that detection reads into. Once it is drained,
// bufio hands large reads straight to the file, so it costs no extra copy.
const peekSize = 4 << 10

// Open opens src (stdin for a Source with no Path) and sets up
// decompression. Errors name the path. A corrupt gzip or zstd header fails
// here; damage further on surfaces from Read.
func Open(src Source, stdin io.Reader) (*Stream, error) {
	s := &Stream{Source: src}
	var raw io.Reader = stdin
	if !src.IsStdin() {
		f, err := openFile(src.Path)
		if err != nil {
			return nil, err // *fs.PathError: "open PATH: ..."
		}
		s.file, raw = f, f
	} else if stdin == nil {
		return nil, errors.New("no standard input to read")
	}
	raw = interrupt.Reader(raw) // Ctrl-C ends every read with an error
	if s.file != nil && s.plainAt() {
		s.r, s.straight = raw, true
		return s, nil
	}
	if err := s.decompress(bufio.NewReaderSize(raw, peekSize)); err != nil {
		s.Close()
		var pe *fs.PathError
		if errors.As(err, &pe) {
			return nil, err // "read PATH: ..." names the path already
		}
		return nil, fmt.Errorf("%s: %w", src.Name, err)
	}
	return s, nil
}

// plainAt reports whether the file can be read at an offset (a regular
// file, not a pipe) and starts like no compressed stream: it is then read
// straight, with no buffer in between. (Through the peek buffer, the first
// read of a 100 KB log brought its first 4 KB, and the next read the rest:
// two chunks, each worked on and handed on, for a log of one. In a folder
// of small logs that was half the chunks.)
func (s *Stream) plainAt() bool {
	var head [magicLen]byte
	n, err := s.file.ReadAt(head[:], 0)
	if err != nil && err != io.EOF {
		return false // a pipe, or the read fails: the stream path tells
	}
	return detect(head[:n]) == None
}

// decompress detects the compression from the first bytes of br and sets
// s.r to read the decompressed stream.
func (s *Stream) decompress(br *bufio.Reader) error {
	head, err := br.Peek(magicLen)
	if err != nil && err != io.EOF { // shorter than magicLen is plain text
		return err
	}
	s.Compression = detect(head)
	switch s.Compression {
	case Gzip:
		zr, err := gzip.NewReader(br) // reads the header now
		if err == io.EOF || err == io.ErrUnexpectedEOF {
			return fmt.Errorf("gzip: %w", io.ErrUnexpectedEOF) // say what ended early
		}
		if err != nil {
			return err // "gzip: invalid header", or a read error
		}
		s.r, s.closer = zr, func() { zr.Close() }
	case Zstd:
		// Check the frame header now, as gzip.NewReader does, so that a file
		// that only starts like zstd is refused by Open. The decoder itself
		// reads nothing until the first Read.
		head, _ := br.Peek(zstd.HeaderMaxSize) // a short head fails Decode
		var h zstd.Header
		if err := h.Decode(head); err != nil {
			return fmt.Errorf("zstd: %w", err)
		}
		// One decoder, in this goroutine: on 2 cores BenchmarkStreamLines
		// ran faster (about 2.4 against 1.3 GB/s) than with the
		// library's default pipeline of goroutines, and none can leak.
		zr, err := zstd.NewReader(br, zstd.WithDecoderConcurrency(1))
		if err != nil {
			return err
		}
		// Close releases the decoder and its buffers.
		s.r, s.closer = zr, zr.Close
	default:
		s.r = br
	}
	return nil
}

// Read reads decompressed bytes. Errors are returned as they come, without
// the source's name: the caller knows which stream it is reading.
func (s *Stream) Read(p []byte) (int, error) { return s.r.Read(p) }

// Close releases the decompressor and closes the file. Stdin is left open.
func (s *Stream) Close() error {
	if s.closer != nil {
		s.closer()
		s.closer = nil
	}
	if s.file == nil {
		return nil
	}
	f := s.file
	s.file = nil
	return f.Close()
}

// Lines returns a line reader over the decompressed stream.
func (s *Stream) Lines() *Reader { return NewReader(s) }

// Each opens every source in turn and calls fn with it. A source that
// cannot be opened or decompressed is passed to onErr and skipped; the
// others are still processed. fn's error stops the walk and is returned
// (so a closed stdout stops everything). Each closes every stream it
// opened; errors closing a file that was only read are of no use and
// ignored.
func Each(sources []Source, stdin io.Reader, onErr func(Source, error), fn func(*Stream) error) error {
	for _, src := range sources {
		if interrupt.Requested() {
			return interrupt.ErrInterrupted // not one error for each file left
		}
		s, err := Open(src, stdin)
		if err != nil {
			onErr(src, err)
			continue
		}
		err = fn(s)
		s.Close()
		if err != nil {
			return err
		}
	}
	return nil
}
