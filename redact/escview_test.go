package redact

import (
	"regexp"
	"strings"
	"testing"
)

// TestEscapedTextBoundaries: in text that holds JSON escapes as text (a
// JSON file a tool printed), an escape is the character it stands for,
// so a token right after \n, \t, \" or \u0020 is a whole word; a token
// glued to a real letter still is not.
func TestEscapedTextBoundaries(t *testing.T) {
	rs := defaults(t)
	ghp := fake("ghp_", abcAlnum, 36)
	for _, tc := range []struct {
		name, in, want string
	}{
		{"after \\n", `{"a":"x\n` + ghp + `"}`, `{"a":"x\n` + R + `"}`},
		{"after \\t", `x\t` + ghp, `x\t` + R},
		{"after \\r\\n", `x\r\n` + ghp + `\r\n`, `x\r\n` + R + `\r\n`},
		{"after \\u0020", `x\u0020` + ghp, `x\u0020` + R},
		{"after \\u0026 query", `https://h/?a=1\u0026token=abc123`, `https://h/?a=1\u0026token=` + R},
		{"after \\\"", `{\"a\":\"` + ghp + `\"}`, `{\"a\":\"` + R + `\"}`},
		{"key after \\n", `x\npassword=abc123`, `x\npassword=` + R},
		{"key after \\u0009", `x\u0009api_key=abc123`, `x\u0009api_key=` + R},
		// Near misses: a letter before the key name, an escaped backslash
		// then n (text "\n" in the printed string: a real n), an escape
		// that stands for a letter. (Key names, not tokens: rules from
		// gitleaks' catalogue match some tokens glued to a word.)
		{"glued to a letter", `xnpassword=abc123`, ""},
		{"escaped backslash", `x\\npassword=abc123`, ""},
		{"escape for a letter", `x\u0041password=abc123`, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			want := tc.want
			if want == "" {
				want = tc.in
			}
			got, _ := redactString(rs, tc.in)
			if got != want {
				t.Errorf("redact(%q)\n got %q\nwant %q", tc.in, got, want)
			}
		})
	}
}

// TestEscapedTextInEvents: the same through a whole event, where the
// text is the decoded string of a tool's output.
func TestEscapedTextInEvents(t *testing.T) {
	rs := defaults(t)
	ghp := fake("ghp_", abcAlnum, 36)
	line := `{"type":"tool_result","id":"t1","output":"{\"token_note\":\"x\\n` + ghp + `\"}"}`
	got, res := redactLine(rs, line)
	if strings.Contains(got, ghp) || !res.Changed {
		t.Errorf("not redacted: %s", got)
	}
	miss := `{"type":"tool_result","id":"t1","output":"{\"a\":\"x\\\\npassword=abc123\"}"}`
	if got, res := redactLine(rs, miss); res.Changed {
		t.Errorf("near miss changed: %s", got)
	}
}

// TestEscapeViewMap: the view decodes escapes, and a span of the view
// maps to the text's bytes with its escapes whole.
func TestEscapeViewMap(t *testing.T) {
	x := defaults(t).NewRedactor()
	text := []byte(`ab\u0020cd\nef\"g\\n\u00e9`)
	view := x.escapeView(text)
	if want := "ab cd\nef\"g\\n\\u00e9"; string(view) != want {
		t.Fatalf("view %q, want %q", view, want)
	}
	for _, tc := range []struct{ in, want span }{
		{span{2, 5}, span{2, 10}},   // " cd": \u0020 whole
		{span{5, 6}, span{10, 12}},  // the line break: \n
		{span{0, 2}, span{0, 2}},    // "ab"
		{span{8, 10}, span{14, 17}}, // the quote and g
	} {
		if s, e := x.textSpan(tc.in.start, tc.in.end); (span{s, e}) != tc.want {
			t.Errorf("textSpan(%v) = %v, want %v", tc.in, span{s, e}, tc.want)
		}
	}
	if got := x.viewPos(12); got != 6 {
		t.Errorf("viewPos(12) = %d, want 6", got)
	}
	if x.escapeView([]byte("plain")); len(x.viewEsc) != 0 {
		t.Errorf("a text without escapes is mapped")
	}
}

// TestRegexQuotes: a regular expression that wants a quote before and
// after a value finds it in a JSON document a tool printed, where the
// quotes are \"; after an escaped backslash a quote is a real one
// (\\"); a value glued to a letter or too long is not taken.
func TestRegexQuotes(t *testing.T) {
	rs, err := Compile(Config{NoDefaultRules: true, Rules: []CustomRule{{
		ID: "quoted-hex", Regex: regexp.MustCompile(`["'](deadbeef[0-9]{4})["']`), SecretGroup: 1,
	}}})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ in, want string }{
		{`{\"k\":\"deadbeef1234\"}`, `{\"k\":\"` + R + `\"}`},
		{`"deadbeef1234"`, `"` + R + `"`},
		{`x\\"deadbeef1234"`, `x\\"` + R + `"`},
		{`{\"k\":x\"deadbeef1234\"}`, `{\"k\":x\"` + R + `\"}`},
		{`{\"k\":\"deadbeef12345\"}`, ""},
		{`{\"k\":adeadbeef1234\"}`, ""},
	} {
		want := tc.want
		if want == "" {
			want = tc.in
		}
		if got, _ := redactString(rs, tc.in); got != want {
			t.Errorf("redact(%s) = %s, want %s", tc.in, got, want)
		}
	}
}

// FuzzEscapeView: the view's map agrees with the view: every byte of the
// view comes from a piece of the text that is the byte itself or an
// escape standing for it, the pieces tile the text in order, and viewPos
// finds each piece's byte again.
func FuzzEscapeView(f *testing.F) {
	for _, s := range []string{`ab\u0020cd\nef\"g\\n\u00e9`, `\`, `\\\`, `x\u00`, `\u0041\/`, "plain"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		x := defaults(t).NewRedactor()
		text := []byte(s)
		view := x.escapeView(text)
		if len(x.viewEsc) == 0 {
			if string(view) != s {
				t.Fatalf("unmapped view %q of %q", view, s)
			}
			return
		}
		if x.textPos(0) != 0 || x.textPos(len(view)) != len(text) {
			t.Fatalf("the map does not span the text: %q", s)
		}
		for i := range view {
			a, b := x.textSpan(i, i+1)
			piece := text[a:b]
			switch {
			case b <= a:
				t.Fatalf("byte %d of the view maps to %d..%d", i, a, b)
			case len(piece) == 1 && piece[0] != view[i]:
				t.Fatalf("byte %d: %q for %q", i, view[i], piece)
			case len(piece) > 1:
				if n, c := escapeAt(text, a); n != len(piece) || c != view[i] {
					t.Fatalf("byte %d: %q for escape %q", i, view[i], piece)
				}
			}
			if x.viewPos(a) != i {
				t.Fatalf("viewPos(%d) = %d, want %d", a, x.viewPos(a), i)
			}
		}
	})
}

func TestViewText(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{`plain`, `plain`},
		{`a\"b\\c\/d`, `a"b\c/d`},
		{`x\ny\tz`, "x\ny\tz"},
		{`\u0041\u00e9`, `A\u00e9`}, // only ASCII \u escapes are decoded
		{`end\`, `end\`},
		{`\q`, `\q`},
	} {
		if got := string(viewText([]byte(tc.in))); got != tc.want {
			t.Errorf("viewText(%q) = %q, want %q", tc.in, got, tc.want)
		}
		x := &Redactor{}
		if got := string(x.escapeView([]byte(tc.in))); got != tc.want {
			t.Errorf("escapeView(%q) = %q, differs from viewText's %q", tc.in, got, tc.want)
		}
	}
}
