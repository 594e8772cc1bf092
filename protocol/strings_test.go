package protocol

import (
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestAppendEscape(t *testing.T) {
	for c, want := range map[byte]string{
		'"': `\"`, '\\': `\\`, '\n': `\n`, '\t': `\t`, '\r': `\r`, '\b': `\b`, '\f': `\f`,
		0: `\u0000`, 0x1f: `\u001f`, 0x7f: `\u007f`,
	} {
		if got := string(AppendEscape([]byte("x"), c)); got != "x"+want {
			t.Errorf("AppendEscape(%#x) = %q, want %q", c, got[1:], want)
		}
	}
}

// TestAppendQuotedSteps puts each byte to escape at every offset of the
// eight-byte steps AppendQuoted takes.
func TestAppendQuotedSteps(t *testing.T) {
	for _, special := range []string{`"`, `\`, "\n", "\x01", "\x7f", "é", "\u2028", "😀"} {
		for i := 0; i < 17; i++ {
			checkQuoted(t, strings.Repeat("a", i)+special+strings.Repeat("b", 17-i))
		}
	}
}

// FuzzAppendQuoted: what AppendQuoted writes is one valid JSON string
// that encoding/json and AppendUnescaped read back as the text written.
func FuzzAppendQuoted(f *testing.F) {
	for _, s := range []string{"", "plain", "a\"b\\c\n", "\x00\x1f\x7f", "é😀\u2028"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if utf8.ValidString(s) {
			checkQuoted(t, s)
		}
	})
}

func checkQuoted(t *testing.T, s string) {
	t.Helper()
	enc := AppendQuoted(nil, []byte(s))
	if end, _, err := ScanString(enc, 0); err != nil || end != len(enc) {
		t.Fatalf("%q: wrote %s, which ScanString reads to %d of %d (%v)", s, enc, end, len(enc), err)
	}
	var viaJSON string
	if err := json.Unmarshal(enc, &viaJSON); err != nil || viaJSON != s {
		t.Fatalf("%q: wrote %s, encoding/json reads %q (%v)", s, enc, viaJSON, err)
	}
	if dec := string(AppendUnescaped(nil, enc[1:len(enc)-1])); dec != s {
		t.Fatalf("%q: wrote %s, AppendUnescaped reads %q", s, enc, dec)
	}
}
