package redact

import "testing"

// TestLineMemo: candidates of one text share the line last looked at,
// but a match across lines does not make its lines one line for the
// candidates inside it.
func TestLineMemo(t *testing.T) {
	text := []byte("first AAA\nsecond BBB CCC\nthird")
	memo := newLineMemo()
	line := func(s, e int) string {
		c := candidate{text: text, matchStart: s, matchEnd: e, secretStart: s, secretEnd: e, lines: memo}
		return string(c.target(TargetLine))
	}
	for _, tc := range []struct {
		match string
		want  string
	}{
		{"AAA\nsecond", "first AAA\nsecond BBB CCC"}, // across lines
		{"BBB", "second BBB CCC"},                    // inside it, one line
		{"CCC", "second BBB CCC"},                    // the same line again
		{"first", "first AAA"},
		{"third", "third"},
	} {
		s := indexOf(text, tc.match)
		if got := line(s, s+len(tc.match)); got != tc.want {
			t.Errorf("line of %q: %q, want %q", tc.match, got, tc.want)
		}
	}
}

func indexOf(text []byte, s string) int {
	for i := range text {
		if string(text[i:min(len(text), i+len(s))]) == s {
			return i
		}
	}
	return -1
}
