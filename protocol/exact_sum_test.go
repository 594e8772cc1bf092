package protocol

import (
	"fmt"
	"regexp"
	"testing"
)

var jsonNumber = regexp.MustCompile(`^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?$`)

// TestTotalMismatchIsExact: totalTokens is compared with promptTokens +
// completionTokens exactly, beyond 2^53 too, where float64 sums round.
func TestTotalMismatchIsExact(t *testing.T) {
	for _, tc := range []struct {
		prompt, completion, total string
		mismatch                  bool
	}{
		{"9007199254740993", "0", "9007199254740992", true},
		{"9007199254740993", "0", "9007199254740993", false},
		{"9007199254740992", "1", "9007199254740992", true},
		{"4503599627370497", "4503599627370496", "9007199254740993", false},
		{"99999999999999999999", "1", "100000000000000000000", false},
		{"99999999999999999999", "1", "100000000000000000001", true},
		{"1e3", "24", "1024", false},
		{"1E+3", "0.5", "1000.5", false},
		{"0.1", "0.2", "0.3", false}, // exact decimals: not 0.30000000000000004
		{"12", "8", "21", true},
		{"12", "8", "20", false},
		{"1e999999", "1", "1", false}, // too large to compare: not checked
	} {
		line := fmt.Sprintf(`{"schemaVersion":2,"type":"usage","runId":"run_1","promptTokens":%s,"completionTokens":%s,"totalTokens":%s}`,
			tc.prompt, tc.completion, tc.total)
		found := false
		for _, p := range ValidateEvent([]byte(line), Options{Strict: true}) {
			if p.Rule == RuleTotalMismatch {
				found = true
			}
		}
		if found != tc.mismatch {
			t.Errorf("%s + %s vs %s: total-mismatch %v, want %v", tc.prompt, tc.completion, tc.total, found, tc.mismatch)
		}
	}
}

func FuzzSumIs(f *testing.F) {
	f.Add("1", "2", "3")
	f.Add("9007199254740993", "0", "9007199254740992")
	f.Add("1e3", "0.5", "1000.5")
	f.Fuzz(func(t *testing.T, a, b, total string) {
		for _, s := range []string{a, b, total} {
			if !jsonNumber.MatchString(s) {
				return
			}
		}
		equal, ok := sumIs([]byte(a), []byte(b), []byte(total))
		if !ok {
			return
		}
		if again, _ := sumIs([]byte(b), []byte(a), []byte(total)); again != equal {
			t.Errorf("%s + %s = %s is %v, the other way round %v", a, b, total, equal, again)
		}
		// A sum is the total of itself plus 0.
		if equal {
			if self, _ := sumIs([]byte(total), []byte("0"), []byte(total)); !self {
				t.Errorf("%s + 0 is not %s", total, total)
			}
		}
	})
}
