package pretty

import (
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/zsj-dev/zsj/protocol"
)

// stringValue scans a JSON string literal the way a line's members are
// scanned, so tests see the same Value the renderer does.
func stringValue(t testing.TB, literal string) protocol.Value {
	t.Helper()
	members, serr := protocol.ParseObject([]byte(`{"s":`+literal+`}`), nil)
	if serr != nil {
		t.Fatalf("%s: %v", literal, serr)
	}
	return members[0].Value
}

func TestOutputStats(t *testing.T) {
	for _, tc := range []struct {
		literal     string
		size, lines int
	}{
		{`""`, 0, 0},
		{`"a"`, 1, 1},
		{`"a\n"`, 2, 1},
		{`"a\nb"`, 3, 2},
		{`"\n"`, 1, 1},
		{`"\n\n"`, 2, 2},
		{`"a\\nb"`, 4, 1}, // an escaped backslash then n: no newline
		{`"\u00e9"`, 2, 1},
		{`"é"`, 2, 1},
		{`"\ud83d\ude00"`, 4, 1}, // a surrogate pair: one 4-byte character
		{`"\ud83d x"`, 5, 1},     // a lone surrogate becomes U+FFFD (3 bytes)
		{`"tab\there\r\n"`, 10, 1},
	} {
		size, lines := outputStats(stringValue(t, tc.literal))
		if size != tc.size || lines != tc.lines {
			t.Errorf("%s: size %d lines %d, want %d %d", tc.literal, size, lines, tc.size, tc.lines)
		}
	}
}

func TestStrCursorLines(t *testing.T) {
	for _, tc := range []struct {
		literal string
		limit   int
		want    []string
		cut     []bool
	}{
		{`"a\nb\n"`, -1, []string{"a", "b"}, []bool{false, false}},
		{`"a\r\nb"`, -1, []string{"a", "b"}, []bool{false, false}},
		{`"\n\nx"`, -1, []string{"", "", "x"}, []bool{false, false, false}},
		{`"abcdef\nxy"`, 3, []string{"abc", "xy"}, []bool{true, false}},
		{`"ééé\n"`, 3, []string{"é"}, []bool{true}}, // never half a character
		{`"\u00e9\u00e9"`, 2, []string{"é"}, []bool{true}},
		{`"q\"uote\\"`, -1, []string{`q"uote\`}, []bool{false}},
	} {
		c := newStrCursor(stringValue(t, tc.literal))
		var got []string
		var cuts []bool
		for !c.done() {
			line, cut := c.line(nil, tc.limit)
			got = append(got, string(line))
			cuts = append(cuts, cut)
		}
		if strings.Join(got, "|") != strings.Join(tc.want, "|") || len(cuts) != len(tc.cut) {
			t.Errorf("%s limit %d: %q, want %q", tc.literal, tc.limit, got, tc.want)
			continue
		}
		for i := range cuts {
			if cuts[i] != tc.cut[i] {
				t.Errorf("%s limit %d: line %d cut %v, want %v", tc.literal, tc.limit, i, cuts[i], tc.cut[i])
			}
		}
	}
}

// FuzzOutputStats checks the escape-only pass and the line decoder against
// encoding/json's decoding of the same string.
func FuzzOutputStats(f *testing.F) {
	for _, s := range []string{"", "a", "a\n", "x\ny\n\n", "é\u2028\t\"\\", "\x00\x1f", "😀\r\n"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if !utf8.ValidString(s) {
			return
		}
		literal, _ := json.Marshal(s)
		v := stringValue(t, string(literal))
		var decoded string
		if err := json.Unmarshal(literal, &decoded); err != nil {
			t.Fatal(err)
		}
		size, lines := outputStats(v)
		wantLines := strings.Count(decoded, "\n")
		if decoded != "" && !strings.HasSuffix(decoded, "\n") {
			wantLines++
		}
		if size != len(decoded) || lines != wantLines {
			t.Fatalf("%q: size %d lines %d, want %d %d", s, size, lines, len(decoded), wantLines)
		}
		c := newStrCursor(v)
		var got []string
		for !c.done() {
			line, _ := c.line(nil, -1)
			got = append(got, string(line))
		}
		want := strings.Split(strings.TrimSuffix(decoded, "\n"), "\n")
		if decoded == "" {
			want = nil
		}
		for i := range want {
			want[i] = strings.TrimSuffix(want[i], "\r")
		}
		if strings.Join(got, "\n") != strings.Join(want, "\n") || len(got) != len(want) {
			t.Fatalf("%q: lines %q, want %q", s, got, want)
		}
	})
}
