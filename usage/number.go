package usage

import (
	"bytes"
	"errors"
	"math"
	"math/big"
	"math/bits"
	"strconv"
	"strings"
)

// Token counts and costs are summed exactly, never rounded: the sum of the
// shards of an archive (zsj usage --merge) must equal the sum of the whole,
// whatever the order of the additions. A Decimal is a whole number of units
// in an int64 while it fits, which covers every real log; a value finer
// than one unit (a fractional token count, a cost with more than 12
// decimals) or one that overflows int64 moves to a big.Rat and stays there.

// scale says how many decimal places one unit of a Decimal is.
type scale interface{ places() int }

type wholeUnits struct{}
type picoUnits struct{}

func (wholeUnits) places() int { return 0 }
func (picoUnits) places() int  { return 12 }

// Decimal is an exact non-negative decimal number.
type Decimal[S scale] struct {
	units int64    // the value in units of 10^-places, when exact is nil
	exact *big.Rat // the value, once it no longer fits units
}

// Tokens is a token count: whole tokens, fractions kept exactly.
type Tokens = Decimal[wholeUnits]

// TokensOf is n whole tokens.
func TokensOf(n int64) Tokens { return Tokens{units: n} }

// USD is an amount of US dollars, in units of 10^-12 dollar.
type USD = Decimal[picoUnits]

func placesOf[S scale]() int { var s S; return s.places() }

// maxLiteral and maxExponent bound the numbers read from logs: longer
// literals or larger exponents are refused rather than turned into huge
// big.Rats. (float64 ends near 1e308, so nothing of use is refused.)
const (
	maxLiteral  = 400 // bytes
	maxExponent = 400 // decimal exponent, either sign
)

var errNegative = errors.New("a negative count")
var errTooLarge = errors.New("a number too large to be a count")
var errTooLong = errors.New("a number of too many digits")

// ParseDecimal reads a JSON number literal (already checked as JSON) from
// a log.
func ParseDecimal[S scale](lit []byte) (Decimal[S], error) {
	if len(lit) > maxLiteral {
		return Decimal[S]{}, errTooLong
	}
	return parseDecimal[S](lit)
}

// parseDecimal reads a number of any length: sums written by String may be
// longer than any literal of a log (1e300 + 1e-300), and must read back.
func parseDecimal[S scale](lit []byte) (Decimal[S], error) {
	var d Decimal[S]
	if len(lit) > 0 && lit[0] == '-' {
		if isZeroLiteral(lit[1:]) {
			return d, nil // -0 is 0
		}
		return d, errNegative
	}
	if u, ok := parseUnits(lit, placesOf[S]()); ok {
		d.units = u
		return d, nil
	}
	// The slow path: fractions finer than a unit, or huge values. A value
	// out of float64's range is not a finite number as the protocol
	// requires (and validate says so too).
	if f, err := strconv.ParseFloat(string(lit), 64); err != nil || math.IsInf(f, 0) {
		return d, errTooLarge
	}
	if _, ok := exponent(lit); !ok {
		return d, errTooLong // 1e-99999 would need a huge denominator
	}
	r, ok := new(big.Rat).SetString(string(lit))
	if !ok {
		return d, errTooLarge
	}
	d.exact = r
	return d, nil
}

func isZeroLiteral(lit []byte) bool {
	for _, c := range lit {
		if c == 'e' || c == 'E' {
			break
		}
		if c != '0' && c != '.' {
			return false
		}
	}
	return true
}

// parseUnits reads a non-negative JSON number as a whole number of units
// of 10^-places; ok is false when it is not one or does not fit an int64.
func parseUnits(lit []byte, places int) (units int64, ok bool) {
	var mant uint64
	frac, i := 0, 0
	inFrac := false
	for ; i < len(lit); i++ {
		c := lit[i]
		if c == '.' {
			inFrac = true
			continue
		}
		if c < '0' || c > '9' {
			break
		}
		if mant == 0 && c == '0' {
			if inFrac {
				frac++
			}
			continue // leading zeros carry no digits
		}
		hi, lo := bits.Mul64(mant, 10)
		lo, carry := bits.Add64(lo, uint64(c-'0'), 0)
		if hi != 0 || carry != 0 {
			return 0, false
		}
		mant = lo
		if inFrac {
			frac++
		}
	}
	exp, ok := exponent(lit[i:])
	if !ok {
		return 0, false
	}
	if mant == 0 {
		return 0, true
	}
	shift := exp - frac + places // units = mant × 10^shift
	for ; shift < 0; shift++ {
		if mant%10 != 0 {
			return 0, false // finer than one unit
		}
		mant /= 10
	}
	for ; shift > 0; shift-- {
		hi, lo := bits.Mul64(mant, 10)
		if hi != 0 || lo > math.MaxInt64 {
			return 0, false
		}
		mant = lo
	}
	if mant > math.MaxInt64 {
		return 0, false
	}
	return int64(mant), true
}

// exponent returns the decimal exponent of a number literal (0 when it has
// none); ok is false when it is beyond maxExponent.
func exponent(lit []byte) (exp int, ok bool) {
	i := bytes.IndexAny(lit, "eE")
	if i < 0 {
		return 0, true
	}
	e, err := strconv.Atoi(strings.TrimPrefix(string(lit[i+1:]), "+"))
	if err != nil || e > maxExponent || e < -maxExponent {
		return 0, false
	}
	return e, true
}

// IsZero reports whether d is 0.
func (d Decimal[S]) IsZero() bool {
	if d.exact != nil {
		return d.exact.Sign() == 0
	}
	return d.units == 0
}

// Add adds o to d.
func (d *Decimal[S]) Add(o Decimal[S]) {
	if d.exact == nil && o.exact == nil {
		if s, carry := bits.Add64(uint64(d.units), uint64(o.units), 0); carry == 0 && s <= math.MaxInt64 {
			d.units = int64(s)
			return
		}
	}
	d.exact = new(big.Rat).Add(d.Rat(), o.Rat())
	d.units = 0
}

// Rat returns the value as a new big.Rat.
func (d Decimal[S]) Rat() *big.Rat {
	if d.exact != nil {
		return new(big.Rat).Set(d.exact)
	}
	r := new(big.Rat).SetInt64(d.units)
	if p := placesOf[S](); p > 0 {
		r.Quo(r, new(big.Rat).SetInt(pow10(p)))
	}
	return r
}

func pow10(n int) *big.Int { return new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(n)), nil) }

// Float64 returns the nearest float64, for display arithmetic only.
func (d Decimal[S]) Float64() float64 {
	f, _ := d.Rat().Float64()
	return f
}

// String is the exact value in decimal notation, with no exponent and no
// trailing zeros after the point: "1234", "0.004448", "12.5".
func (d Decimal[S]) String() string {
	if d.exact == nil {
		return trimFraction(unitsString(d.units, placesOf[S]()))
	}
	return trimFraction(d.exact.FloatString(decimalPlaces(d.exact)))
}

// Fixed is the value rounded to places decimals (halves away from zero).
func (d Decimal[S]) Fixed(places int) string {
	if d.exact == nil && places >= placesOf[S]() {
		s := unitsString(d.units, placesOf[S]())
		return padFraction(s, places)
	}
	return d.Rat().FloatString(places)
}

// unitsString writes units as a decimal with exactly places decimals.
func unitsString(units int64, places int) string {
	s := strconv.FormatInt(units, 10)
	if places == 0 {
		return s
	}
	if len(s) <= places {
		s = strings.Repeat("0", places-len(s)+1) + s
	}
	return s[:len(s)-places] + "." + s[len(s)-places:]
}

func trimFraction(s string) string {
	if !strings.Contains(s, ".") {
		return s
	}
	s = strings.TrimRight(s, "0")
	return strings.TrimSuffix(s, ".")
}

func padFraction(s string, places int) string {
	dot := strings.IndexByte(s, '.')
	have := 0
	if dot >= 0 {
		have = len(s) - dot - 1
	} else if places > 0 {
		s += "."
	}
	return s + strings.Repeat("0", places-have)
}

// decimalPlaces is how many decimals r needs to be written exactly. Every
// value here is a sum or product of decimal literals, so its denominator
// is 2^a·5^b and max(a, b) places suffice.
func decimalPlaces(r *big.Rat) int {
	den := new(big.Int).Set(r.Denom())
	two, five := 0, 0
	m := new(big.Int)
	for den.Bit(0) == 0 && den.BitLen() > 1 {
		den.Rsh(den, 1)
		two++
	}
	for {
		q, rem := new(big.Int).QuoRem(den, big.NewInt(5), m)
		if rem.Sign() != 0 {
			break
		}
		den = q
		five++
	}
	return max(two, five)
}

// MarshalJSON writes the exact value as a JSON number.
func (d Decimal[S]) MarshalJSON() ([]byte, error) { return []byte(d.String()), nil }

// UnmarshalJSON reads a JSON number exactly.
func (d *Decimal[S]) UnmarshalJSON(b []byte) error {
	v, err := parseDecimal[S](b)
	if err != nil {
		return err
	}
	*d = v
	return nil
}

// cost is tokens × a per-token price, exactly.
func cost(t Tokens, price USD) USD {
	if t.exact == nil && price.exact == nil {
		hi, lo := bits.Mul64(uint64(t.units), uint64(price.units))
		if hi == 0 && lo <= math.MaxInt64 {
			return USD{units: int64(lo)}
		}
	}
	return USD{exact: new(big.Rat).Mul(t.Rat(), price.Rat())}
}

// sub returns d - o, or 0 when o is larger.
func sub[S scale](d, o Decimal[S]) Decimal[S] {
	if d.exact == nil && o.exact == nil {
		return Decimal[S]{units: max(d.units-o.units, 0)}
	}
	r := new(big.Rat).Sub(d.Rat(), o.Rat())
	if r.Sign() < 0 {
		return Decimal[S]{}
	}
	return Decimal[S]{exact: r}
}
