package filters

import (
	"encoding/json"
	"fmt"
	"math/big"
	"slices"
	"unicode/utf8"

	"github.com/zsj-dev/zsj/protocol"
)

// Layout is how JSON values are written.
type Layout struct {
	Indent   int  // spaces per level; 0 writes each value on one line
	Tab      bool // indent with one tab per level
	ASCII    bool // write non-ASCII characters as \uXXXX escapes
	SortKeys bool // write object keys sorted (and never reuse input bytes)
	Colors   *Palette
}

func (l Layout) indented() bool { return l.Tab || l.Indent > 0 }

// encoder writes gojq values as JSON like jq does: an object's keys in the
// order jq would have them (see keyOrder), and an object that came from
// the input unchanged from its own bytes (so big numbers, number spelling
// and escapes survive).
type encoder struct {
	Layout
	order *keyOrder // may be nil: keys sorted
	keys  []string  // scratch for object keys, a stack across nesting
	// fresh writes every object anew, never from its input bytes: tojson
	// and tostring, which jq writes compact and with numbers re-read.
	fresh bool
}

func newEncoder(l Layout, order *keyOrder) *encoder {
	return &encoder{Layout: l, order: order}
}

// encode appends the JSON text of v to b.
func (e *encoder) encode(b []byte, v any) []byte { return e.value(b, v, 0) }

func (e *encoder) value(b []byte, v any, level int) []byte {
	switch v := v.(type) {
	case nil:
		return e.token(b, e.paint(func(p *Palette) string { return p.Null }), "null")
	case bool:
		if v {
			return e.token(b, e.paint(func(p *Palette) string { return p.True }), "true")
		}
		return e.token(b, e.paint(func(p *Palette) string { return p.False }), "false")
	case string:
		b = e.start(b, func(p *Palette) string { return p.String })
		b = appendString(b, v, e.ASCII)
		return e.end(b)
	case int, float64, *big.Int:
		b = e.start(b, func(p *Palette) string { return p.Number })
		b, _ = appendNumber(b, v)
		return e.end(b)
	case []any:
		return e.array(b, v, level)
	case map[string]any:
		return e.object(b, v, level)
	case json.Number:
		b = e.start(b, func(p *Palette) string { return p.Number })
		b = append(b, v...)
		return e.end(b)
	}
	// gojq yields only the types above; anything else is a bug, shown
	// rather than dropped.
	return appendString(b, fmt.Sprintf("%v", v), e.ASCII)
}

func (e *encoder) paint(pick func(*Palette) string) string {
	if e.Colors == nil {
		return ""
	}
	return pick(e.Colors)
}

func (e *encoder) start(b []byte, pick func(*Palette) string) []byte {
	if e.Colors == nil {
		return b
	}
	return append(b, pick(e.Colors)...)
}

func (e *encoder) end(b []byte) []byte {
	if e.Colors == nil {
		return b
	}
	return append(b, e.Colors.Reset...)
}

// token writes text in color c (none when c is empty).
func (e *encoder) token(b []byte, c, text string) []byte {
	if c == "" {
		return append(b, text...)
	}
	b = append(b, c...)
	b = append(b, text...)
	return append(b, e.Colors.Reset...)
}

func (e *encoder) array(b []byte, a []any, level int) []byte {
	c := e.paint(func(p *Palette) string { return p.Array })
	if len(a) == 0 {
		return e.token(b, c, "[]")
	}
	b = e.token(b, c, "[")
	for i, v := range a {
		if i > 0 {
			b = e.token(b, c, ",")
		}
		b = e.newline(b, level+1)
		b = e.value(b, v, level+1)
	}
	b = e.newline(b, level)
	return e.token(b, c, "]")
}

func (e *encoder) object(b []byte, m map[string]any, level int) []byte {
	if e.order != nil && !e.fresh {
		if info, ok := e.order.find(m); ok && info.raw != nil && int(info.sizeAtRead) == len(m) {
			if !e.SortKeys {
				return e.reuse(b, info.raw, level)
			}
			// -S: sorted, but its numbers still as written, as a whole
			// unchanged event is.
			if out, ok := e.sortedRelayout(b, info.raw, level); ok {
				return out
			}
		}
	}
	c := e.paint(func(p *Palette) string { return p.Object })
	if len(m) == 0 {
		return e.token(b, c, "{}")
	}
	base := len(e.keys)
	if e.SortKeys || e.order == nil {
		for k := range m {
			e.keys = append(e.keys, k)
		}
		slices.Sort(e.keys[base:])
	} else {
		e.keys = append(e.keys, e.order.keysFor(m, e.keys[base:])...)
	}
	b = e.token(b, c, "{")
	for i := base; i < len(e.keys); i++ {
		k := e.keys[i]
		if i > base {
			b = e.token(b, c, ",")
		}
		b = e.newline(b, level+1)
		b = e.key(b, k)
		b = e.token(b, c, ":")
		if e.indented() {
			b = append(b, ' ')
		}
		b = e.value(b, m[k], level+1)
	}
	e.keys = e.keys[:base]
	b = e.newline(b, level)
	return e.token(b, c, "}")
}

func (e *encoder) key(b []byte, k string) []byte {
	b = e.start(b, func(p *Palette) string { return p.Key })
	b = appendString(b, k, e.ASCII)
	return e.end(b)
}

// newline starts a new line at level, when values are indented.
func (e *encoder) newline(b []byte, level int) []byte {
	if !e.indented() {
		return b
	}
	b = append(b, '\n')
	if e.Tab {
		for range level {
			b = append(b, '\t')
		}
		return b
	}
	for range level * e.Indent {
		b = append(b, ' ')
	}
	return b
}

// reuse writes the input bytes of an unchanged object: as they are on one
// line, else laid out like any other value.
func (e *encoder) reuse(b []byte, raw []byte, level int) []byte {
	if !e.indented() && e.Colors == nil && !e.ASCII {
		return append(b, raw...)
	}
	return e.relayout(b, raw, level)
}

const hexDigits = "0123456789abcdef"

// appendString writes s as a JSON string the way jq does: the two-letter
// escapes for \b \f \n \r \t, \uXXXX for other control characters and
// DEL, "/" left alone; invalid UTF-8 becomes U+FFFD. With ascii every
// non-ASCII character is escaped, as a surrogate pair above U+FFFF.
func appendString(b []byte, s string, ascii bool) []byte {
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c >= 0x20 && c != '"' && c != '\\' && c < 0x7f {
			i++
			continue
		}
		b = append(b, s[start:i]...)
		if c < 0x80 {
			b = protocol.AppendEscape(b, c)
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			if ascii {
				b = append(b, `\ufffd`...)
			} else {
				b = append(b, "\uFFFD"...)
			}
		case ascii:
			b = appendUnicodeEscape(b, r)
		default:
			b = append(b, s[i:i+size]...)
		}
		i += size
		start = i
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}

func appendUnicodeEscape(b []byte, r rune) []byte {
	if r > 0xffff {
		r -= 0x10000
		b = appendU16(b, 0xd800+(r>>10))
		return appendU16(b, 0xdc00+(r&0x3ff))
	}
	return appendU16(b, r)
}

func appendU16(b []byte, r rune) []byte {
	return append(b, '\\', 'u', hexDigits[r>>12&15], hexDigits[r>>8&15], hexDigits[r>>4&15], hexDigits[r&15])
}
