package rewrite

import (
	"bufio"
	"errors"
	"fmt"
	"io"

	"github.com/zsj-dev/zsj/internal/atomicfile"
	"github.com/zsj-dev/zsj/internal/input"
)

// errAbandoned stops a replacement whose reason is already in the
// FileResult (a read error, or Strict refusing the file): atomicfile then
// removes the temporary file and leaves the original alone.
var errAbandoned = errors.New("rewrite abandoned")

// inPlace replaces each input file by its rewrite.
func (r *runner) inPlace(sources []input.Source) {
	for _, src := range sources {
		if src.IsStdin() {
			r.done(FileResult{Source: src, Err: ErrStdinInPlace, unopened: true})
			continue
		}
		r.each([]input.Source{src}, func(s *input.Stream, res *FileResult) error {
			r.replace(s, res)
			return nil
		})
	}
}

// replace rewrites one file in place. Lines are read until the first one
// that changes; a file where none does is never written, so its mtime
// stays. From that line on, the new file is written to a temporary file:
// the unchanged lines before it are copied from a second read of the
// file, which costs far less than transforming every file twice.
func (r *runner) replace(s *input.Stream, res *FileResult) {
	p := r.newPass(s, res, nil)
	defer p.close()
	var first outLine
	for {
		l, err := p.next()
		if err != nil {
			return // the end with nothing to change, or a read error
		}
		if l.changed && !res.Refused {
			first = l
			break
		}
	}
	prefix := p.read - first.size()
	err := atomicfile.Write(s.Path, atomicfile.Options{Backup: r.opts.Backup}, func(w io.Writer) error {
		zw, err := s.Compression.NewWriter(wrapOutput(w))
		if err != nil {
			return err
		}
		err = r.finish(p, s.Source, prefix, &first, zw)
		if cerr := zw.Close(); err == nil {
			err = cerr
		}
		if err != nil && err != errAbandoned && !errors.Is(err, errShrank) {
			err = fmt.Errorf("write %s: %w", s.Name, err) // atomicfile names only its own failures
		}
		return err
	})
	switch {
	case err == nil:
		res.Written = true
	case errors.Is(err, errAbandoned): // res says why
	default:
		res.Err = err
	}
}

// finish writes the new file: the first prefix bytes of src unchanged,
// then first, then the rest of the lines of p rewritten. When Strict
// refuses the file halfway, the rest is still read so that every problem
// is reported.
func (r *runner) finish(p *pass, src input.Source, prefix int64, first *outLine, zw io.Writer) error {
	w := bufio.NewWriterSize(zw, outBufSize)
	if err := copyPrefix(w, src, prefix); err != nil {
		return err
	}
	// first's out may share the transform's buffer with the lines to come,
	// so it is written before the next line is read.
	if err := writeLine(w, first); err != nil {
		return err
	}
	for {
		l, err := p.next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return errAbandoned
		}
		if p.res.Refused {
			continue
		}
		if err := writeLine(w, &l); err != nil {
			return err
		}
	}
	if p.res.Refused {
		return errAbandoned
	}
	return w.Flush()
}

// copyPrefix copies the first n decompressed bytes of src to w.
func copyPrefix(w io.Writer, src input.Source, n int64) error {
	if n == 0 {
		return nil
	}
	s, err := input.Open(src, nil)
	if err != nil {
		return err
	}
	defer s.Close()
	copied, err := io.CopyN(w, s, n)
	if err == io.EOF {
		return fmt.Errorf("%s: %w (%d of %d bytes)", src.Name, errShrank, copied, n)
	}
	return err
}

var errShrank = errors.New("the file shrank while it was being rewritten")
