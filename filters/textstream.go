package filters

import (
	"bytes"

	"github.com/zsj-dev/zsj/protocol"
)

// textStream reads JSON text as jq does: values one after another, with
// or without whitespace between them, each on as many lines as it takes.
// Inputs are read one value per line, the fast path; a line that is not
// one whole value (pretty-printed JSON, two values on a line) hands the
// rest of its input over to a textStream.
//
// Bytes are appended as they come (feed) and values taken out (next).
// The bytes of a value handed out are never written again, so values
// built from them may live on, as lines do.
type textStream struct {
	buf  []byte
	off  int  // where the next value may start
	eof  bool // no more bytes will come
	need int  // bytes from off wanted before trying again
	line int  // the line number of buf[pos]
	pos  int
	// col0 is how many bytes of buf[0]'s line came before it, moved out
	// of buf when it was last cut (see feed): errors count their byte
	// from the start of the line.
	col0  int
	utf8  bool // repair invalid UTF-8 (not --strict)
	fixed int  // the last line repaired, so that it is reported once
	// skipping: text that is not JSON was reported, and the rest of its
	// line has not all come yet; it is passed over as it comes.
	skipping bool
}

// streamItem is what next found: one value's bytes, or a problem.
type streamItem struct {
	text   []byte // one JSON value, on one line
	line   int    // the line it ends on (a problem's: where it is)
	err    *SyntaxError
	repair bool // invalid UTF-8 was read as U+FFFD on this line
}

func newTextStream(firstLine int, repairUTF8 bool) *textStream {
	return &textStream{line: firstLine, utf8: repairUTF8}
}

// feed appends bytes of the input.
func (s *textStream) feed(b []byte) {
	if s.off > 0 && s.off >= len(s.buf)/2 {
		// Move what is left to a new buffer: the old one may back
		// values still in use.
		s.lineAt(s.off)
		s.col0 = s.column(s.off)
		rest := make([]byte, len(s.buf)-s.off, max(len(s.buf)-s.off+len(b), 4096))
		copy(rest, s.buf[s.off:])
		s.buf, s.pos, s.off = rest, s.pos-s.off, 0
	}
	s.buf = append(s.buf, b...)
}

// next returns the next value, or false when more bytes are needed (or,
// after end, when there are none left).
func (s *textStream) next() (streamItem, bool) {
	for {
		if s.skipping {
			nl := bytes.IndexByte(s.buf[s.off:], '\n')
			if nl < 0 {
				s.off = len(s.buf)
				return streamItem{}, false
			}
			s.off, s.skipping = s.off+nl+1, false
		}
		i := skipJSONSpace(s.buf, s.off)
		if i == len(s.buf) || (!s.eof && len(s.buf)-s.off < s.need) {
			s.off = i
			return streamItem{}, false
		}
		end, perr := protocol.SkipValue(s.buf, i, 0)
		if perr == nil && end == len(s.buf) && !s.eof && s.buf[i] != '"' && s.buf[i] != '{' && s.buf[i] != '[' {
			// A number or a literal that ends where the bytes so far
			// do may go on in the next read (1 then 00000).
			s.off, s.need = i, len(s.buf)-i+1
			return streamItem{}, false
		}
		if perr == nil {
			s.off, s.need = end, 0
			// The line it ends on, as jq's input_line_number counts.
			line := s.lineAt(end)
			text := s.buf[i:end:end]
			if bytes.IndexByte(text, '\n') >= 0 || bytes.IndexByte(text, '\r') >= 0 {
				text = compactJSON(text)
			}
			return streamItem{text: text, line: line}, true
		}
		switch {
		case perr.EOF && !s.eof:
			// Wait for twice as much before trying again, so a value of
			// many lines is scanned a few times, not once a line.
			s.off, s.need = i, 2*(len(s.buf)-i)
			return streamItem{}, false
		case perr.Rule == protocol.RuleInvalidUTF8 && s.utf8:
			// The line the bad byte is on is repaired once it has all
			// come, and no further: where a read happens to end must
			// not change what is repaired (a character of the next
			// value cut at the end of the bytes so far is not bad).
			whole, bad := len(s.buf), min(perr.Offset, len(s.buf))
			if nl := bytes.IndexByte(s.buf[bad:], '\n'); nl >= 0 {
				whole = bad + nl + 1
			} else if !s.eof {
				s.off, s.need = i, 2*(len(s.buf)-i)
				return streamItem{}, false
			}
			s.buf = append(append(s.buf[:i:i], toValidUTF8(s.buf[i:whole])...), s.buf[whole:]...)
			if at := s.lineAt(min(perr.Offset, len(s.buf))); at != s.fixed {
				s.fixed = at
				s.off = i
				return streamItem{line: at, repair: true}, true
			}
			continue
		}
		if item, ok := s.cutShort(i, perr); ok {
			return item, true
		}
		// Not JSON: report it and go on at the next line.
		at := min(perr.Offset, len(s.buf))
		line := s.lineAt(at)
		err := syntaxError(perr)
		err.Offset = s.column(at)
		nl := bytes.IndexByte(s.buf[at:], '\n')
		if nl < 0 {
			s.off, s.skipping = len(s.buf), !s.eof
		} else {
			s.off = at + nl + 1
		}
		return streamItem{line: line, err: err}, true
	}
}

// cutShort reports a value whose text ends, or fails at an object or array
// that starts a later line, as a line cut short (how a log looks after a
// crash cut a line): the value's first line is reported as the line
// reader would report it, and reading goes on with the line where the
// failure is.
func (s *textStream) cutShort(start int, perr *protocol.SyntaxError) (streamItem, bool) {
	at, from := perr.Offset, len(s.buf)
	if at < len(s.buf) {
		from = lineStart(s.buf, at)
		if c := s.buf[at]; from <= start || skipJSONSpace(s.buf, from) != at || c != '{' && c != '[' {
			return streamItem{}, false
		}
	}
	first := lineStart(s.buf, start)
	text := s.buf[first:]
	if nl := bytes.IndexByte(text, '\n'); nl >= 0 {
		text = text[:nl]
	}
	_, lerr := protocol.SkipValue(text, start-first, 0)
	if lerr == nil {
		return streamItem{}, false
	}
	line := s.lineAt(start)
	s.off = from
	err := syntaxError(lerr)
	err.Offset = s.column(first + min(lerr.Offset, len(text)))
	return streamItem{line: line, err: err}, true
}

// end says no more bytes will come: what is left is read as it is.
func (s *textStream) end() { s.eof = true }

// lineAt is the line number of buf[i]; i never goes back.
func (s *textStream) lineAt(i int) int {
	if i > s.pos {
		s.line += bytes.Count(s.buf[s.pos:i], []byte{'\n'})
		s.pos = i
	}
	return s.line
}

// column is how many bytes of the line of buf[i] come before it.
func (s *textStream) column(i int) int {
	if start := lineStart(s.buf, i); start > 0 { // the line starts in buf
		return i - start
	}
	return s.col0 + i
}

// lineStart is the index of the start of the line of b[i].
func lineStart(b []byte, i int) int {
	return bytes.LastIndexByte(b[:i], '\n') + 1
}

// skipJSONSpace skips JSON's whitespace, line ends included, and the
// record separators of JSON text sequences, as jq does.
func skipJSONSpace(b []byte, i int) int {
	for i < len(b) {
		switch b[i] {
		case ' ', '\t', '\n', '\r', recordSeparator:
			i++
		default:
			return i
		}
	}
	return i
}

// compactJSON returns a copy of the checked JSON value v without the
// whitespace between its tokens: one line, as results are written.
func compactJSON(v []byte) []byte {
	out := make([]byte, 0, len(v))
	inString := false
	for i := 0; i < len(v); i++ {
		c := v[i]
		switch {
		case inString:
			out = append(out, c)
			if c == '\\' {
				i++
				out = append(out, v[i])
			} else if c == '"' {
				inString = false
			}
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
		default:
			out = append(out, c)
			inString = c == '"'
		}
	}
	return out
}
