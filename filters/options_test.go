package filters

import (
	"strings"
	"testing"
)

func TestOutputOptions(t *testing.T) {
	in := `{"s":"é\tx","a":[1,"b"]}` + "\n"
	for _, tc := range []struct {
		name string
		opts Options
		want string
	}{
		{"raw", Options{Expr: `.s, .a`, Output: Output{Raw: true}}, "é\tx\n[1,\"b\"]\n"},
		{"join", Options{Expr: `.s, .a[]`, Output: Output{Join: true}}, "é\tx1b"},
		{"raw0", Options{Expr: `.s, .a[]`, Output: Output{NUL: true}}, "é\tx\x001\x00b\x00"},
		{"ascii", Options{Expr: `.s`, Output: Output{Layout: Layout{ASCII: true}}}, "\"\\u00e9\\tx\"\n"},
		{"raw ascii", Options{Expr: `.s`, Output: Output{Raw: true, Layout: Layout{ASCII: true}}}, "\\u00e9\tx\n"},
		{"indent", Options{Expr: `.a`, Output: Output{Layout: Layout{Indent: 3}}}, "[\n   1,\n   \"b\"\n]\n"},
		{"indent unchanged", Options{Expr: `.`, Output: Output{Layout: Layout{Indent: 1}}}, "{\n \"s\": \"é\\tx\",\n \"a\": [\n  1,\n  \"b\"\n ]\n}\n"},
		{"sort keys", Options{Expr: `.`, Output: Output{Layout: Layout{SortKeys: true}}}, `{"a":[1,"b"],"s":"é\tx"}` + "\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := runExpr(t, tc.opts, in); got != tc.want {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
	_, errOut, res := runFilter(t, Options{Expr: `"a\u0000b"`, Output: Output{NUL: true}}, "1\n")
	if res.RuntimeErrors != 1 || !strings.Contains(errOut, "NUL") {
		t.Errorf("--raw-output0 with a NUL in a string: %q %+v", errOut, res)
	}
}

func TestVariablesAndBuiltins(t *testing.T) {
	opts := Options{
		Expr:       `[$a, $b, $ARGS.named.a, $ARGS.positional, $ENV.ZSJ_TEST, env.ZSJ_TEST, input_filename]`,
		Vars:       []Var{{"a", "x"}, {"b", map[string]any{"k": 1}}, {"a", "y"}},
		Positional: []any{"p", 2},
		Environ:    func() []string { return []string{"ZSJ_TEST=on"} },
	}
	want := `["y",{"k":1},"y",["p",2],"on","on",null]` + "\n"
	if got := runExpr(t, opts, "{}\n"); got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	out, errOut, _ := runFilter(t, Options{Expr: `debug | stderr | .a`}, "{\"a\":1}\n{\"a\":2}\n")
	if out != "1\n2\n" || errOut != `["DEBUG:",{"a":1}]`+"\n"+`{"a":1}["DEBUG:",{"a":2}]`+"\n"+`{"a":2}` {
		t.Errorf("debug and stderr: stdout %q, stderr %q", out, errOut)
	}
}

func TestBOMAndCRLF(t *testing.T) {
	in := "\xef\xbb\xbf{\"a\":1}\r\n  \r\n{\"a\":2}"
	if got := runExpr(t, Options{Expr: `.a`}, in); got != "1\n2\n" {
		t.Errorf("got %q", got)
	}
	if got := runExpr(t, Options{}, in); got != "{\"a\":1}\n{\"a\":2}\n" {
		t.Errorf("pass-through: got %q", got)
	}
}

func TestCompileErrors(t *testing.T) {
	for _, tc := range []struct {
		opts Options
		want string
	}{
		{Options{Expr: `.a | }`}, "cannot compile the expression: unexpected token \"}\" (line 1, column 6)\n    .a | }\n         ^"},
		{Options{Expr: "def f:\n\t.a |;\nf", ExprFile: "p.jq"}, "cannot compile p.jq: unexpected token \";\" (line 2, column 6)\n    \t.a |;\n    \t    ^"},
		{Options{Expr: `.a[`}, "cannot compile the expression: unexpected EOF (line 1, column 4)\n    .a[\n       ^"},
		{Options{Expr: `nosuch(1)`}, "cannot compile the expression: function not defined: nosuch/1"},
		{Options{Expr: `$nope`}, "cannot compile the expression: variable not defined: $nope"},
		{Options{Expr: `import "m" as m; .`}, `cannot compile the expression: modules are not supported (import "m")`},
		{Options{Expr: `input`}, ""},
	} {
		_, err := New(tc.opts)
		got := ""
		if err != nil {
			got = err.Error()
		}
		if got != tc.want {
			t.Errorf("New(%q):\n%s\nwant\n%s", tc.opts.Expr, got, tc.want)
		}
	}
}
