package redact

import "github.com/zsj-dev/zsj/protocol"

// hidden reports whether raw, the text of a JSON string between its quotes,
// holds an escape that may stand for a character of a keyword, so that
// only its decoded text can be scanned; hits are what scan found in raw.
//
// Keywords with a quote, a backslash or a slash have twins with those
// written escaped, so \", \\ and \/ need no look (an encoder that escaped
// only some of the slashes of a "://" would go unseen; none does). \n, \t
// and the like matter only for keywords with control characters (exact
// secrets). That leaves \u00XX, which stands for an ASCII character. The
// character before an escape is read from raw, which is exact unless it
// ends another escape; that errs on the side of decoding, except after a
// \uXXXX escape, which no encoder writes before a character of a keyword
// it leaves unescaped.
func (p *prefilter) hidden(raw []byte, hits []hit) bool {
	if p.controls || p.nonASCII {
		return p.hiddenSlow(raw)
	}
	for _, h := range hits {
		b := int(h.pos)
		if h.kw != p.escape || b+5 >= len(raw) || protocol.EscapedAt(raw, b) {
			continue
		}
		if c, _ := protocol.DecodeEscape(raw[b : b+6]); c < 128 && p.hides(byte(c), raw, b) {
			return true
		}
	}
	return false
}

// hides reports whether c, written as an escape at b in raw, may be part
// of a keyword.
func (p *prefilter) hides(c byte, raw []byte, b int) bool {
	if c >= 128 {
		return false
	}
	return p.first[c] || (b > 0 && raw[b-1] < 128 && p.after[c][raw[b-1]])
}

// hiddenSlow is hidden when keywords hold control characters or non-ASCII
// ones (exact secrets): every escape is looked at, and any \uXXXX beyond
// ASCII may hide a keyword.
func (p *prefilter) hiddenSlow(raw []byte) bool {
	for i := 0; ; {
		j := indexByte(raw[i:], '\\')
		if j < 0 || i+j+1 >= len(raw) {
			return false
		}
		b := i + j // the backslash
		c := raw[b+1]
		i = b + 2 // past the escaped character; \\ must not start another escape
		switch c {
		case '"', '\\', '/':
			continue
		case 'u':
			if b+5 >= len(raw) {
				continue
			}
			r, _ := protocol.DecodeEscape(raw[b : b+6])
			if r >= 128 {
				if p.nonASCII {
					return true
				}
				continue
			}
			c = byte(r)
		case 'n', 't', 'r', 'b', 'f':
			c = controlEscape[c]
		}
		if p.hides(c, raw, b) {
			return true
		}
	}
}

// controlEscape maps the letter of a two-byte escape to what it stands for.
var controlEscape = [256]byte{'n': '\n', 't': '\t', 'r': '\r', 'b': '\b', 'f': '\f'}
