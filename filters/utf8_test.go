package filters

import (
	"testing"
	"unicode/utf8"
)

// The expected replacements are what jq 1.6 makes of these strings
// ('[length, explode]' on each, read from a file).
func TestToValidUTF8(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"plain ascii", "plain ascii"},
		{"caf\u00e9 \U0001F600", "caf\u00e9 \U0001F600"},
		{"\ufffd", "\ufffd"},
		{"x\xe2\x82y", "x\ufffdy"},                                 // cut short by a byte that does not continue it
		{"\xe2\x82", "\ufffd"},                                     // cut short by the end
		{"\xf0\x9f\x98", "\ufffd"},                                 // the same, four bytes
		{"\xf0\x9f\x98x", "\ufffdx"},                               //
		{"\xc3", "\ufffd"},                                         //
		{"\xed\xa0\x80", "\ufffd"},                                 // a surrogate
		{"\xf4\x90\x80\x80", "\ufffd"},                             // past U+10FFFF
		{"\xe0\x80\x80", "\ufffd"},                                 // overlong
		{"\xc1\xbf", "\ufffd\ufffd"},                               // 0xc1 starts nothing
		{"\xff\xfe", "\ufffd\ufffd"},                               // nor do 0xfe and 0xff
		{"\xf8\x88\x80\x80\x80", "\ufffd\ufffd\ufffd\ufffd\ufffd"}, //
		{"\x80a", "\ufffda"},                                       // a lone continuation byte
	} {
		got := string(toValidUTF8([]byte(tc.in)))
		if got != tc.want {
			t.Errorf("toValidUTF8(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func FuzzToValidUTF8(f *testing.F) {
	for _, s := range []string{"a\xe2\x82b", "\xf0\x9f\x98", "\xed\xa0\x80", "caf\u00e9"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		got := toValidUTF8(b)
		if !utf8.Valid(got) {
			t.Fatalf("%q: result %q is not UTF-8", b, got)
		}
		if utf8.Valid(b) && string(got) != string(b) {
			t.Fatalf("valid %q changed to %q", b, got)
		}
	})
}
