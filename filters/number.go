package filters

import (
	"math"
	"math/big"
	"strconv"
)

// appendFloat writes f the way jq 1.6 prints numbers, so that output
// compares equal to jq's byte for byte: the shortest digits that read back
// as f; plain notation unless the exponent is below -4 or more than 15
// places past the digits; then d.ddde±XX with at least two exponent digits.
// NaN prints as null and infinities as the largest finite doubles, as jq
// does.
func appendFloat(b []byte, f float64) []byte {
	switch {
	case math.IsNaN(f):
		return append(b, "null"...)
	case math.IsInf(f, 1):
		f = math.MaxFloat64
	case math.IsInf(f, -1):
		f = -math.MaxFloat64
	case f == 0:
		if math.Signbit(f) {
			return append(b, "-0"...)
		}
		return append(b, '0')
	}
	var buf [32]byte
	e := strconv.AppendFloat(buf[:0], f, 'e', -1, 64) // [-]d[.ddd]e±dd
	if e[0] == '-' {
		b = append(b, '-')
		e = e[1:]
	}
	var digits [24]byte
	nd := 0
	i := 0
	for ; e[i] != 'e'; i++ {
		if e[i] != '.' {
			digits[nd] = e[i]
			nd++
		}
	}
	exp, _ := strconv.Atoi(string(e[i+1:]))
	decpt := exp + 1 // the value is 0.DIGITS × 10^decpt
	d := digits[:nd]
	switch {
	case decpt <= -4 || decpt > nd+15:
		b = append(b, d[0])
		if nd > 1 {
			b = append(b, '.')
			b = append(b, d[1:]...)
		}
		b = append(b, 'e')
		if exp < 0 {
			b = append(b, '-')
			exp = -exp
		} else {
			b = append(b, '+')
		}
		if exp < 10 {
			b = append(b, '0')
		}
		return strconv.AppendInt(b, int64(exp), 10)
	case decpt <= 0:
		b = append(b, "0."...)
		for range -decpt {
			b = append(b, '0')
		}
		return append(b, d...)
	case decpt >= nd:
		b = append(b, d...)
		for range decpt - nd {
			b = append(b, '0')
		}
		return b
	}
	b = append(b, d[:decpt]...)
	b = append(b, '.')
	return append(b, d[decpt:]...)
}

// appendNumber writes any number gojq produces. Integers print in full,
// as gojq computes them exactly; jq 1.6 would round beyond 2^53.
func appendNumber(b []byte, v any) ([]byte, bool) {
	switch n := v.(type) {
	case int:
		return strconv.AppendInt(b, int64(n), 10), true
	case float64:
		return appendFloat(b, n), true
	case *big.Int:
		return n.Append(b, 10), true
	}
	return b, false
}
