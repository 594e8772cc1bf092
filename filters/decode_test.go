package filters

import (
	"bytes"
	"encoding/json"
	"io"
	"math"
	"math/big"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"
)

func bigInt(s string) *big.Int {
	b, _ := new(big.Int).SetString(s, 10)
	return b
}

// intOrBig is what the decoder makes of an integer: an int where it fits
// (any of 18 digits or fewer on a 64-bit system), a *big.Int where not.
func intOrBig(s string) any {
	if n, err := strconv.ParseInt(s, 10, 64); err == nil && n == int64(int(n)) {
		return int(n)
	}
	return bigInt(s)
}

func TestDecodeValues(t *testing.T) {
	for _, tc := range []struct {
		name, in string
		want     any
	}{
		{"object", `{"a":1,"b":[true,false,null],"c":{"d":"e"}}`,
			map[string]any{"a": 1, "b": []any{true, false, nil}, "c": map[string]any{"d": "e"}}},
		{"spaces", " \t{ \"a\" : [ 1 , 2 ] }\t ", map[string]any{"a": []any{1, 2}}},
		{"empty containers", `{"a":{},"b":[]}`, map[string]any{"a": map[string]any{}, "b": []any{}}},
		{"scalar line", `"x"`, "x"},
		{"array line", `[1,"a"]`, []any{1, "a"}},
		{"int", `-123`, -123},
		{"18 digits", `999999999999999999`, intOrBig("999999999999999999")},
		{"int64 max", `9223372036854775807`, intOrBig("9223372036854775807")},
		{"big int", `12345678901234567890123`, bigInt("12345678901234567890123")},
		{"negative big int", `-9223372036854775809`, bigInt("-9223372036854775809")},
		{"float", `1.5`, 1.5},
		{"float with exponent", `1e2`, 100.0},
		{"integral float stays float", `1.0`, 1.0},
		{"huge float", `1e1000`, math.Inf(1)},
		{"escapes", `"a\"b\\c\/d\b\f\n\r\t\u00e9\ud83d\ude00"`, "a\"b\\c/d\b\f\n\r\té😀"},
		{"lone surrogate", `"\ud800x"`, "\uFFFDx"},
		{"escaped key", `{"\u0074ype":1}`, map[string]any{"type": 1}},
		{"duplicate key: last wins, as jq", `{"a":1,"a":2}`, map[string]any{"a": 2}},
		{"utf-8", `"héllo wörld ✓"`, "héllo wörld ✓"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := newDecoder(nil).decode([]byte(tc.in))
			if err != nil {
				t.Fatalf("decode(%s): %v", tc.in, err)
			}
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("decode(%s) = %#v, want %#v", tc.in, got, tc.want)
			}
		})
	}
}

func TestDecodeNegativeZero(t *testing.T) {
	got, err := newDecoder(nil).decode([]byte(`-0`))
	if err != nil {
		t.Fatal(err)
	}
	if f, ok := got.(float64); !ok || f != 0 || !math.Signbit(f) {
		t.Errorf("decode(-0) = %#v, want float64 -0 (jq prints -0)", got)
	}
}

func TestDecodeErrors(t *testing.T) {
	for _, tc := range []struct {
		in     string
		offset int
		msg    string
	}{
		{``, 0, "the line ends inside a value"},
		{`{"a":1`, 6, "the line ends inside an object"},
		{`{"a":"x`, 7, "the line ends inside a string"},
		{`{"a":1}{}`, 7, "more than one JSON value on the line"},
		{`{"a":01}`, 6, "unexpected '1' in an object (',' or '}' must follow a value)"},
		{`{a:1}`, 1, "unexpected 'a' in an object (a key must be a string)"},
		{`{"a" 1}`, 5, "unexpected '1' in an object (':' must follow a key)"},
		{`[1,]`, 3, "unexpected ']' in a value"},
		{`"\x"`, 1, "invalid escape in a string"},
		{"\"a\x01\"", 2, "a control character (byte 0x01) inside a string must be escaped"},
		{"\"\xff\"", 1, "invalid UTF-8 in a string"},
		{`tru`, 0, "unexpected 't' in a value"},
		{`-`, 1, "the line ends inside a number"},
		{`1.`, 2, "the line ends inside a number"},
		{strings.Repeat("[", maxDepth+1) + strings.Repeat("]", maxDepth+1), maxDepth, "objects and arrays nest deeper than 512 levels"},
	} {
		t.Run(tc.in, func(t *testing.T) {
			_, err := newDecoder(nil).decode([]byte(tc.in))
			if err == nil {
				t.Fatalf("decode(%q) succeeded", tc.in)
			}
			if err.Offset != tc.offset || err.Msg != tc.msg {
				t.Errorf("decode(%q): error at %d %q, want at %d %q", tc.in, err.Offset, err.Msg, tc.offset, tc.msg)
			}
		})
	}
}

// The decoder records every object with its keys in input order and its
// bytes; a broken line leaves nothing behind.
func TestDecodeRecordsObjects(t *testing.T) {
	var o keyOrder
	d := newDecoder(&o)
	line := []byte(`{"z":1,"a":{"y":2,"b":3},"m":[{"q":1}]}`)
	v, err := d.decode(line)
	if err != nil {
		t.Fatal(err)
	}
	top := v.(map[string]any)
	info, ok := o.find(top)
	if !ok || !bytes.Equal(info.raw, line) || !reflect.DeepEqual(o.keysOf(info), []string{"z", "a", "m"}) {
		t.Fatalf("top object: found %v, raw %s, keys %v", ok, info.raw, o.keysOf(info))
	}
	inner, ok := o.find(top["a"].(map[string]any))
	if !ok || string(inner.raw) != `{"y":2,"b":3}` || !reflect.DeepEqual(o.keysOf(inner), []string{"y", "b"}) {
		t.Fatalf("nested object: found %v, raw %s", ok, inner.raw)
	}
	n := len(o.objs)
	if _, err := d.decode([]byte(`{"x":{"y":1},`)); err == nil {
		t.Fatal("broken line decoded")
	}
	if len(o.objs) != n {
		t.Errorf("a broken line left %d objects recorded", len(o.objs)-n)
	}
}

func TestDecodeJSONSeq(t *testing.T) {
	got, err := DecodeJSONSeq([]byte("1 [2]\n{\"a\":\n 3}\n\n\"x\"  "))
	if err != nil {
		t.Fatal(err)
	}
	want := []any{1, []any{2}, map[string]any{"a": 3}, "x"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("DecodeJSONSeq = %#v, want %#v", got, want)
	}
	if _, err := DecodeJSONSeq([]byte("1 {")); err == nil {
		t.Error("DecodeJSONSeq accepted a broken value")
	}
}

// normalize turns encoding/json's values (with UseNumber) into the
// decoder's, so the two can be compared.
func normalize(v any) any {
	switch v := v.(type) {
	case json.Number:
		return parseNumber([]byte(v), !strings.ContainsAny(string(v), ".eE"))
	case []any:
		for i := range v {
			v[i] = normalize(v[i])
		}
	case map[string]any:
		for k := range v {
			v[k] = normalize(v[k])
		}
	}
	return v
}

// FuzzDecode checks the decoder against encoding/json: the same lines are
// valid, and they decode to the same values.
func FuzzDecode(f *testing.F) {
	for _, seed := range []string{`{"a":1}`, `[1,2.5,"x",null,true]`, `"\u00e9"`, `{"a":{"b":[]}}`, `1e999`, `-0`, `{"a":"\ud800"}`} {
		f.Add([]byte(seed))
	}
	for _, line := range fixtureLines(f) {
		f.Add(line)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if !utf8.Valid(data) || bytes.Count(data, []byte("["))+bytes.Count(data, []byte("{")) >= maxDepth {
			return // encoding/json lets invalid UTF-8 through; depth limits differ
		}
		got, err := newDecoder(nil).decode(data)
		dec := json.NewDecoder(bytes.NewReader(data))
		dec.UseNumber()
		var want any
		jerr := dec.Decode(&want)
		if jerr == nil {
			if _, terr := dec.Token(); terr != io.EOF {
				jerr = errTrailing
			}
		}
		if (err == nil) != (jerr == nil) {
			t.Fatalf("decode(%q): error %v, encoding/json error %v", data, err, jerr)
		}
		if err == nil && !reflect.DeepEqual(got, normalize(want)) {
			t.Fatalf("decode(%q) = %#v, encoding/json %#v", data, got, want)
		}
	})
}

var errTrailing = &SyntaxError{Msg: "trailing data"}
