package filters

import (
	"math"
	"math/big"
	"strconv"
	"unsafe"

	"github.com/zsj-dev/zsj/protocol"
)

// decoder turns a line of JSON into the values gojq works on: maps,
// slices, strings, bools, nil and numbers (int when an integer fits,
// *big.Int when it does not, float64 otherwise). It checks the line as it
// goes, so a line is read once; encoding/json would read it twice (once
// to check, once to build) and go through reflection.
//
// The decoder is not safe for concurrent use: each worker has its own.
type decoder struct {
	order *keyOrder // where objects are recorded; nil records nothing

	kvs     []member // members of the objects being read, innermost last
	vals    []any    // elements of the arrays being read
	scratch []byte   // decoded escapes
	intern  map[string]string
	values  map[string]any // shared values of enumKeys members
}

type member struct {
	key string
	val any
}

// maxInterned bounds the table of shared key strings: event keys repeat on
// every line, free-form argument keys may not.
const (
	maxInterned   = 4096
	maxInternSize = 64 // bytes
)

// enumKeys are the protocol's fields whose string values come from a small
// set and repeat on line after line: their values are shared too, boxed
// as gojq wants them, which saves two allocations per field per event.
var enumKeys = func() map[string]bool {
	keys := map[string]bool{}
	for _, k := range protocol.RepeatingValueFields() {
		keys[k] = true
	}
	return keys
}()

func newDecoder(order *keyOrder) *decoder {
	return &decoder{order: order, intern: make(map[string]string, 64), values: make(map[string]any, 64)}
}

// decode reads line as exactly one JSON value (whitespace around it
// allowed). line must stay unchanged while the objects recorded from it are
// in use: their raw bytes are slices of it.
func (d *decoder) decode(line []byte) (any, *SyntaxError) {
	var nobj, nkeys int
	if d.order != nil {
		nobj, nkeys = len(d.order.objs), len(d.order.keys)
	}
	v, end, err := d.value(line, protocol.SkipSpace(line, 0), 0)
	if err == nil {
		err = protocol.EndOfLine(line, end)
	}
	if err != nil {
		d.kvs, d.vals = d.kvs[:0], d.vals[:0]
		if d.order != nil { // forget the objects of the broken line
			d.order.objs, d.order.keys = d.order.objs[:nobj], d.order.keys[:nkeys]
		}
		return nil, syntaxError(err)
	}
	if d.order != nil {
		d.order.endDoc()
	}
	return v, nil
}

func (d *decoder) value(data []byte, i, depth int) (any, int, *protocol.SyntaxError) {
	if i >= len(data) {
		return nil, i, protocol.Unexpected(data, i, "a value")
	}
	switch data[i] {
	case '"':
		end, escaped, err := protocol.ScanString(data, i)
		if err != nil {
			return nil, end, err
		}
		return d.str(data[i:end], escaped), end, nil
	case '{':
		if depth >= maxDepth {
			return nil, i, protocol.TooDeep(i)
		}
		return d.object(data, i, depth)
	case '[':
		if depth >= maxDepth {
			return nil, i, protocol.TooDeep(i)
		}
		return d.array(data, i, depth)
	case 't':
		end, err := scanLiteral(data, i)
		return true, end, err
	case 'f':
		end, err := scanLiteral(data, i)
		return false, end, err
	case 'n':
		end, err := scanLiteral(data, i)
		return nil, end, err
	}
	if c := data[i]; c != '-' && (c < '0' || c > '9') {
		return nil, i, protocol.Unexpected(data, i, "a value")
	}
	end, integer, err := scanNumber(data, i)
	if err != nil {
		return nil, end, err
	}
	return parseNumber(data[i:end], integer), end, nil
}

// str builds the Go string of a checked JSON string (quotes included).
func (d *decoder) str(raw []byte, escaped bool) string {
	if !escaped {
		return string(raw[1 : len(raw)-1])
	}
	d.scratch = protocol.AppendUnescaped(d.scratch[:0], raw[1:len(raw)-1])
	return string(d.scratch)
}

// key is str for object keys, which repeat from line to line: one string
// per distinct key saves an allocation per key per event.
func (d *decoder) key(raw []byte, escaped bool) string {
	text := stringText(raw, escaped, d.scratch)
	if escaped {
		d.scratch = text
	}
	if s, ok := d.intern[string(text)]; ok {
		return s
	}
	s := string(text)
	if len(d.intern) < maxInterned && len(s) <= maxInternSize {
		d.intern[s] = s
	}
	return s
}

// enumString reads the string value of an enumKeys member, shared with
// earlier events that had the same value.
func (d *decoder) enumString(data []byte, i int) (any, int, *protocol.SyntaxError) {
	end, escaped, err := protocol.ScanString(data, i)
	if err != nil {
		return nil, end, err
	}
	text := stringText(data[i:end], escaped, d.scratch)
	if escaped {
		d.scratch = text
	}
	if v, ok := d.values[string(text)]; ok {
		return v, end, nil
	}
	if len(d.values) >= maxInterned { // a long log of many runs: start over
		clear(d.values)
	}
	var v any = string(text)
	d.values[string(text)] = v
	return v, end, nil
}

func (d *decoder) object(data []byte, start, depth int) (any, int, *protocol.SyntaxError) {
	base := len(d.kvs)
	i, closed := protocol.Open(data, start)
	for !closed {
		end, escaped, err := protocol.ScanKey(data, i)
		if err != nil {
			return nil, end, err
		}
		key := d.key(data[i:end], escaped)
		if i = protocol.AfterKey(data, end); i < 0 {
			return nil, end, protocol.AfterKeyError(data, end)
		}
		var v any
		if i < len(data) && data[i] == '"' && enumKeys[key] {
			v, i, err = d.enumString(data, i)
		} else {
			v, i, err = d.value(data, i, depth+1)
		}
		if err != nil {
			return nil, i, err
		}
		d.kvs = append(d.kvs, member{key, v})
		if end, closed = protocol.AfterValue(data, i, '}'); end < 0 {
			return nil, i, protocol.AfterValueError(data, i, '}')
		}
		i = end
	}
	return d.finishObject(data[start:i], base, depth), i, nil
}

// finishObject builds the map of the members read since base and records
// it with its key order and bytes.
func (d *decoder) finishObject(raw []byte, base, depth int) map[string]any {
	members := d.kvs[base:]
	m := make(map[string]any, len(members))
	for _, kv := range members {
		m[kv.key] = kv.val
	}
	if d.order != nil {
		o := d.order
		start := int32(len(o.keys))
		for _, kv := range members {
			o.keys = append(o.keys, kv.key)
		}
		o.objs = append(o.objs, objInfo{
			ptr: mapPtr(m), keyStart: start, keyEnd: int32(len(o.keys)),
			top: depth == 0, raw: raw, docIndex: int32(o.docs), sizeAtRead: int32(len(m)),
		})
	}
	clear(members) // let the values go when the event does
	d.kvs = d.kvs[:base]
	return m
}

func (d *decoder) array(data []byte, start, depth int) (any, int, *protocol.SyntaxError) {
	i, closed := protocol.Open(data, start)
	if closed {
		return []any{}, i, nil
	}
	base := len(d.vals)
	for !closed {
		v, end, err := d.value(data, i, depth+1)
		if err != nil {
			return nil, end, err
		}
		d.vals = append(d.vals, v)
		if i, closed = protocol.AfterValue(data, end, ']'); i < 0 {
			return nil, end, protocol.AfterValueError(data, end, ']')
		}
	}
	arr := make([]any, len(d.vals)-base)
	copy(arr, d.vals[base:])
	clear(d.vals[base:])
	d.vals = d.vals[:base]
	return arr, i, nil
}

// parseNumber converts a checked JSON number. Integers that fit stay exact
// as int, larger ones as *big.Int (gojq computes with both); the rest are
// float64, with out-of-range values as ±Inf, which print as jq prints them.
func parseNumber(raw []byte, integer bool) any {
	if integer {
		if n, ok := smallInt(raw); ok {
			return n
		}
		if string(raw) == "-0" {
			return math.Copysign(0, -1) // jq keeps the sign: -0
		}
		s := unsafe.String(&raw[0], len(raw))
		if n, err := strconv.ParseInt(s, 10, 64); err == nil && n == int64(int(n)) {
			return int(n)
		}
		if b, ok := new(big.Int).SetString(s, 10); ok {
			return b
		}
	}
	f, _ := strconv.ParseFloat(unsafe.String(&raw[0], len(raw)), 64)
	return f
}

// smallInt converts integers of up to 18 digits, which cannot overflow,
// without strconv.
func smallInt(raw []byte) (int, bool) {
	neg := raw[0] == '-'
	digits := raw
	if neg {
		digits = raw[1:]
	}
	if len(digits) > 18 || (neg && len(digits) == 1 && digits[0] == '0') {
		return 0, false
	}
	n := 0
	for _, c := range digits {
		n = n*10 + int(c-'0')
	}
	if neg {
		n = -n
	}
	return n, true
}
