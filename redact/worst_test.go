package redact

import (
	"strings"
	"testing"
	"time"
)

// TestRepetitiveInputsStayLinear: a string made of one keyword and what
// follows it, over and over, must not make the rules quadratic. Four
// times the text must take about four times the time: a quadratic rule
// takes sixteen times as long. Each size is timed three times, in turns,
// and the fastest kept, so that a busy machine (tests of other packages
// run beside this one) does not make a linear rule look quadratic; a
// fixed time limit did.
func TestRepetitiveInputsStayLinear(t *testing.T) {
	if testing.Short() {
		t.Skip("times a few seconds of redaction")
	}
	// 48 KB and 192 KB: at 192 KB the slowest units take 50-100 ms, well
	// above the clock's noise; 128 and 512 KB took 17 s of the test run.
	const size = 48 << 10
	x := defaults(t).NewRedactor()
	// once redacts a text of n bytes of unit in the three ways.
	once := func(text, line []byte) time.Duration {
		start := time.Now()
		x.RedactText(text)
		x.Line(line, nil)
		x.Find(line)
		return time.Since(start)
	}
	inputs := func(unit string, n int) (text, line []byte) {
		text = []byte(strings.Repeat(unit, n/len(unit)))
		return text, []byte(`{"o":"` + escapeAll(string(text), 0) + `"}`)
	}
	for _, unit := range []string{
		"token", "tokentoken=", `"password":"`, "password=", "eyJ-", "eyJaaaaaaaa.", "sk-", "ghp_",
		"-----BEGIN RSA PRIVATE KEY-----\n", "-----END RSA PRIVATE KEY-----", "https://", "https://a:",
		"Cookie: ", "Authorization: Bearer ", "?token=", `\"token\": \"`, "'", `\`, "a", "0:AA",
	} {
		// The two sizes in turns, the fastest of each kept: a load that
		// comes and goes falls on both alike.
		st, sl := inputs(unit, size)
		lt, ll := inputs(unit, 4*size)
		small, large := time.Duration(1<<63-1), time.Duration(1<<63-1)
		for range 3 {
			small = min(small, once(st, sl))
			large = min(large, once(lt, ll))
		}
		// Linear: 4 times the time; quadratic: 16 times (cache misses
		// on the larger text cost some more). Below 20 ms the clock
		// says little, and any rule is fast enough.
		if large > 20*time.Millisecond && large > 10*small {
			t.Errorf("%q repeated: %v for %d KB, %v for %d KB", unit, small, size>>10, large, 4*size>>10)
		}
	}
}
