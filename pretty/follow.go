package pretty

import (
	"context"
	"errors"
	"io"
	"os"
	"time"

	"github.com/zsj-dev/zsj/internal/input"
	"github.com/zsj-dev/zsj/internal/interrupt"
)

// FollowOptions tune Follow.
type FollowOptions struct {
	// Pipe says the input is a stream (a pipe, a terminal): its end is
	// final, and reading blocks until data comes. Otherwise the input is a
	// file that may grow: at its end Follow waits and reads again.
	Pipe bool
	// ExitOnEnd stops following once at least one run was seen, every run
	// seen has ended and no more input is waiting.
	ExitOnEnd bool
	// Poll is how long to wait at the end of a file before reading it
	// again, and how long a pipe must stay quiet to count as idle.
	Poll time.Duration
	// Wait, if set, replaces sleeping Poll at the end of a file; tests use
	// it to grow the file one step at a time. It returns ctx's error when
	// following must stop.
	Wait func(ctx context.Context) error
	// Path, for a file, is the name it was opened by: Follow then follows
	// the name like tail -F. A file that shrinks below what was read
	// (truncated, then written again) is read again from its start; a
	// name that comes to mean another file (rotated: moved away and
	// recreated) is opened anew, once the old file's last lines are drawn.
	Path string
	// Notice, if set, is told in one line each time Path was truncated or
	// rotated.
	Notice func(msg string)
}

// DefaultPoll is how often a followed file is checked for growth.
const DefaultPoll = 200 * time.Millisecond

// followBufSize is the first size of the line buffer; it doubles for a
// longer line.
const followBufSize = 256 << 10

// Follow renders r as it grows, each line as soon as its newline arrives.
// A partial last line is kept until the rest of it comes (or, on a pipe,
// the input ends). When input pauses, held-back output is flushed. Follow
// returns when ctx is done, when a pipe ends, or with ExitOnEnd when every
// run has ended; the input is then ended as with End. A read error is
// returned as *ErrRead.
func (p *Printer) Follow(ctx context.Context, r io.Reader, fo FollowOptions) error {
	if fo.Poll <= 0 {
		fo.Poll = DefaultPoll
	}
	file := &fileSource{r: r, poll: fo.Poll, waitFn: fo.Wait}
	var src followSource = file
	if fo.Pipe {
		src = newPipeSource(r, fo.Poll)
	} else if fo.Path != "" {
		file.watch(fo.Path)
		defer file.close()
	}
	buf := make([]byte, followBufSize)
	start, end, num := 0, 0, 0
	var lines []input.Line
	// render renders the lines of buf[start:stop], which are whole but
	// for a last one when final, split as every reader of inputs splits
	// them.
	render := func(stop int, final bool) error {
		lines = input.SplitLines(buf[start:stop], num+1, lines[:0])
		for _, l := range lines {
			if err := p.Line(l.Num, l.Text, final && len(l.EOL) == 0); err != nil {
				return err
			}
		}
		num += len(lines)
		start = stop
		return nil
	}
	for {
		// Render every complete line held.
		if last := input.LastNewline(buf[start:end]); last >= 0 {
			if err := render(start+last+1, false); err != nil {
				return err
			}
		}
		// Keep the partial line at the front, in a larger buffer if full.
		if start > 0 {
			end = copy(buf, buf[start:end])
			start = 0
		}
		if end == len(buf) {
			buf = append(buf, make([]byte, len(buf))...)
		}
		n, idle, err := src.read(ctx, buf[end:])
		end += n
		switch {
		case idle:
			if err := p.Pause(); err != nil {
				return err
			}
			if fo.ExitOnEnd && p.AllEnded() {
				return p.End()
			}
			if err := src.wait(ctx); err != nil {
				return p.End() // interrupted: finish what was shown
			}
		case err != nil && errors.As(err, new(*reopened)): // (err checked first: As allocates)
			// The bytes held belong to the old content: a last line cut
			// short there is drawn as it is, and numbering starts again.
			if err := render(end, true); err != nil {
				return err
			}
			start, end, num = 0, 0, 0
			if err := p.Pause(); err != nil {
				return err
			}
			if fo.Notice != nil {
				fo.Notice(err.Error())
			}
		case err == io.EOF: // a pipe's end: a last line may lack its newline
			if err := render(end, true); err != nil {
				return err
			}
			return p.End()
		case errors.Is(err, context.Canceled), errors.Is(err, context.DeadlineExceeded),
			errors.Is(err, interrupt.ErrInterrupted):
			// Ctrl-C, seen by the context or first by the read (input
			// reads stop at an interrupt): finish what was shown.
			return p.End()
		case err != nil:
			if werr := p.End(); werr != nil {
				return werr
			}
			return &ErrRead{&input.LineError{Num: num + 1, Err: err}}
		}
	}
}

// followSource is where Follow gets bytes. read returns idle when no data
// is waiting; wait then waits before the next read.
type followSource interface {
	read(ctx context.Context, p []byte) (n int, idle bool, err error)
	wait(ctx context.Context) error
}

// fileSource reads a file that may grow: its end is only a pause.
type fileSource struct {
	r      io.Reader
	poll   time.Duration
	waitFn func(ctx context.Context) error // replaces the sleep in tests

	// With a path, the file being read is checked against it at each end
	// (see reopenIfMoved).
	path   string
	info   os.FileInfo // of the file being read
	offset int64       // bytes read from it
	own    *os.File    // opened by a reopen, closed by the next or by close
}

func (f *fileSource) read(ctx context.Context, p []byte) (int, bool, error) {
	if err := ctx.Err(); err != nil {
		return 0, false, err
	}
	n, err := f.r.Read(p)
	f.offset += int64(n)
	if err == io.EOF && n == 0 && f.path != "" {
		if err := f.reopenIfMoved(); err != nil {
			return 0, false, err
		}
	}
	if err == io.EOF {
		return n, n == 0, nil
	}
	return n, false, err
}

func (f *fileSource) wait(ctx context.Context) error {
	if f.waitFn != nil {
		return f.waitFn(ctx)
	}
	t := time.NewTimer(f.poll)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// pipeSource reads a stream in a goroutine, so that a pause in the input
// can be noticed (to flush output, and for ExitOnEnd) while a read
// blocks. The goroutine stops at the stream's end or error; if Follow
// stops first, it stays blocked in Read until the stream ends, which for
// a process about to exit costs nothing.
type pipeSource struct {
	chunks  chan []byte
	err     error // the stream's end, once chunks is closed
	pending []byte
	poll    time.Duration
}

func newPipeSource(r io.Reader, poll time.Duration) *pipeSource {
	s := &pipeSource{chunks: make(chan []byte, 4), poll: poll}
	go func() {
		defer close(s.chunks)
		for {
			b := make([]byte, 64<<10)
			n, err := r.Read(b)
			if n > 0 {
				s.chunks <- b[:n]
			}
			if err != nil {
				s.err = err // read by the receiver after chunks is closed
				return
			}
		}
	}()
	return s
}

func (s *pipeSource) read(ctx context.Context, p []byte) (int, bool, error) {
	if len(s.pending) == 0 {
		t := time.NewTimer(s.poll)
		defer t.Stop()
		select {
		case b, ok := <-s.chunks:
			if !ok {
				return 0, false, s.err
			}
			s.pending = b
		case <-t.C:
			return 0, true, nil
		case <-ctx.Done():
			return 0, false, ctx.Err()
		}
	}
	n := copy(p, s.pending)
	s.pending = s.pending[n:]
	return n, false, nil
}

// wait does nothing: read already waited for the pipe to be quiet.
func (s *pipeSource) wait(ctx context.Context) error { return ctx.Err() }
