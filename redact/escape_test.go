package redact

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/zsj-dev/zsj/protocol"
)

// TestStringRoundTrip: appendString writes what decode (and
// encoding/json) read back, with escapes at every offset of the 8-byte
// steps it takes.
func TestStringRoundTrip(t *testing.T) {
	var cases []string
	for _, special := range []string{`"`, `\`, "\n", "\x01", "\x7f", "é", "\u2028", "😀"} {
		for i := 0; i < 17; i++ {
			cases = append(cases, strings.Repeat("a", i)+special+strings.Repeat("b", 17-i))
		}
	}
	for _, s := range cases {
		enc := protocol.AppendQuoted(nil, []byte(s))
		var viaJSON string
		if err := json.Unmarshal(enc, &viaJSON); err != nil || viaJSON != s {
			t.Errorf("%q: encoded %s, read back %q (%v)", s, enc, viaJSON, err)
		}
		if dec := protocol.AppendUnescaped(nil, enc[1:len(enc)-1]); string(dec) != s {
			t.Errorf("%q: decode(%s) = %q", s, enc, dec)
		}
	}
}

func TestDecodeEscapes(t *testing.T) {
	for raw, want := range map[string]string{
		`a\u002db\/c\"d\\e`: `a-b/c"d\e`,
		`\ud83d\ude00`:      "😀",
		`\ud83d x`:          "\ufffd x", // a lone surrogate, as encoding/json reads it
		`\b\f\n\r\t`:        "\b\f\n\r\t",
		`\u00E9\u00e9`:      "éé",
	} {
		if got := string(protocol.AppendUnescaped(nil, []byte(raw))); got != want {
			t.Errorf("decode(%s) = %q, want %q", raw, got, want)
		}
	}
}
