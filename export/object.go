package export

import (
	"slices"
	"strconv"
	"strings"

	"github.com/zsj-dev/zsj/protocol"
	"github.com/zsj-dev/zsj/usage"
)

// object reads the members of a parsed JSON object.
type object []protocol.Member

func (o object) get(key string) *protocol.Value {
	for i := range o {
		m := &o[i]
		if string(m.KeyText()) == key {
			return &m.Value
		}
	}
	return nil
}

// str returns a string member's decoded bytes (valid until the next
// line); nil when absent or not a string.
func (o object) str(key string) []byte {
	v := o.get(key)
	if v == nil || v.Kind != protocol.KindString {
		return nil
	}
	return protocol.StringValue(*v)
}

// boolean returns a boolean member; ok is false when absent or not a
// boolean.
func (o object) boolean(key string) (value, ok bool) {
	v := o.get(key)
	if v == nil {
		return false, false
	}
	return protocol.BoolValue(*v)
}

// object returns a member that is an object, parsed; nil otherwise.
func (o object) object(key string) object {
	v := o.get(key)
	if v == nil || v.Kind != protocol.KindObject {
		return nil
	}
	members, err := protocol.ParseObject(v.Raw, nil)
	if err != nil {
		return nil
	}
	return members
}

// block is the sandbox metadata: block, or violation in version 1.
func (o object) block() object {
	if b := o.object(protocol.FieldBlock); b != nil {
		return b
	}
	return o.object(protocol.FieldViolation)
}

// tokens reads a count as zsj usage does; 0 when absent or unusable.
func (o object) tokens(key string) int64 {
	v := o.get(key)
	if v == nil || v.Kind != protocol.KindNumber {
		return 0
	}
	t, err := parseTokens(v.Raw)
	if err != nil {
		return 0
	}
	return tokens(t)
}

// usage's parser of exact decimals, for its two scales.
var (
	parseTokens func([]byte) (usage.Tokens, error) = usage.ParseDecimal
	parseUSD    func([]byte) (usage.USD, error)    = usage.ParseDecimal
)

// tokens is a count as an int64: whole tokens (a fraction is cut, a count
// beyond int64 is the largest int64; neither is seen in real logs).
func tokens(t usage.Tokens) int64 {
	n, _ := scaled(t.String(), 0)
	return n
}

// picos is a cost in units of 10^-12 dollar, the DECIMAL(18,12) of the
// cost columns.
func picos(d usage.USD) int64 {
	n, _ := scaled(d.String(), 12)
	return n
}

// scaled reads a decimal string as a whole number of 10^-places units;
// finer digits are cut. ok is false when it does not fit an int64.
func scaled(s string, places int) (n int64, ok bool) {
	whole, frac, _ := strings.Cut(s, ".")
	if len(frac) > places {
		frac = frac[:places]
	}
	frac += strings.Repeat("0", places-len(frac))
	n, err := strconv.ParseInt(whole+frac, 10, 64)
	if err != nil {
		return 1<<63 - 1, false
	}
	return n, true
}

func sortCalls(calls []*ToolCallRow) {
	slices.SortFunc(calls, func(a, b *ToolCallRow) int { return int(a.Seq - b.Seq) })
}
