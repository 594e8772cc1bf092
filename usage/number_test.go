package usage

import (
	"encoding/json"
	"math/big"
	"strings"
	"testing"

	"github.com/zsj-dev/zsj/protocol"
)

func TestParseTokens(t *testing.T) {
	for _, tc := range []struct {
		lit, want string
		big       bool // kept as a big.Rat
		err       bool
	}{
		{lit: "0", want: "0"},
		{lit: "-0", want: "0"},
		{lit: "-0.0e3", want: "0"},
		{lit: "1234", want: "1234"},
		{lit: "1.0", want: "1"},
		{lit: "1e3", want: "1000"},
		{lit: "1.5E+2", want: "150"},
		{lit: "25000e-3", want: "25"},
		{lit: "0.5", want: "0.5", big: true},
		{lit: "12.25", want: "12.25", big: true},
		{lit: "1e-3", want: "0.001", big: true},
		{lit: "9223372036854775807", want: "9223372036854775807"},
		{lit: "9223372036854775808", want: "9223372036854775808", big: true},
		{lit: "123456789012345678901234567890", want: "123456789012345678901234567890", big: true},
		{lit: "1e300", want: "1" + zeros(300), big: true},
		{lit: "-1", err: true},
		{lit: "-0.5", err: true},
		{lit: "1e400", err: true},          // beyond float64: not finite
		{lit: "1e-401", err: true},         // an exponent too large to hold exactly
		{lit: "1" + zeros(400), err: true}, // too many digits
		{lit: "1e99999", err: true},        // refused, not computed
	} {
		t.Run(tc.lit, func(t *testing.T) {
			d, err := ParseDecimal[wholeUnits]([]byte(tc.lit))
			if tc.err {
				if err == nil {
					t.Fatalf("got %s, want an error", d)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got := d.String(); got != tc.want {
				t.Errorf("String() = %s, want %s", got, tc.want)
			}
			if (d.exact != nil) != tc.big {
				t.Errorf("big = %v, want %v", d.exact != nil, tc.big)
			}
		})
	}
}

func zeros(n int) string {
	b := make([]byte, n)
	for i := range b {
		b[i] = '0'
	}
	return string(b)
}

func TestParseUSD(t *testing.T) {
	for _, tc := range []struct {
		lit, want string
		big       bool
	}{
		{"0.004448", "0.004448", false},
		{"2e-06", "0.000002", false},
		{"1.25e-7", "0.000000125", false},
		{"0.000000000001", "0.000000000001", false},
		{"0.0000000000015", "0.0000000000015", true}, // finer than 1e-12
		{"100", "100", false},
	} {
		d, err := ParseDecimal[picoUnits]([]byte(tc.lit))
		if err != nil {
			t.Fatalf("%s: %v", tc.lit, err)
		}
		if d.String() != tc.want || (d.exact != nil) != tc.big {
			t.Errorf("%s: got %s (big %v), want %s (big %v)", tc.lit, d, d.exact != nil, tc.want, tc.big)
		}
	}
}

// TestDecimalAddIsExact checks sums against math/big, across the switch
// from int64 units to big.Rat (overflow, fractions), in both orders.
func TestDecimalAddIsExact(t *testing.T) {
	lits := []string{"9223372036854775000", "900", "0.25", "1e-12", "7", "0.004448", "123456789.123456789"}
	want := new(big.Rat)
	var fwd, back USD
	for i := range lits {
		r, _ := new(big.Rat).SetString(lits[i])
		want.Add(want, r)
		fwd.Add(mustUSD(t, lits[i]))
		back.Add(mustUSD(t, lits[len(lits)-1-i]))
	}
	for name, got := range map[string]USD{"forward": fwd, "backward": back} {
		if got.Rat().Cmp(want) != 0 {
			t.Errorf("%s: got %s, want %s", name, got, want.FloatString(20))
		}
	}
	if fwd.String() != back.String() {
		t.Errorf("the order of additions changed the text: %s vs %s", fwd, back)
	}
}

func mustUSD(t *testing.T, lit string) USD {
	t.Helper()
	d, err := ParseDecimal[picoUnits]([]byte(lit))
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func TestDecimalFixed(t *testing.T) {
	for _, tc := range []struct {
		lit    string
		places int
		want   string
	}{
		{"0.004448", 4, "0.0044"},
		{"0.00445", 4, "0.0045"}, // half away from zero
		{"102.44079", 4, "102.4408"},
		{"3", 4, "3.0000"},
		{"0.0000000000015", 4, "0.0000"},
		{"1.00005", 4, "1.0001"},
	} {
		if got := mustUSD(t, tc.lit).Fixed(tc.places); got != tc.want {
			t.Errorf("Fixed(%s, %d) = %s, want %s", tc.lit, tc.places, got, tc.want)
		}
	}
}

func TestCost(t *testing.T) {
	tokens, _ := ParseDecimal[wholeUnits]([]byte("1840"))
	price := mustUSD(t, "2e-06")
	if got := cost(tokens, price).String(); got != "0.00368" {
		t.Errorf("1840 tokens at 2e-06 = %s, want 0.00368", got)
	}
	half, _ := ParseDecimal[wholeUnits]([]byte("0.5"))
	if got := cost(half, price).String(); got != "0.000001" {
		t.Errorf("0.5 tokens at 2e-06 = %s, want 0.000001", got)
	}
	huge, _ := ParseDecimal[wholeUnits]([]byte("9000000000000000000"))
	if got := cost(huge, mustUSD(t, "15")).String(); got != "135000000000000000000" {
		t.Errorf("overflowing product = %s", got)
	}
}

func TestDecimalJSONRoundTrip(t *testing.T) {
	for _, lit := range []string{"0", "42", "0.004448", "12.5", "123456789012345678901234567890.000000000000000001"} {
		var d USD
		if err := json.Unmarshal([]byte(lit), &d); err != nil {
			t.Fatalf("%s: %v", lit, err)
		}
		b, err := json.Marshal(d)
		if err != nil {
			t.Fatal(err)
		}
		want := lit
		if got := string(b); got != want {
			t.Errorf("round trip of %s gave %s", lit, got)
		}
	}
}

// FuzzParseDecimal checks every number literal the JSON scanner accepts
// against math/big: the value is exact, or refused as not a count.
func FuzzParseDecimal(f *testing.F) {
	for _, s := range []string{"0", "1", "-0", "12.5", "1e3", "2E-06", "9223372036854775808", "0.0000000000015", "1e-400"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, lit string) {
		members, serr := protocol.ParseObject([]byte(`{"n":`+lit+`}`), nil)
		if serr != nil || len(members) != 1 || members[0].Value.Kind != protocol.KindNumber || string(members[0].Value.Raw) != lit {
			return // not one JSON number
		}
		want, ok := new(big.Rat).SetString(lit)
		d, err := ParseDecimal[picoUnits]([]byte(lit))
		if !ok { // math/big refuses exponents this large too
			if err == nil {
				t.Fatalf("%s read as %s", lit, d)
			}
			return
		}
		if err != nil {
			if want.Sign() >= 0 && len(lit) < 20 && !strings.ContainsAny(lit, "eE") {
				t.Fatalf("%s refused: %v", lit, err)
			}
			return
		}
		if d.Rat().Cmp(want) != 0 {
			t.Fatalf("%s read as %s", lit, d)
		}
		var back USD
		err = json.Unmarshal([]byte(d.String()), &back)
		if err != nil || back.Rat().Cmp(want) != 0 {
			t.Fatalf("%s printed as %s, which reads back as %s (%v)", lit, d, back, err)
		}
	})
}
