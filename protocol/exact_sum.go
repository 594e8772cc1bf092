package protocol

import (
	"math/big"
	"strconv"
)

// Token counts are compared exactly, as zsj usage adds them: in float64,
// 9007199254740993 + 0 would equal 9007199254740992, since neither side
// has a float64 of its own beyond 2^53.

// maxSumExponent bounds the exponents sumIs compares exactly: a literal
// like 1e999999999 would need a number of that many digits. Beyond it the
// sum is not checked.
const maxSumExponent = 400

// sumIs reports whether a + b = total for three JSON number literals the
// scanner has checked; ok is false when they are too large to compare.
func sumIs(a, b, total []byte) (equal, ok bool) {
	if x, okA := smallInt(a); okA {
		if y, okB := smallInt(b); okB {
			if z, okT := smallInt(total); okT {
				return x+y == z, true
			}
		}
	}
	var sum, want big.Rat
	x, okA := exactNumber(a)
	y, okB := exactNumber(b)
	z, okT := exactNumber(total)
	if !okA || !okB || !okT {
		return false, false
	}
	sum.Add(x, y)
	want.Set(z)
	return sum.Cmp(&want) == 0, true
}

// smallInt reads a literal of at most 18 digits, no sign, fraction or
// exponent: the sum of two of them fits a uint64.
func smallInt(lit []byte) (uint64, bool) {
	if len(lit) == 0 || len(lit) > 18 {
		return 0, false
	}
	var n uint64
	for _, c := range lit {
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + uint64(c-'0')
	}
	return n, true
}

// exactNumber reads a literal as an exact rational number.
func exactNumber(lit []byte) (*big.Rat, bool) {
	for i, c := range lit {
		if c == 'e' || c == 'E' {
			exp, err := strconv.Atoi(string(lit[i+1:]))
			if err != nil || exp > maxSumExponent || exp < -maxSumExponent {
				return nil, false
			}
			break
		}
	}
	r, ok := new(big.Rat).SetString(string(lit))
	return r, ok
}
