package filters

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strings"
	"testing"
)

// FuzzSortedRelayout checks -S on unchanged events: what it writes is the
// line's value, with every object's keys in sorted order.
func FuzzSortedRelayout(f *testing.F) {
	for _, seed := range []string{`{"b":1e1000,"a":[1.000000000000000000001,{"y":{},"x":[]}]}`, `{"a":1,"a":2}`, `[{"\u0062":1,"a":2}]`, `"s"`, `{"a":1`} {
		f.Add([]byte(seed))
	}
	for _, line := range fixtureLines(f) {
		f.Add(line)
	}
	f.Fuzz(func(t *testing.T, line []byte) {
		want, derr := newDecoder(nil).decode(line)
		for _, l := range []Layout{{}, {Indent: 2}, {Tab: true, ASCII: true}} {
			out, ok := newEncoder(Layout{SortKeys: true, Indent: l.Indent, Tab: l.Tab, ASCII: l.ASCII}, nil).sortedRelayout(nil, line, 0)
			if ok != (derr == nil) {
				t.Fatalf("%q: sortedRelayout ok %v, decoder error %v", line, ok, derr)
			}
			if !ok {
				continue
			}
			got, err := newDecoder(nil).decode(out)
			if err != nil {
				t.Fatalf("%q: wrote %q, not JSON: %v", line, out, err)
			}
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("%q: wrote %q, another value", line, out)
			}
			checkSorted(t, out)
		}
	})
}

// checkSorted fails unless the keys of every object of the JSON text are
// in sorted order.
func checkSorted(t *testing.T, text []byte) {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader(text))
	// One entry per open object or array: the last key (objects), and
	// whether the next string is a key.
	type level struct {
		object, wantKey bool
		last            string
	}
	var stack []level
	for {
		tok, err := dec.Token()
		if err != nil {
			return
		}
		top := len(stack) - 1
		switch tok := tok.(type) {
		case json.Delim:
			if top >= 0 && stack[top].object {
				stack[top].wantKey = true
			}
			switch tok {
			case '{':
				stack = append(stack, level{object: true, wantKey: true})
			case '[':
				stack = append(stack, level{})
			default:
				stack = stack[:top]
			}
			continue
		case string:
			if top >= 0 && stack[top].wantKey {
				if tok < stack[top].last {
					t.Fatalf("%q: key %q after %q", text, tok, stack[top].last)
				}
				stack[top].last, stack[top].wantKey = tok, false
				continue
			}
		}
		if top >= 0 && stack[top].object {
			stack[top].wantKey = true
		}
	}
}

// sameValues reports whether two streams of JSON text hold the same
// values, numbers compared as float64.
func sameValues(a, b string) bool {
	read := func(text string) []any {
		var vs []any
		dec := json.NewDecoder(strings.NewReader(text))
		for {
			var v any
			if err := dec.Decode(&v); err != nil {
				return vs
			}
			vs = append(vs, v)
		}
	}
	return reflect.DeepEqual(read(a), read(b))
}
