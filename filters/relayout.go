package filters

import (
	"unicode/utf8"

	"github.com/zsj-dev/zsj/protocol"
)

// relayout writes the JSON text raw in the encoder's layout (indentation,
// colors, ASCII escapes) without decoding it: numbers keep their spelling
// and strings their escapes, so what was in the log is what is shown. Text
// that turns out not to be valid JSON (shortcuts only check a line's
// structure) is written as it is.
func (e *encoder) relayout(b []byte, raw []byte, level int) []byte {
	n := len(b)
	out, end, err := e.rawValue(b, raw, protocol.SkipSpace(raw, 0), level)
	if err == nil {
		err = protocol.EndOfLine(raw, end)
	}
	if err != nil {
		return append(b[:n], raw...)
	}
	return out
}

func (e *encoder) rawValue(b, d []byte, i, level int) ([]byte, int, *protocol.SyntaxError) {
	if i >= len(d) {
		return b, i, protocol.Unexpected(d, i, "a value")
	}
	switch d[i] {
	case '"':
		end, _, err := protocol.ScanString(d, i)
		if err != nil {
			return b, end, err
		}
		b = e.start(b, func(p *Palette) string { return p.String })
		b = e.rawString(b, d[i:end])
		return e.end(b), end, nil
	case '{':
		if level >= maxDepth {
			return b, i, protocol.TooDeep(i)
		}
		return e.rawObject(b, d, i, level)
	case '[':
		if level >= maxDepth {
			return b, i, protocol.TooDeep(i)
		}
		return e.rawArray(b, d, i, level)
	case 't':
		end, err := scanLiteral(d, i)
		return e.token(b, e.paint(func(p *Palette) string { return p.True }), "true"), end, err
	case 'f':
		end, err := scanLiteral(d, i)
		return e.token(b, e.paint(func(p *Palette) string { return p.False }), "false"), end, err
	case 'n':
		end, err := scanLiteral(d, i)
		return e.token(b, e.paint(func(p *Palette) string { return p.Null }), "null"), end, err
	}
	if c := d[i]; c != '-' && (c < '0' || c > '9') {
		return b, i, protocol.Unexpected(d, i, "a value")
	}
	end, err := protocol.ScanNumber(d, i)
	if err != nil {
		return b, end, err
	}
	b = e.start(b, func(p *Palette) string { return p.Number })
	b = append(b, d[i:end]...)
	return e.end(b), end, nil
}

// rawString copies a string as written, except that with ASCII output its
// non-ASCII characters become escapes.
func (e *encoder) rawString(b, s []byte) []byte {
	if !e.ASCII {
		return append(b, s...)
	}
	start := 0
	for i := 0; i < len(s); {
		if s[i] < utf8.RuneSelf {
			i++
			continue
		}
		b = append(b, s[start:i]...)
		r, size := utf8.DecodeRune(s[i:])
		b = appendUnicodeEscape(b, r)
		i += size
		start = i
	}
	return append(b, s[start:]...)
}

func (e *encoder) rawObject(b, d []byte, i, level int) ([]byte, int, *protocol.SyntaxError) {
	c := e.paint(func(p *Palette) string { return p.Object })
	i, closed := protocol.Open(d, i)
	if closed {
		return e.token(b, c, "{}"), i, nil
	}
	b = e.token(b, c, "{")
	for first := true; !closed; first = false {
		end, _, err := protocol.ScanKey(d, i)
		if err != nil {
			return b, end, err
		}
		if !first {
			b = e.token(b, c, ",")
		}
		b = e.newline(b, level+1)
		b = e.start(b, func(p *Palette) string { return p.Key })
		b = e.rawString(b, d[i:end])
		b = e.end(b)
		if i = protocol.AfterKey(d, end); i < 0 {
			return b, end, protocol.AfterKeyError(d, end)
		}
		b = e.token(b, c, ":")
		if e.indented() {
			b = append(b, ' ')
		}
		if b, i, err = e.rawValue(b, d, i, level+1); err != nil {
			return b, i, err
		}
		if end, closed = protocol.AfterValue(d, i, '}'); end < 0 {
			return b, i, protocol.AfterValueError(d, i, '}')
		}
		i = end
	}
	b = e.newline(b, level)
	return e.token(b, c, "}"), i, nil
}

func (e *encoder) rawArray(b, d []byte, i, level int) ([]byte, int, *protocol.SyntaxError) {
	return e.arrayOf(b, d, i, level, e.rawValue)
}

// arrayOf lays out the array at d[i], each element by value (rawValue,
// or sortedValue for -S).
func (e *encoder) arrayOf(b, d []byte, i, level int, value func(b, d []byte, i, level int) ([]byte, int, *protocol.SyntaxError)) ([]byte, int, *protocol.SyntaxError) {
	c := e.paint(func(p *Palette) string { return p.Array })
	i, closed := protocol.Open(d, i)
	if closed {
		return e.token(b, c, "[]"), i, nil
	}
	b = e.token(b, c, "[")
	for first := true; !closed; first = false {
		if !first {
			b = e.token(b, c, ",")
		}
		b = e.newline(b, level+1)
		var end int
		var err *protocol.SyntaxError
		if b, end, err = value(b, d, i, level+1); err != nil {
			return b, end, err
		}
		if i, closed = protocol.AfterValue(d, end, ']'); i < 0 {
			return b, end, protocol.AfterValueError(d, end, ']')
		}
	}
	b = e.newline(b, level)
	return e.token(b, c, "]"), i, nil
}
