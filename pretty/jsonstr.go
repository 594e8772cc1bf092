package pretty

import (
	"bytes"
	"unicode/utf8"

	"github.com/zsj-dev/zsj/protocol"
)

// Tool outputs can be megabytes on one line. Only the lines that are shown
// are decoded; the size and line count of the rest come from one quick
// pass over the escapes (outputStats), never from a decoded copy.

// strCursor decodes the text of a JSON string value line by line. The
// scanner has already checked the string, so every escape is well formed.
type strCursor struct {
	raw []byte // between the quotes, escapes not decoded
	pos int
}

func newStrCursor(v protocol.Value) strCursor {
	if v.Kind != protocol.KindString || len(v.Raw) < 2 {
		return strCursor{}
	}
	return strCursor{raw: v.Raw[1 : len(v.Raw)-1]}
}

// done reports whether the whole string has been read.
func (c *strCursor) done() bool { return c.pos >= len(c.raw) }

// line appends the next line to dst, without its '\n' (or "\r\n"). When
// limit >= 0 at most limit bytes are kept, cut at a character boundary,
// and cut is set if the line was longer; the rest of it is skipped.
func (c *strCursor) line(dst []byte, limit int) (out []byte, cut bool) {
	start := len(dst)
	keep := func(b ...byte) {
		if cut {
			return
		}
		if room := limit - (len(dst) - start); limit >= 0 && len(b) > room {
			b, cut = b[:room], true
		}
		dst = append(dst, b...)
	}
	for c.pos < len(c.raw) {
		rest := c.raw[c.pos:]
		i := bytes.IndexByte(rest, '\\')
		if i < 0 {
			i = len(rest)
		}
		if i > 0 {
			keep(rest[:i]...)
			c.pos += i
			continue
		}
		r, n := protocol.DecodeEscape(rest)
		c.pos += n
		if r == '\n' {
			break
		}
		var buf [utf8.UTFMax]byte
		keep(buf[:utf8.EncodeRune(buf[:], r)]...)
	}
	if cut {
		dst = trimPartialRune(dst, start)
	}
	if len(dst) > start && dst[len(dst)-1] == '\r' {
		dst = dst[:len(dst)-1]
	}
	return dst, cut
}

// trimPartialRune drops an incomplete UTF-8 sequence left at the end of
// b[start:] by cutting a line short.
func trimPartialRune(b []byte, start int) []byte {
	for i := len(b) - 1; i >= start && i >= len(b)-utf8.UTFMax; i-- {
		if utf8.RuneStart(b[i]) {
			if !utf8.FullRune(b[i:]) {
				return b[:i]
			}
			break
		}
	}
	return b
}

// outputStats returns the decoded size in bytes of a string value and its
// number of lines (a last line without '\n' counts; "" has none), reading
// only its escapes.
func outputStats(v protocol.Value) (size, lines int) {
	c := newStrCursor(v)
	raw := c.raw
	lastNewline := false
	for i := 0; i < len(raw); {
		j := bytes.IndexByte(raw[i:], '\\')
		if j < 0 {
			size += len(raw) - i
			lastNewline = false
			break
		}
		if j > 0 {
			size += j
			i += j
			lastNewline = false
		}
		r, n := protocol.DecodeEscape(raw[i:])
		i += n
		size += utf8.RuneLen(r)
		lastNewline = r == '\n'
		if lastNewline {
			lines++
		}
	}
	if size > 0 && !lastNewline {
		lines++
	}
	return size, lines
}

// rawPrefix returns the first bytes of a value's JSON text, cut at a
// character boundary, for showing arguments without decoding them all.
func rawPrefix(raw []byte, limit int) (prefix []byte, cut bool) {
	if len(raw) <= limit {
		return raw, false
	}
	return trimPartialRune(raw[:limit], 0), true
}
