package rewrite

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/zsj-dev/zsj/internal/atomicfile"
	"github.com/zsj-dev/zsj/internal/input"
)

// errAbandoned stops a replacement whose reason is already in the
// FileResult (a read error, or Strict refusing the file): atomicfile then
// removes the temporary file and leaves the original alone.
var errAbandoned = errors.New("rewrite abandoned")

// inPlace replaces each input file by its rewrite. A file that cannot be
// replaced safely (not a regular file, or one with other hard links) is
// refused before anything of it is read, so a pipe's data is not consumed
// for nothing. Before the first file of each folder, the temporary files a
// killed run left there are removed (see atomicfile.RemoveStale).
func (r *runner) inPlace(sources []input.Source) {
	swept := map[string]bool{}
	for _, src := range sources {
		if src.IsStdin() {
			r.done(FileResult{Source: src, Err: ErrStdinInPlace, unopened: true})
			continue
		}
		if err := replaceable(src); err != nil {
			r.done(FileResult{Source: src, Err: err, unopened: true})
			continue
		}
		r.sweep(src.Path, swept)
		r.each([]input.Source{src}, func(s *input.Stream, res *FileResult) error {
			r.replace(s, res)
			return nil
		})
	}
}

// sweep removes the stale temporary files beside path (beside the file a
// symlink points to, where the new file will be written), once per
// folder, and tells OnStale.
func (r *runner) sweep(path string, swept map[string]bool) {
	if target, err := filepath.EvalSymlinks(path); err == nil {
		path = target
	}
	dir := filepath.Dir(path)
	if swept[dir] {
		return
	}
	swept[dir] = true
	removed, _ := atomicfile.RemoveStale(dir) // a folder that cannot be read fails the write anyway
	if r.opts.OnStale != nil {
		for _, st := range removed {
			r.opts.OnStale(st)
		}
	}
}

// replaceable refuses a source that in-place rewriting would harm: a FIFO,
// device or /dev/fd pipe (reading it would consume data that cannot be
// put back), and a file with other hard links (the new file would be
// linked under this name alone, the others keeping the old content).
func replaceable(src input.Source) error {
	info, err := os.Stat(src.Path) // a symlink's target is what is replaced
	if err != nil {
		return err
	}
	if !info.Mode().IsRegular() {
		return fmt.Errorf("%s: %w (%s)", src.Name, ErrNotRegular, kindOf(info.Mode()))
	}
	if n := linkCount(info); n > 1 {
		return fmt.Errorf("%s: %w: it has %d names, and the others would keep the old content (copy it to a file of its own, or write the result with -o)", src.Name, ErrHardLinked, n)
	}
	return nil
}

// ErrNotRegular is the error for an input -i cannot replace because it is
// not a regular file.
var ErrNotRegular = errors.New("not a regular file, cannot be rewritten in place")

// ErrHardLinked is the error for a file -i refuses because it has other
// hard links.
var ErrHardLinked = errors.New("has other hard links, not rewritten in place")

// kindOf words a file type for ErrNotRegular.
func kindOf(m fs.FileMode) string {
	switch {
	case m&fs.ModeNamedPipe != 0:
		return "a pipe"
	case m&fs.ModeDevice != 0, m&fs.ModeCharDevice != 0:
		return "a device"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m.IsDir():
		return "a directory"
	}
	return "not a regular file"
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
		if err := p.next(&first); err != nil {
			return // the end with nothing to change, or a read error
		}
		if first.changed && !res.Refused {
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
	var l outLine
	for {
		err := p.next(&l)
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
