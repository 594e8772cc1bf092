package redact

import (
	"encoding/base64"
	"net/url"
	"strings"
	"testing"
)

// FuzzEncodedSecrets: a secret planted in any text as an environment
// variable and then written in base64 or percent-encoded is replaced, the text around the encoded run
// stays, and redacting the result again changes nothing.
func FuzzEncodedSecrets(f *testing.F) {
	f.Add("DEBUG=1\n", "\n", uint8(0), false)
	f.Add("", "", uint8(1), true)
	f.Add("a b\tc", "=x", uint8(2), false)
	f.Add("token: ", "\"}", uint8(3), true)
	f.Fuzz(func(t *testing.T, before, after string, kind uint8, percent bool) {
		if strings.IndexFunc(before+after, func(r rune) bool { return r < 0x20 && r != '\n' && r != '\t' || r == 0x7f || r == 0xfffd }) >= 0 {
			t.Skip("binary: what it encodes is not read as text")
		}
		secret := plantable[int(kind)%len(plantable)]
		plain := before + "\nAPI_TOKEN=" + secret + "\n" + after
		var enc string
		if percent {
			enc = "https://h/cb?next=" + url.QueryEscape("https://x/?q="+plain)
		} else {
			enc = base64.StdEncoding.EncodeToString([]byte(plain))
		}
		text := "$ cmd\n" + enc + "\n$ done"
		x := defaults(t).NewRedactor()
		out, _ := x.RedactText([]byte(text))
		got := string(out)
		if !strings.HasPrefix(got, "$ cmd\n") || !strings.HasSuffix(got, "\n$ done") {
			t.Fatalf("text around the run changed: %q", got)
		}
		if !percent && strings.Contains(got, enc) || percent && strings.Contains(got, url.QueryEscape(secret)) {
			t.Fatalf("encoded secret survives in %q", got)
		}
		again, _ := x.RedactText([]byte(got))
		if string(again) != got {
			t.Fatalf("second pass changed %q\nto %q", got, again)
		}
	})
}
