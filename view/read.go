package view

import (
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/zsj-dev/zsj/internal/input"
	"github.com/zsj-dev/zsj/protocol"
)

// runLine is one line of a run as a page reads it.
type runLine struct {
	num   int   // line number in the input
	off   int64 // byte offset of its start
	text  []byte
	noEOL bool
}

// position is where reading stopped: the offset and number of the next
// line.
type position struct {
	off  int64
	line int
}

// readRun calls fn with each line of e's run from pos on: up to e.End
// when to is false, else to the end of what the input holds now, without
// a last line still being written. Lines of other runs are skipped.
func readRun(e *Entry, from position, toEnd bool, fn func(runLine)) (position, error) {
	r, closer, err := openAt(e, from.off)
	if err != nil {
		return from, err
	}
	defer closer()
	if !toEnd {
		r = io.LimitReader(r, e.End-from.off)
	}
	lines := input.NewReader(r)
	var members []protocol.Member
	var l input.Line
	pos := from
	for {
		err := lines.NextInto(&l)
		if err == io.EOF {
			return pos, nil
		}
		if err != nil {
			return pos, fmt.Errorf("%s: line %d: %w", e.Name, pos.line, errors.Unwrap(err))
		}
		noEOL := len(l.EOL) == 0
		if noEOL && toEnd {
			return pos, nil // still being written: read again once it is whole
		}
		line := runLine{num: pos.line, off: pos.off, text: l.Text, noEOL: noEOL}
		pos.off += int64(len(l.Prefix()) + len(l.Text) + len(l.EOL))
		pos.line++
		var id []byte
		if id, members = lineRunID(l.Text, members); string(id) == e.Run.ID {
			fn(line)
		}
	}
}

// openAt opens e's lines at byte offset off: its file or cached copy,
// seeking, or else its compressed input, decompressed up to off.
func openAt(e *Entry, off int64) (io.Reader, func(), error) {
	if e.Seekable {
		f, err := os.Open(e.Path)
		if err != nil {
			return nil, nil, err
		}
		if _, err := f.Seek(off, io.SeekStart); err != nil {
			f.Close()
			return nil, nil, err
		}
		return f, func() { f.Close() }, nil
	}
	s, err := input.Open(e.source, nil)
	if err != nil {
		return nil, nil, err
	}
	if _, err := io.CopyN(io.Discard, s, off); err != nil {
		s.Close()
		return nil, nil, fmt.Errorf("%s: %w", e.Name, err)
	}
	return s, func() { s.Close() }, nil
}

// readLine returns the line at off in e's input, for the raw view.
func readLine(e *Entry, off int64) ([]byte, error) {
	r, closer, err := openAt(e, off)
	if err != nil {
		return nil, err
	}
	defer closer()
	l, err := input.NewReader(r).Next()
	if err != nil {
		return nil, err
	}
	return append([]byte(nil), l.Text...), nil
}
