package filters

import (
	"math/bits"
	"sync"

	"github.com/itchyny/gojq"
)

// add is l + r. Objects are merged here, in order; numbers, strings,
// arrays and null, the common cases, are added here too, since the call
// replaces gojq's own operator; anything else (big integers, an integer
// overflow, an error) is left to gojq's operator itself.
func (f *orderFuncs) add(l, r any) any {
	switch l := l.(type) {
	case nil:
		return r
	case int:
		switch r := r.(type) {
		case int:
			if s := l + r; !addOverflows(l, r, s) {
				return s
			}
		case float64:
			return float64(l) + r
		case nil:
			return l
		}
	case float64:
		switch r := r.(type) {
		case int:
			return l + float64(r)
		case float64:
			return l + r
		case nil:
			return l
		}
	case string:
		switch r := r.(type) {
		case string:
			return l + r
		case nil:
			return l
		}
	case []any:
		switch r := r.(type) {
		case []any:
			if len(l) == 0 {
				return r
			}
			if len(r) == 0 {
				return l
			}
			return append(append(make([]any, 0, len(l)+len(r)), l...), r...)
		case nil:
			return l
		}
	case map[string]any:
		switch r := r.(type) {
		case map[string]any:
			return f.merge(l, r)
		case nil:
			return l
		}
	}
	return gojqOperator(&nativeAdd, ".[0] + .[1]", l, r)
}

func addOverflows(l, r, sum int) bool {
	return l > 0 && r > 0 && sum < 0 || l < 0 && r < 0 && sum >= 0
}

// productSafe is the size below which a product of two ints cannot
// overflow: 2^31 where an int has 64 bits, 2^15 where it has 32.
const productSafe = 1 << (bits.UintSize/2 - 1)

// mul is l * r: objects are merged deeply here, in order; floats and small
// integers are multiplied here; the rest is left to gojq's operator.
func (f *orderFuncs) mul(l, r any) any {
	switch l := l.(type) {
	case int:
		switch r := r.(type) {
		case int:
			if -productSafe < l && l < productSafe && -productSafe < r && r < productSafe {
				return l * r
			}
		case float64:
			return float64(l) * r
		}
	case float64:
		switch r := r.(type) {
		case int:
			return l * float64(r)
		case float64:
			return l * r
		}
	case map[string]any:
		if r, ok := r.(map[string]any); ok {
			return f.deepMerge(l, r)
		}
	}
	return gojqOperator(&nativeMul, ".[0] * .[1]", l, r)
}

// nativeOp is gojq's own operator, compiled once.
type nativeOp struct {
	once sync.Once
	code *gojq.Code
}

var nativeAdd, nativeMul nativeOp

func gojqOperator(op *nativeOp, expr string, l, r any) any {
	op.once.Do(func() {
		q, err := gojq.Parse(expr)
		if err != nil {
			panic(err)
		}
		if op.code, err = gojq.Compile(q); err != nil {
			panic(err)
		}
	})
	v, _ := op.code.Run([]any{l, r}).Next()
	return v
}
