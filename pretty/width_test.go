package pretty

import (
	"strings"
	"testing"
)

func TestRuneWidth(t *testing.T) {
	for _, tc := range []struct {
		r    rune
		want int
	}{
		{'a', 1},
		{'é', 1},
		{'\u0301', 0}, // combining acute accent
		{'\u200d', 0}, // zero width joiner
		{'─', 1},
		{'日', 2},
		{'한', 2},
		{'Ａ', 2}, // fullwidth A
		{'😀', 2},
		{'\U00020000', 2}, // CJK extension B
	} {
		if got := runeWidth(tc.r); got != tc.want {
			t.Errorf("runeWidth(%U) = %d, want %d", tc.r, got, tc.want)
		}
	}
}

func TestSafe(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"plain text", "plain text"},
		{"\x1b[31mred\x1b[0m", "^[[31mred^[[0m"},
		{"bell\a del\x7f", "bell^G del^?"},
		{"cr\rlf\n", "cr^Mlf^J"},
		{"c1 \u009b", "c1 <U+009B>"},
		{"bidi \u202eevil\u202c", "bidi <U+202E>evil<U+202C>"},
		{"a\tb", "a       b"},
		{"日本", "日本"},
	} {
		if got := safe(tc.in); got != tc.want {
			t.Errorf("safe(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestTruncate(t *testing.T) {
	for _, tc := range []struct {
		in    string
		width int
		want  string
	}{
		{"short", 10, "short"},
		{"exactly10!", 10, "exactly10!"},
		{"a longer line", 8, "a longe…"},
		{"日本語テキスト", 7, "日本語…"}, // 3 wide chars = 6 columns, then the ellipsis
		{"abc", 0, "…"},
	} {
		if got := truncate(tc.in, tc.width, "…"); got != tc.want {
			t.Errorf("truncate(%q, %d) = %q, want %q", tc.in, tc.width, got, tc.want)
		}
	}
	if got := truncate("a longer line", 8, "..."); got != "a lon..." {
		t.Errorf("ascii ellipsis: %q", got)
	}
}

// Whatever the input and the width, no line of the timeline is wider
// than asked (the narrowest width is clamped to minWidth).
func TestNoLineWiderThanWidth(t *testing.T) {
	for _, in := range goldenInputs {
		for _, width := range []int{minWidth, 40, 61, 100} {
			for _, ascii := range []bool{false, true} {
				opts := DefaultOptions()
				opts.Width, opts.ASCII, opts.Full = width, ascii, width == 61
				out := renderTerminal(t, in, opts)
				for i, line := range strings.Split(out, "\n") {
					if w := textWidth(line); w > width {
						t.Errorf("%s width %d ascii %v: line %d is %d columns: %q", in, width, ascii, i+1, w, line)
					}
				}
			}
		}
	}
}

// --ascii means no character outside ASCII is drawn by the renderer; what
// the log itself says is shown as it is.
func TestASCIIDrawsOnlyASCII(t *testing.T) {
	opts := DefaultOptions()
	opts.ASCII = true
	for _, in := range []string{"../testdata/v2/run.jsonl", "../testdata/v2/interleaved.jsonl", "../testdata/v2/failed.jsonl"} {
		out := renderTerminal(t, in, opts)
		for i, r := range out {
			if r > 0x7e {
				t.Fatalf("%s: non-ASCII %q at byte %d", in, r, i)
			}
		}
	}
}
