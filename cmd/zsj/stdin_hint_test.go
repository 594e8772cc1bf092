package main

import (
	"strings"
	"testing"

	"github.com/zsj-dev/zsj/internal/term"
)

// Commands that read logs from a terminal say so; others, and any command
// whose stdin is a pipe, do not.
func TestStdinHintOnTerminal(t *testing.T) {
	for _, tc := range []struct {
		args  []string
		inTTY bool
		want  bool
	}{
		{[]string{"validate"}, true, true},
		{[]string{"--color", "never", "runs"}, true, true},
		{[]string{"filter", "."}, true, true},
		{[]string{"upgrade"}, true, true},
		{[]string{"validate"}, false, false},
		{[]string{"filter", "-n", "1"}, true, false}, // never reads stdin
		{[]string{"replay", "--exit", "0", "-"}, true, false},
	} {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			io, _, stderr := term.Test("")
			io.InTTY = tc.inTTY
			run(io, tc.args)
			if got := strings.Contains(stderr.String(), term.StdinHint); got != tc.want {
				t.Errorf("hint said: %v, want %v; stderr:\n%s", got, tc.want, stderr)
			}
		})
	}
}
