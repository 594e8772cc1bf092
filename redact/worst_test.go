package redact

import (
	"strings"
	"testing"
	"time"
)

// TestRepetitiveInputsStayLinear: a string made of one keyword and what
// follows it, over and over, must not make the rules quadratic. Twice
// the text must take about twice the time: a quadratic rule takes four
// times as long. Each size is timed three times and the fastest kept, so
// that a busy machine (tests of other packages run beside this one) does
// not make a linear rule look quadratic; a fixed time limit did.
func TestRepetitiveInputsStayLinear(t *testing.T) {
	if testing.Short() {
		t.Skip("times a few seconds of redaction")
	}
	const size = 128 << 10
	x := defaults(t).NewRedactor()
	work := func(unit string, n int) time.Duration {
		text := []byte(strings.Repeat(unit, n/len(unit)))
		line := []byte(`{"o":"` + escapeAll(string(text), 0) + `"}`)
		best := time.Duration(1<<63 - 1)
		for range 3 {
			start := time.Now()
			x.RedactText(text)
			x.Line(line, nil)
			x.Find(line)
			best = min(best, time.Since(start))
		}
		return best
	}
	for _, unit := range []string{
		"token", "tokentoken=", `"password":"`, "password=", "eyJ-", "eyJaaaaaaaa.", "sk-", "ghp_",
		"-----BEGIN RSA PRIVATE KEY-----\n", "-----END RSA PRIVATE KEY-----", "https://", "https://a:",
		"Cookie: ", "Authorization: Bearer ", "?token=", `\"token\": \"`, "'", `\`, "a", "0:AA",
	} {
		small, large := work(unit, size), work(unit, 4*size)
		// Linear: 4 times the time; quadratic: 16 times. Below 20 ms
		// the clock says little, and any rule is fast enough.
		if large > 20*time.Millisecond && large > 8*small {
			t.Errorf("%q repeated: %v for %d KB, %v for %d KB", unit, small, size>>10, large, 4*size>>10)
		}
	}
}
