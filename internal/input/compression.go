package input

import (
	"bytes"
	"fmt"
	"io"

	"github.com/klauspost/compress/gzip"
	"github.com/klauspost/compress/zstd"
)

// Compression is how a stream's bytes are compressed.
type Compression uint8

// The compressions zsj reads and writes.
const (
	None Compression = iota
	Gzip
	Zstd
)

func (c Compression) String() string {
	switch c {
	case None:
		return "none"
	case Gzip:
		return "gzip"
	case Zstd:
		return "zstd"
	}
	return fmt.Sprintf("Compression(%d)", uint8(c))
}

// Magic numbers at the start of a compressed stream. Detection uses these,
// never the file name: logs get renamed, and a wrong guess either way would
// feed binary to the JSON parser or fail a plain file.
var (
	gzipMagic = []byte{0x1f, 0x8b}
	zstdMagic = []byte{0x28, 0xb5, 0x2f, 0xfd}
)

// magicLen is how many leading bytes detect needs.
const magicLen = 4

// detect names the compression that a stream starting with head uses.
func detect(head []byte) Compression {
	switch {
	case bytes.HasPrefix(head, gzipMagic):
		return Gzip
	case bytes.HasPrefix(head, zstdMagic):
		return Zstd
	}
	return None
}

// NewWriter wraps w so that bytes written come out in compression c (None: w
// itself with a no-op Close). Used to write a file back in its own
// compression. Close must be called to flush; it does not close w.
func (c Compression) NewWriter(w io.Writer) (io.WriteCloser, error) {
	switch c {
	case None:
		return nopCloser{w}, nil
	case Gzip:
		return gzip.NewWriter(w), nil
	case Zstd:
		return zstd.NewWriter(w)
	}
	return nil, fmt.Errorf("unknown compression %v", c)
}

type nopCloser struct{ io.Writer }

func (nopCloser) Close() error { return nil }
