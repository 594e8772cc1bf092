package filters

import (
	"bytes"
	"strconv"
	"strings"

	"github.com/zsj-dev/zsj/protocol"
)

// Lines are read with protocol's scanner (protocol.ScanString, Open,
// AfterKey, AfterValue...): the decoder builds values as it goes, the
// member lookups and the shortcut flags only skip them.

// maxDepth bounds nesting as the protocol does: zsj validate reports deeper
// lines, and a bound keeps the recursive decoder's stack small.
const maxDepth = protocol.MaxDepth

// SyntaxError says why a line is not one JSON value. It never quotes the
// line: logs may hold secrets.
type SyntaxError struct {
	Offset int // byte offset in the line
	Msg    string

	kind problemKind // what the reader may do about it
}

// problemKind sorts the problems a reader of lines can get past: a line
// that is only part of the JSON text (read on as a stream), and invalid
// UTF-8 (read as U+FFFD, as jq does).
type problemKind uint8

const (
	notJSON     problemKind = iota
	partialText             // the line ends inside a value, or another value follows
	badUTF8
)

func (e *SyntaxError) Error() string {
	return "invalid JSON at byte " + strconv.Itoa(e.Offset+1) + ": " + e.Msg
}

func syntaxErr(offset int, msg string) *SyntaxError { return &SyntaxError{Offset: offset, Msg: msg} }

// syntaxError is the scanner's error e as filters reports it; nil when e
// is nil.
func syntaxError(e *protocol.SyntaxError) *SyntaxError {
	if e == nil {
		return nil
	}
	se := syntaxErr(e.Offset, e.Msg)
	switch {
	case e.Rule == protocol.RuleInvalidUTF8:
		se.kind = badUTF8
	case e.Rule == protocol.RuleTrailingData:
		se.kind = partialText
	case e.EOF && !strings.HasSuffix(e.Msg, "inside a string"):
		// A string cannot go on past a line end: that one is broken.
		se.kind = partialText
	}
	return se
}

// scanNumber checks the number starting at d[i] and returns the index after
// it and whether it is written as an integer (no fraction, no exponent).
func scanNumber(d []byte, i int) (end int, integer bool, err *protocol.SyntaxError) {
	if end, err = protocol.ScanNumber(d, i); err != nil {
		return end, false, err
	}
	return end, bytes.IndexAny(d[i:end], ".eE") < 0, nil
}

// scanLiteral checks the true, false or null at d[i]. A broken one is
// unexpected where a value had to be, as jq words it.
func scanLiteral(d []byte, i int) (int, *protocol.SyntaxError) {
	end, err := protocol.ScanLiteral(d, i)
	if err != nil {
		return i, protocol.Unexpected(d, i, "a value")
	}
	return end, nil
}
