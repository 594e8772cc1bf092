package filters

import (
	"reflect"
	"testing"
)

// FuzzScanners checks the scanners that read lines without building them
// against the decoder, which builds them: they accept the same lines, find
// the same top-level members, and laying a line out anew keeps its value.
func FuzzScanners(f *testing.F) {
	for _, seed := range []string{`{"type":"a","n":1}`, `{"type":"\u0061","type":2}`, `[1,{"a":"b"}]`, `{"a":{"b":[1,2,{"c":"\""}]}}`, `{"a":"x\\"}`, `{"a":1`, `"s"`} {
		f.Add([]byte(seed))
	}
	for _, line := range fixtureLines(f) {
		f.Add(line)
	}
	p, _ := NewPalette("")
	f.Fuzz(func(t *testing.T, line []byte) {
		v, derr := newDecoder(nil).decode(line)
		kind, typ, terr := topType(line)
		if (derr == nil) != (terr == nil) {
			t.Fatalf("%q: decoder error %v, topType error %v", line, derr, terr)
		}
		fs, ferr := scanFields(line, nil)
		m, isObject := v.(map[string]any)
		if derr != nil {
			return
		}
		if isObject != (kind == '{') {
			t.Fatalf("%q: topType kind %q for %T", line, kind, v)
		}
		if !isObject {
			if ferr == nil {
				t.Fatalf("%q: scanFields accepted a line that is not an object", line)
			}
			return
		}
		// Valid objects are structurally valid; the last of duplicate
		// keys is the value.
		if ferr != nil {
			t.Fatalf("%q: scanFields: %v", line, ferr)
		}
		got := map[string]bool{}
		for i := range fs {
			k := string(stringText(append([]byte{'"'}, append(fs[i].key, '"')...), true, nil))
			got[k] = true
		}
		for k := range m {
			if !got[k] {
				t.Fatalf("%q: scanFields missed key %q", line, k)
			}
		}
		if s, ok := m["type"].(string); ok != (typ != nil) || ok && s != string(typ) {
			t.Fatalf("%q: topType found %q, the decoder %#v", line, typ, m["type"])
		}
		for _, l := range []Layout{{Indent: 2}, {Tab: true, ASCII: true}, {Colors: nil}, {Indent: 1}} {
			out := newEncoder(l, nil).relayout(nil, line, 0)
			again, err := newDecoder(nil).decode(out)
			if err != nil || !reflect.DeepEqual(again, v) {
				t.Fatalf("%q laid out as %q: %v", line, out, err)
			}
		}
		newEncoder(Layout{Colors: p}, nil).relayout(nil, line, 0) // must not panic
	})
}
