package pretty

import (
	"strings"
	"testing"
	"time"

	"github.com/zsj-dev/zsj/internal/input"
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

func TestCutWidth(t *testing.T) {
	for _, tc := range []struct {
		in         string
		width      int
		head, rest string
	}{
		{"abcdef", 4, "abcd", "ef"},
		{"abc", 4, "abc", ""},
		{"日本語", 5, "日本", "語"},
		{"日本語", 1, "日", "本語"}, // too narrow for one: take it anyway, or never end
		{"", 4, "", ""},
	} {
		if head, rest := cutWidth(tc.in, tc.width); head != tc.head || rest != tc.rest {
			t.Errorf("cutWidth(%q, %d) = %q, %q; want %q, %q", tc.in, tc.width, head, rest, tc.head, tc.rest)
		}
	}
}

// A megabyte on one line, shown whole with --full, is cut into rows in
// linear time (it used to measure the rest of the line for every row).
func TestFullLongLineIsFast(t *testing.T) {
	line := strings.Repeat("0123456789", 100_000)
	log := logOf(start("run_a"), `run_a tool_call "id":"c1","name":"cat"`,
		`run_a tool_result "id":"c1","status":"ok","output":"`+line+`","truncated":false}`)
	log = strings.Replace(log, `false}}`, `false}`, 1)
	var out strings.Builder
	opts := DefaultOptions()
	opts.Full = true
	p := NewTerminal(&out, "", opts)
	done := make(chan error, 1)
	go func() { done <- p.ReadAll(input.NewReader(strings.NewReader(log))) }()
	select {
	case err := <-done:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("rendering a 1 MB line with --full takes too long")
	}
	if rows := strings.Count(out.String(), "\n  │ "); rows != (len(line)+95)/96 {
		t.Errorf("%d rows of 96 columns, want the whole line", rows)
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

// appendSafe and textWidth take runs of ASCII whole; they must give what
// a character at a time gives.
func FuzzSafeWidth(f *testing.F) {
	for _, s := range []string{"plain text", "\x1b[31mred\x1b[0m\t日本語 é\u0301", "a\tb\t\tc", "\xff\xfe x \u202e\x7f", ""} {
		f.Add(s, 3)
	}
	f.Fuzz(func(t *testing.T, s string, col int) {
		col = max(col, 0) % 100
		var want []byte
		wantCol, wantWidth := col, 0
		for _, r := range s {
			want, wantCol = appendSafeRune(want, r, wantCol)
			wantWidth += runeWidth(r)
		}
		if got, gotCol := appendSafe(nil, s, col); string(got) != string(want) || gotCol != wantCol {
			t.Errorf("appendSafe(%q, %d) = %q, %d; a character at a time: %q, %d", s, col, got, gotCol, want, wantCol)
		}
		if got := textWidth(s); got != wantWidth {
			t.Errorf("textWidth(%q) = %d; a character at a time: %d", s, got, wantWidth)
		}
	})
}
