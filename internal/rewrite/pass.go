package rewrite

import (
	"bufio"
	"io"

	"github.com/zsj-dev/zsj/internal/input"
	"github.com/zsj-dev/zsj/protocol"
)

// outBufSize batches small lines into large writes: per-line writes to a
// file or pipe would cost a system call each.
const outBufSize = 256 << 10 // bytes

// pass reads one input's lines and runs the transform on each, keeping the
// input's counts in res.
type pass struct {
	r     *runner
	src   input.Source
	lines feed
	res   *FileResult
	read  int64 // decompressed bytes of the lines returned so far
}

// newPass starts reading s; wait, when set, is called before waiting for
// lines that are not transformed yet. The pass must be closed.
func (r *runner) newPass(s *input.Stream, res *FileResult, wait func()) *pass {
	p := &pass{r: r, src: s.Source, res: res}
	if readsAhead(s.Source, r.opts.Stdin) {
		if r.workers == nil {
			r.workers = newWorkerSet(r.nworkers, r.newTransform, r.opts.deltaWorkers)
		}
		p.lines = newParallelFeed(s, r.workers, wait)
	} else {
		if r.serial == nil {
			r.serial = r.newTransform()
			if r.opts.deltas != nil {
				r.serialJoiner = r.opts.deltas()
			}
		}
		p.lines = &serialFeed{lines: s.Lines(), t: r.serial, j: r.serialJoiner}
	}
	if r.opts.deltas != nil {
		if r.joiner == nil {
			r.joiner = r.opts.deltas()
		}
		p.lines = newHoldback(p.lines, r.joiner)
	}
	return p
}

// close stops reading the input, which may then be closed.
func (p *pass) close() { p.lines.close() }

// outLine is a line read and what the transform made of it.
type outLine struct {
	input.Line
	out     []byte // the new text when changed; valid until the next line
	changed bool
	note    deltaNote // when redacting
}

// size is how many bytes the line took in the input.
func (l *outLine) size() int64 {
	return int64(len(l.Prefix()) + len(l.Text) + len(l.EOL))
}

// next reads and transforms the next line into l. At the end of the
// input it returns io.EOF; a read error is recorded in res.Err and
// returned.
func (p *pass) next(l *outLine) error {
	problems, err := p.lines.next(l)
	if err == io.EOF {
		return err
	}
	if err != nil {
		p.res.Err = input.ReadError(p.src, err)
		return p.res.Err
	}
	p.read += l.size()
	p.res.Lines++
	if l.changed {
		p.res.Changed++
	}
	p.problems(l.Num, problems)
	return nil
}

// problems reports what the transform found on line num. A line with an
// error is a problem line, and Strict refuses its input.
func (p *pass) problems(num int, problems []protocol.Problem) {
	bad := false
	for _, pr := range problems {
		pr.File = p.src.Name
		if pr.Line == 0 {
			pr.Line = num
		}
		if pr.Severity == protocol.Error {
			bad = true
		}
		if p.r.opts.Report != nil {
			p.r.opts.Report(pr)
		}
	}
	if bad {
		p.res.ProblemLines++
		if p.r.opts.Strict {
			p.res.Refused = true
		}
	}
}

// writeLine writes a line as it now stands: the byte order mark it came
// with, the new or the original text, and its own line end.
func writeLine(w *bufio.Writer, l *outLine) error {
	w.Write(l.Prefix())
	if l.changed && l.out == nil {
		return nil // dropped, line end and all
	}
	if l.changed {
		w.Write(l.out)
	} else {
		w.Write(l.Text)
	}
	_, err := w.Write(l.EOL) // a bufio.Writer keeps its first error
	return err
}

// copyLines transforms the rest of the input into w. A read error ends
// the input (it is in res.Err) and is not returned: only a failure to
// write is.
func (p *pass) copyLines(w *bufio.Writer) error {
	var l outLine
	for {
		if err := p.next(&l); err != nil {
			return nil
		}
		if err := writeLine(w, &l); err != nil {
			return err
		}
	}
}
