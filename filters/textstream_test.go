package filters

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"strings"
	"testing"
)

// readStream reads all of text as a stream, fed one line at a time (or all
// at once), and describes what came out, one item a line.
func readStream(text []byte, byLine bool) []string { return readStreamBy(text, byLine, 0) }

// readStreamBy is readStream feeding chunk bytes at a time when chunk > 0.
func readStreamBy(text []byte, byLine bool, chunk int) []string {
	s := newTextStream(1, true)
	var out []string
	take := func() {
		for {
			item, ok := s.next()
			if !ok {
				return
			}
			switch {
			case item.repair:
				out = append(out, fmt.Sprintf("%d: repaired", item.line))
			case item.err != nil:
				out = append(out, fmt.Sprintf("%d: %v", item.line, item.err))
			default:
				out = append(out, fmt.Sprintf("%d: %s", item.line, item.text))
			}
		}
	}
	if byLine {
		for _, line := range bytes.SplitAfter(text, []byte("\n")) {
			s.feed(line)
			take()
		}
	} else if chunk > 0 {
		for len(text) > 0 {
			n := min(chunk, len(text))
			s.feed(text[:n])
			text = text[n:]
			take()
		}
	} else {
		s.feed(text)
	}
	s.end()
	take()
	return out
}

func TestTextStream(t *testing.T) {
	for _, tc := range []struct {
		name, in string
		want     []string
	}{
		{"one a line", "{\"a\":1}\n[2]\n", []string{"1: {\"a\":1}", "2: [2]"}},
		{"pretty", "{\n  \"a\": [\n    1,\n    \"x y\"\n  ]\n}\n", []string{`6: {"a":[1,"x y"]}`}},
		{"two on a line", "1 2\n\"s\"[3]{}\n", []string{"1: 1", "1: 2", `2: "s"`, "2: [3]", "2: {}"}},
		{"kept as written on one line", `{"a": 1,  "b":2.50}`, []string{`1: {"a": 1,  "b":2.50}`}},
		{"escapes kept", "[\n\"a\\\" \\\\\"\n]", []string{`3: ["a\" \\"]`}},
		{"CRLF", "{\r\n\"a\":1\r\n}\r\n2\r\n", []string{`3: {"a":1}`, "4: 2"}},
		{"no newline at the end", "[1,\n2]", []string{"2: [1,2]"}},
		{"cut at the end", "{\"a\":1}\n{\"b\":\n", []string{`1: {"a":1}`, "2: invalid JSON at byte 6: the line ends inside a value"}},
		{"not JSON, then JSON", "{\"a\":\n}\n3\n", []string{"2: invalid JSON at byte 1: unexpected '}'", "3: 3"}},
		{"a line cut short", "{\"n\":2,\n{\"n\":3}\n", []string{"1: invalid JSON at byte 8: the line ends inside an object", `2: {"n":3}`}},
		{"record separators", "\x1e{\n\"a\":1}\n\x1e[2]\x1e3\n", []string{`2: {"a":1}`, "3: [2]", "3: 3"}},
		{"invalid UTF-8", "[\"a\xffb\",\n1]\n", []string{"1: repaired", "2: [\"a\ufffdb\",1]"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for _, byLine := range []bool{false, true} {
				got := readStream([]byte(tc.in), byLine)
				for i := range got { // messages may say more after the first words
					if i < len(tc.want) && strings.HasPrefix(got[i], tc.want[i]) {
						got[i] = tc.want[i]
					}
				}
				if !reflect.DeepEqual(got, tc.want) {
					t.Errorf("by line %v:\n got %q\nwant %q", byLine, got, tc.want)
				}
			}
		})
	}
}

// FuzzTextStream checks the stream reader: fed a line at a time it reads
// what it reads fed all at once; every value it hands out is one whole
// value on one line, the same as encoding/json reads there.
func FuzzTextStream(f *testing.F) {
	for _, seed := range []string{"{\n \"a\": 1\n}\n", "1 2 [3]{}", "{\"n\":2,\n{\"n\":3}\n", "[\"\\u00e9\\n\",\n-0.5e3, true, null]", "\"a\xffb\"\n"} {
		f.Add([]byte(seed))
	}
	for _, line := range fixtureLines(f) {
		f.Add(line)
	}
	f.Fuzz(func(t *testing.T, text []byte) {
		whole, byLine := readStream(text, false), readStream(text, true)
		if !reflect.DeepEqual(whole, byLine) {
			t.Fatalf("%q: all at once %q, a line at a time %q", text, whole, byLine)
		}
		// In pieces, as reads bring them: the same values, repairs and
		// errors, each error at the same byte of its line, counted from
		// the line's start even where the buffer was cut within it.
		chunk := len(text)%7 + 1
		if pieces := readStreamBy(text, false, chunk); !reflect.DeepEqual(whole, pieces) {
			t.Fatalf("%q: all at once %q, %d bytes at a time %q", text, whole, chunk, pieces)
		}
		s := newTextStream(1, false)
		s.feed(text)
		s.end()
		var values []any
		clean := true
		for {
			item, ok := s.next()
			if !ok {
				break
			}
			if item.err != nil || item.repair {
				clean = false
				continue
			}
			if bytes.ContainsAny(item.text, "\n\r") {
				t.Fatalf("%q: value %q is on more than one line", text, item.text)
			}
			v, err := newDecoder(nil).decode(item.text)
			if err != nil {
				t.Fatalf("%q: value %q does not decode: %v", text, item.text, err)
			}
			values = append(values, v)
		}
		if !clean {
			return
		}
		dec := json.NewDecoder(bytes.NewReader(text))
		dec.UseNumber()
		var want []any
		for {
			var v any
			err := dec.Decode(&v)
			if errors.Is(err, io.EOF) {
				break
			}
			if err != nil {
				return // encoding/json is stricter between values
			}
			want = append(want, normalize(v))
		}
		if !reflect.DeepEqual(values, want) {
			t.Fatalf("%q: read %v, encoding/json reads %v", text, values, want)
		}
	})
}

// TestTextStreamCutCharacters: a character cut between two reads is not
// taken for invalid UTF-8 when the repair of another byte comes first.
func TestTextStreamCutCharacters(t *testing.T) {
	text := []byte("\"\xff\"\n\"\u00e9\u20ac\U0001F600\"\n[\"\u00e9\"]\n")
	whole := readStream(text, false)
	for chunk := 1; chunk <= 8; chunk++ {
		if got := readStreamBy(text, false, chunk); !reflect.DeepEqual(got, whole) {
			t.Errorf("%d bytes at a time: %q, all at once %q", chunk, got, whole)
		}
	}
}

// An error counts its byte from the start of its line, also when the
// values before it on that line were taken out of the buffer before the
// bad byte came (the buffer is then cut within the line).
func TestTextStreamErrorByteAfterCut(t *testing.T) {
	for _, text := range []string{
		"[1] [2] [3] [4] x\n[5]\n",
		"{\"a\":1}{\"b\":2}{\"c\":3} {\"d\":\n4,]}\n",
		"[1]\n[2] [3] [4] [5] [6] [7] [8] ]\n",
	} {
		whole := readStream([]byte(text), false)
		for chunk := 1; chunk <= 20; chunk++ {
			if got := readStreamBy([]byte(text), false, chunk); !reflect.DeepEqual(got, whole) {
				t.Errorf("%q, %d bytes at a time: %q, all at once %q", text, chunk, got, whole)
			}
		}
	}
	if got := readStreamBy([]byte("[1] [2] [3] [4] x\n"), false, 16); len(got) != 5 || !strings.Contains(got[4], "byte 17:") {
		t.Errorf("the x after four values: %q, want an error at byte 17 (bytes count from 1)", got)
	}
}
