package rewrite

import (
	"bufio"
	"errors"
	"fmt"
	"github.com/zsj-dev/zsj/internal/interrupt"
	"io"
	"os"
	"strings"

	"github.com/zsj-dev/zsj/internal/atomicfile"
	"github.com/zsj-dev/zsj/internal/input"
)

// wrapOutput is what writes to a file being replaced go through: tests
// swap in a writer that fails midway, as a full disk would.
var wrapOutput = func(w io.Writer) io.Writer { return w }

// toStream writes every input, rewritten, to out, in order.
func (r *runner) toStream(sources []input.Source, out io.Writer) error {
	w := bufio.NewWriterSize(out, outBufSize)
	if r.opts.Stdin != nil && !readsAhead(input.Source{}, r.opts.Stdin) {
		r.stdin = &flushBeforeRead{r: r.opts.Stdin, w: w}
	}
	// Lines read ahead come out as they are done: what is written is
	// flushed whenever the next lines are not ready.
	wait := func() {
		if w.Buffered() > 0 {
			w.Flush()
		}
	}
	err := r.each(sources, func(s *input.Stream, res *FileResult) error {
		if r.opts.Strict {
			return r.spooled(s, res, w)
		}
		p := r.newPass(s, res, wait)
		defer p.close()
		return p.copyLines(w)
	})
	if err != nil {
		return err
	}
	return w.Flush()
}

// flushBeforeRead writes out what is buffered each time standard input is
// about to be read, which may block: events from a live producer
// (zero exec ... | zsj upgrade | client) then come out as they arrive, not
// when the buffer fills. Input read from a file comes in large reads, so
// this adds few writes. A failed flush is not lost: the buffer keeps the
// error and the next write returns it.
type flushBeforeRead struct {
	r io.Reader
	w *bufio.Writer
}

func (f *flushBeforeRead) Read(p []byte) (int, error) {
	if f.w.Buffered() > 0 {
		f.w.Flush()
	}
	return f.r.Read(p)
}

// spooled rewrites one input into a temporary file first and copies it to
// w only if Strict did not refuse it: the input's first lines cannot be
// taken back from a stream once a bad line shows up further down.
func (r *runner) spooled(s *input.Stream, res *FileResult, w *bufio.Writer) error {
	spool, err := os.CreateTemp("", "zsj-spool-*")
	if err != nil {
		return err
	}
	defer func() {
		spool.Close()
		os.Remove(spool.Name())
	}()
	sw := bufio.NewWriterSize(spool, outBufSize)
	p := r.newPass(s, res, nil)
	err = p.copyLines(sw)
	p.close()
	if err != nil {
		return err
	}
	if err := sw.Flush(); err != nil {
		return err
	}
	if res.Refused {
		return nil
	}
	if _, err := spool.Seek(0, io.SeekStart); err != nil {
		return err
	}
	_, err = w.ReadFrom(spool)
	return err
}

// errNoInput abandons the output file when no input could be opened:
// an empty file would look like a successful rewrite of nothing.
var errNoInput = errors.New("no input could be read")

// toFile writes every input, rewritten, to opts.Output, replacing it only
// once everything is written.
func (r *runner) toFile(sources []input.Source) error {
	c := compressionOf(r.opts.Output)
	err := atomicfile.Write(r.opts.Output, atomicfile.Options{}, func(w io.Writer) error {
		zw, err := c.NewWriter(wrapOutput(w))
		if err != nil {
			return err
		}
		err = r.toStream(sources, zw)
		if err == nil && interrupt.Requested() {
			// Ctrl-C stopped the reading: the file stays as it was.
			err = interrupt.ErrInterrupted
		}
		if cerr := zw.Close(); err == nil {
			err = cerr
		}
		if err == nil && r.stats.Files == 0 {
			err = errNoInput
		}
		if err != nil && err != errNoInput {
			err = fmt.Errorf("write %s: %w", r.opts.Output, err) // atomicfile names only its own failures
		}
		return err
	})
	if err == errNoInput {
		return nil // every input was reported as it failed
	}
	return err
}

// compressionOf picks an output file's compression from its name, the
// way users name compressed logs.
func compressionOf(path string) input.Compression {
	switch {
	case strings.HasSuffix(path, ".gz"):
		return input.Gzip
	case strings.HasSuffix(path, ".zst"):
		return input.Zstd
	}
	return input.None
}
