package replay

import (
	"bufio"
	"io"
	"math/rand/v2"
	"slices"
	"time"
)

// splitPause is the pause between the pieces of a line under split-writes:
// long enough that a reader on the other end of a pipe wakes up and reads
// a piece on its own, short enough to keep tests quick.
const splitPause = 2 * time.Millisecond

// bufferedSize is the output buffer of --buffered, big enough that writing
// to a file or /dev/null costs few system calls.
const bufferedSize = 1 << 20 // bytes

// lineWriter writes lines the way Options ask: by default each line in one
// write of its own, so a client sees every event as soon as Zero would have
// sent it; with --buffered through a large buffer, for throughput; with
// split-writes in a few pieces cut at random bytes, which may fall inside
// a UTF-8 sequence, as pipes are free to deliver them.
type lineWriter struct {
	out     io.Writer
	bw      *bufio.Writer // --buffered; nil otherwise
	split   *rand.Rand    // split-writes; nil otherwise
	sleep   func(time.Duration)
	scratch []byte
	cuts    []int
}

func newLineWriter(out io.Writer, buffered bool, split *rand.Rand, sleep func(time.Duration)) *lineWriter {
	w := &lineWriter{out: out, split: split, sleep: sleep}
	if buffered {
		w.bw = bufio.NewWriterSize(out, bufferedSize)
		w.out = w.bw
	}
	return w
}

// line writes prefix, text and eol as one line.
func (w *lineWriter) line(prefix, text, eol []byte) error {
	if w.bw != nil && w.split == nil {
		// The buffer joins the pieces; copying them first would be a waste.
		w.bw.Write(prefix)
		w.bw.Write(text)
		_, err := w.bw.Write(eol)
		return err
	}
	w.scratch = append(append(append(w.scratch[:0], prefix...), text...), eol...)
	return w.raw(w.scratch)
}

// raw writes b as it is: one write, or pieces under split-writes. What is
// written is flushed, except with --buffered and no split-writes.
func (w *lineWriter) raw(b []byte) error {
	if w.split == nil || len(b) < 2 {
		return w.write(b)
	}
	pos := 0
	for _, cut := range w.cutPoints(len(b)) {
		if err := w.write(b[pos:cut]); err != nil {
			return err
		}
		if err := w.flush(); err != nil {
			return err
		}
		w.sleep(splitPause)
		pos = cut
	}
	return w.write(b[pos:])
}

func (w *lineWriter) write(b []byte) error {
	_, err := w.out.Write(b)
	return err
}

// cutPoints picks where a line of n bytes is cut: one to four cuts, so two
// to five pieces, at distinct offsets inside the line.
func (w *lineWriter) cutPoints(n int) []int {
	want := min(1+w.split.IntN(4), n-1)
	w.cuts = w.cuts[:0]
	for len(w.cuts) < want {
		c := 1 + w.split.IntN(n-1)
		if !slices.Contains(w.cuts, c) {
			w.cuts = append(w.cuts, c)
		}
	}
	slices.Sort(w.cuts)
	return w.cuts
}

// flush sends what --buffered holds; before a pause or the end, so a
// client is never left waiting for bytes stuck in the buffer.
func (w *lineWriter) flush() error {
	if w.bw == nil {
		return nil
	}
	return w.bw.Flush()
}
