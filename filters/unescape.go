package filters

import (
	"bytes"
	"unicode/utf8"

	"github.com/zsj-dev/zsj/protocol"
)

// unescape decodes the text between the quotes of a string that scanString
// has checked. A lone surrogate becomes U+FFFD, as in jq and encoding/json.
func unescape(raw []byte, out []byte) []byte {
	for i := 0; i < len(raw); {
		j := bytes.IndexByte(raw[i:], '\\')
		if j < 0 {
			return append(out, raw[i:]...)
		}
		out = append(out, raw[i:i+j]...)
		r, n := protocol.DecodeEscape(raw[i+j:])
		out = utf8.AppendRune(out, r)
		i += j + n
	}
	return out
}

// stringText returns the decoded text of the string value raw (quotes
// included), reusing scratch when it must decode escapes.
func stringText(raw []byte, escaped bool, scratch []byte) []byte {
	inner := raw[1 : len(raw)-1]
	if !escaped {
		return inner
	}
	return unescape(inner, scratch[:0])
}
