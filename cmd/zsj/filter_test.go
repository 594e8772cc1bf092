package main

import (
	"strings"
	"testing"

	"github.com/zsj-dev/zsj/internal/term"
)

// On a terminal results are indented and colored, as jq does; piped, they
// are one per line and plain. Flags and NO_COLOR say otherwise.
func TestFilterLayoutFollowsTheTerminal(t *testing.T) {
	const colored = "\x1b[1;39m{\x1b[0m\n  \x1b[34;1m\"a\"\x1b[0m\x1b[1;39m:\x1b[0m \x1b[0;39m1\x1b[0m\n\x1b[1;39m}\x1b[0m\n"
	for _, tc := range []struct {
		name string
		tty  bool
		env  map[string]string
		args []string
		want string
	}{
		{"pipe", false, nil, nil, "{\"a\":1}\n"},
		{"terminal", true, nil, nil, colored},
		{"terminal, -c", true, nil, []string{"-c"}, "\x1b[1;39m{\x1b[0m\x1b[34;1m\"a\"\x1b[0m\x1b[1;39m:\x1b[0m\x1b[0;39m1\x1b[0m\x1b[1;39m}\x1b[0m\n"},
		{"terminal, -M", true, nil, []string{"-M"}, "{\n  \"a\": 1\n}\n"},
		{"terminal, NO_COLOR", true, map[string]string{"NO_COLOR": "1"}, nil, "{\n  \"a\": 1\n}\n"},
		{"terminal, --color never", true, nil, []string{"--color", "never"}, "{\n  \"a\": 1\n}\n"},
		{"pipe, -C --indent 2", false, nil, []string{"-C", "--indent", "2"}, colored},
		{"pipe, --tab", false, nil, []string{"--tab"}, "{\n\t\"a\": 1\n}\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			io, out, errOut := term.Test(`{"a":1}` + "\n")
			io.OutTTY = tc.tty
			io.Getenv = func(k string) string { return tc.env[k] }
			args := append([]string{"filter"}, tc.args...)
			if code := run(io, append(args, ".")); code != 0 {
				t.Fatalf("exit %d: %s", code, errOut)
			}
			if got := out.String(); got != tc.want {
				t.Errorf("got  %q\nwant %q", got, tc.want)
			}
		})
	}
}

// A first argument is the expression, unless a shortcut is given and it
// names an input.
func TestFilterExpressionOrPath(t *testing.T) {
	io, out, errOut := term.Test(`{"type":"a"}` + "\n")
	if code := run(io, []string{"filter", "--type", "a", ".type"}); code != 0 || out.String() != "\"a\"\n" {
		t.Errorf("--type a .type: exit %d, %q %q", code, out, errOut)
	}
	io, out, _ = term.Test(`{"type":"a"}` + "\n")
	if code := run(io, []string{"filter", "--type", "a", "-"}); code != 0 || out.String() != `{"type":"a"}`+"\n" {
		t.Errorf("--type a -: exit %d, %q", code, out)
	}
	io, _, errOut = term.Test("")
	if code := run(io, []string{"filter", "--arg", "x"}); code != 2 || !strings.Contains(errOut.String(), "--arg takes two arguments") {
		t.Errorf("--arg x: exit %d, %q", code, errOut)
	}
}
