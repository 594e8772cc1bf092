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

func TestSnapToEscapes(t *testing.T) {
	text := []byte(`ab\u0020cd\nef`)
	for _, tc := range []struct{ in, want span }{
		{span{3, 9}, span{2, 9}},   // starts inside \u0020
		{span{0, 4}, span{0, 8}},   // ends inside it
		{span{8, 11}, span{8, 12}}, // ends inside \n
		{span{0, 2}, span{0, 2}},
	} {
		if got := snapToEscapes(text, tc.in); got != tc.want {
			t.Errorf("snap(%v) = %v, want %v", tc.in, got, tc.want)
		}
	}
}

// TestRegexViewQuotes: a regular expression that wants a quote before and
// after a value finds it in a JSON document a tool printed, where the
// quotes are \"; after an escaped backslash a quote is a real one
// (\\"); a value glued to a letter or too long is not taken.
func TestRegexViewQuotes(t *testing.T) {
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
