package replay

import (
	"bytes"
	"strings"
	"testing"
	"time"
)

func TestTimingRoundTrip(t *testing.T) {
	offsets := []time.Duration{0, 1500 * time.Microsecond, 2 * time.Second, 2*time.Second + 250*time.Millisecond}
	var b bytes.Buffer
	if err := WriteTiming(&b, offsets); err != nil {
		t.Fatal(err)
	}
	if want := "0.000\n1.500\n2000.000\n2250.000\n"; b.String() != want {
		t.Fatalf("wrote %q, want %q", b.String(), want)
	}
	got, err := parseTiming(&b)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != len(offsets) {
		t.Fatalf("read %v, want %v", got, offsets)
	}
	for i := range got {
		if got[i] != offsets[i] {
			t.Fatalf("line %d: read %v, want %v", i+1, got[i], offsets[i])
		}
	}
}

func TestParseTimingRefuses(t *testing.T) {
	for _, in := range []string{"1\nsoon\n", "1\n\n2\n", "-5\n", "NaN\n", "+Inf\n"} {
		if _, err := parseTiming(strings.NewReader(in)); err == nil {
			t.Errorf("%q: accepted", in)
		}
	}
	got, err := parseTiming(strings.NewReader(" 7 \n12.5"))
	if err != nil || len(got) != 2 || got[0] != 7*time.Millisecond || got[1] != 12500*time.Microsecond {
		t.Fatalf("spaces and a missing last newline: got %v, %v", got, err)
	}
}
