package filters

import (
	"math"
	"strings"
	"testing"
)

// Variables, so that Go does not compute exactly at compile time.
var tenth, one = 0.1, 1.0

// The expected texts are what jq 1.6 prints for these numbers.
func TestAppendFloatLikeJQ(t *testing.T) {
	for _, tc := range []struct {
		in   float64
		want string
	}{
		{1, "1"},
		{100, "100"},
		{0.1, "0.1"},
		{tenth + 2*tenth, "0.30000000000000004"},
		{1 / (3 * one), "0.3333333333333333"},
		{3.14159, "3.14159"},
		{0.0025, "0.0025"},
		{1e-5, "1e-05"},
		{1.234e-5, "1.234e-05"},
		{1e-7, "1e-07"},
		{1e15, "1000000000000000"},
		{1e16, "1e+16"},
		{1e17, "1e+17"},
		{123456789012345678, "123456789012345680"},
		{18446744073709551616, "18446744073709552000"},
		{1e20, "1e+20"},
		{1.5e300, "1.5e+300"},
		{-1e-320, "-1e-320"},
		{math.Inf(1), "1.7976931348623157e+308"},
		{math.Inf(-1), "-1.7976931348623157e+308"},
		{math.NaN(), "null"},
		{math.Copysign(0, -1), "-0"},
		{0, "0"},
		{-2.5, "-2.5"},
	} {
		if got := string(appendFloat(nil, tc.in)); got != tc.want {
			t.Errorf("appendFloat(%v) = %s, want %s", tc.in, got, tc.want)
		}
	}
}

func TestAppendStringLikeJQ(t *testing.T) {
	for _, tc := range []struct {
		in    string
		ascii bool
		want  string
	}{
		{"plain", false, `"plain"`},
		{"q\"b\\s/", false, `"q\"b\\s/"`},
		{"\b\f\n\r\t", false, `"\b\f\n\r\t"`},
		{"\x01\x1f\x7f", false, `"\u0001\u001f\u007f"`},
		{"é\u2028😀", false, "\"é\u2028😀\""},
		{"é😀", true, `"\u00e9\ud83d\ude00"`},
		{"bad\xffutf8", false, "\"bad\uFFFDutf8\""},
		{"bad\xff", true, `"bad\ufffd"`},
	} {
		if got := string(appendString(nil, tc.in, tc.ascii)); got != tc.want {
			t.Errorf("appendString(%q, ascii %v) = %s, want %s", tc.in, tc.ascii, got, tc.want)
		}
	}
}

// decodeOne decodes line recording its objects in o.
func decodeOne(t *testing.T, o *keyOrder, line string) any {
	t.Helper()
	v, err := newDecoder(o).decode([]byte(line))
	if err != nil {
		t.Fatal(err)
	}
	return v
}

func TestEncodeLayouts(t *testing.T) {
	v := map[string]any{"b": []any{1, map[string]any{}}, "a": "x", "c": []any{}}
	for _, tc := range []struct {
		name   string
		layout Layout
		want   string
	}{
		{"compact", Layout{}, `{"a":"x","b":[1,{}],"c":[]}`},
		{"indent 2", Layout{Indent: 2}, "{\n  \"a\": \"x\",\n  \"b\": [\n    1,\n    {}\n  ],\n  \"c\": []\n}"},
		{"indent 1", Layout{Indent: 1}, "{\n \"a\": \"x\",\n \"b\": [\n  1,\n  {}\n ],\n \"c\": []\n}"},
		{"tab", Layout{Tab: true}, "{\n\t\"a\": \"x\",\n\t\"b\": [\n\t\t1,\n\t\t{}\n\t],\n\t\"c\": []\n}"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := string(newEncoder(tc.layout, nil).encode(nil, v)); got != tc.want {
				t.Errorf("got\n%s\nwant\n%s", got, tc.want)
			}
		})
	}
}

func TestEncodeColors(t *testing.T) {
	p, err := NewPalette("")
	if err != nil {
		t.Fatal(err)
	}
	got := string(newEncoder(Layout{Colors: p}, nil).encode(nil, map[string]any{"k": []any{nil, true, 1, "s"}}))
	want := "\x1b[1;39m{\x1b[0m" + "\x1b[34;1m\"k\"\x1b[0m" + "\x1b[1;39m:\x1b[0m" +
		"\x1b[1;39m[\x1b[0m" + "\x1b[1;30mnull\x1b[0m" + "\x1b[1;39m,\x1b[0m" + "\x1b[0;39mtrue\x1b[0m" +
		"\x1b[1;39m,\x1b[0m" + "\x1b[0;39m1\x1b[0m" + "\x1b[1;39m,\x1b[0m" + "\x1b[0;32m\"s\"\x1b[0m" +
		"\x1b[1;39m]\x1b[0m" + "\x1b[1;39m}\x1b[0m"
	if got != want {
		t.Errorf("got  %q\nwant %q", got, want)
	}
	if _, err := NewPalette("1;31:x"); err == nil {
		t.Error("NewPalette accepted a field that is not SGR codes")
	}
	custom, err := NewPalette("0;31")
	if err != nil || custom.Null != "\x1b[0;31m" || custom.String != "\x1b[0;32m" {
		t.Errorf("JQ_COLORS 0;31: null %q string %q, err %v", custom.Null, custom.String, err)
	}
}

// An object read from the input and written unchanged comes out as its
// own bytes; a changed copy keeps the input's key order, new keys after,
// sorted.
func TestEncodeKeepsInputBytesAndKeyOrder(t *testing.T) {
	line := `{"z":1.0, "type":"t","n":12345678901234567890,"s":"\u00e9","a":{"y":1,"x":2}}`
	var o keyOrder
	v := decodeOne(t, &o, line).(map[string]any)
	enc := newEncoder(Layout{}, &o)
	if got := string(enc.encode(nil, v)); got != line {
		t.Errorf("unchanged event:\n got %s\nwant %s", got, line)
	}
	if got := string(enc.encode(nil, v["a"])); got != `{"y":1,"x":2}` {
		t.Errorf("unchanged nested object: got %s", got)
	}
	changed := map[string]any{"new2": 1, "a": v["a"], "z": v["z"], "new1": 2, "type": "u"}
	if got, want := string(enc.encode(nil, changed)), `{"z":1,"type":"u","a":{"y":1,"x":2},"new1":2,"new2":1}`; got != want {
		t.Errorf("changed event:\n got %s\nwant %s", got, want)
	}
	sorted := newEncoder(Layout{SortKeys: true}, &o)
	if got, want := string(sorted.encode(nil, v["a"])), `{"x":2,"y":1}`; got != want {
		t.Errorf("-S: got %s, want %s", got, want)
	}
}

// Indented and colored output of input bytes must look like the same
// value encoded, apart from number spelling and escapes.
func TestRelayoutMatchesEncode(t *testing.T) {
	p, _ := NewPalette("")
	for _, line := range fixtureLines(t) {
		for _, l := range []Layout{{Indent: 2}, {Tab: true}, {Indent: 3, Colors: p}, {Colors: p}} {
			var o keyOrder
			v := decodeOne(t, &o, string(line))
			viaBytes := string(newEncoder(l, &o).relayout(nil, line, 0))
			fresh := string(newEncoder(l, &o).value(nil, cloneValue(v), 0))
			if viaBytes != fresh {
				t.Fatalf("layout %+v of %s:\nfrom bytes %q\nencoded    %q", l, line, viaBytes, fresh)
			}
		}
	}
}

// cloneValue copies maps so the encoder cannot recognise them as input.
func cloneValue(v any) any {
	switch v := v.(type) {
	case map[string]any:
		m := make(map[string]any, len(v))
		for k, x := range v {
			m[k] = cloneValue(x)
		}
		return m
	case []any:
		a := make([]any, len(v))
		for i, x := range v {
			a[i] = cloneValue(x)
		}
		return a
	}
	return v
}

func TestRelayoutASCIIAndBrokenInput(t *testing.T) {
	enc := newEncoder(Layout{ASCII: true}, nil)
	if got, want := string(enc.relayout(nil, []byte(`{"k":"é\n😀"}`), 0)), `{"k":"\u00e9\n\ud83d\ude00"}`; got != want {
		t.Errorf("ascii: got %s, want %s", got, want)
	}
	broken := `{"k":"x" "y"}`
	if got := string(newEncoder(Layout{Indent: 2}, nil).relayout([]byte("prefix:"), []byte(broken), 0)); got != "prefix:"+broken {
		t.Errorf("broken input: got %q, want it as it is", got)
	}
	if !strings.Contains(string(newEncoder(Layout{Indent: 2}, nil).relayout(nil, []byte(`[1, 2]`), 0)), "\n  1,\n") {
		t.Error("arrays are not indented")
	}
}
