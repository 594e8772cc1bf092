package filters

import (
	"slices"
	"strings"
	"testing"
)

func TestTakeNamedArgs(t *testing.T) {
	for _, tc := range []struct {
		name     string
		raw      []string
		rest     []string
		vars     []namedArg
		argsMode string
		wantErr  string
	}{
		{"none", []string{"-c", ".", "f"}, []string{"-c", ".", "f"}, nil, "", ""},
		{"two values each", []string{"--arg", "a", "1", "-r", "--argjson", "b", "{}", "."},
			[]string{"-r", "."}, []namedArg{{"--arg", "a", "1"}, {"--argjson", "b", "{}"}}, "", ""},
		{"after -- kept", []string{".", "--", "--arg", "x"}, []string{".", "--", "--arg", "x"}, nil, "", ""},
		{"args mode", []string{"--jsonargs", ".", "1"}, []string{".", "1"}, nil, "--jsonargs", ""},
		{"missing value", []string{".", "--rawfile", "name"}, nil, nil, "", "--rawfile takes two arguments"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var c Command
			rest, err := c.TakeNamedArgs(tc.raw)
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("err = %v, want %q", err, tc.wantErr)
				}
				return
			}
			if err != nil || !slices.Equal(rest, tc.rest) || !slices.Equal(c.vars, tc.vars) || c.argsMode != tc.argsMode {
				t.Errorf("got %q %v %q %v, want %q %v %q", rest, c.vars, c.argsMode, err, tc.rest, tc.vars, tc.argsMode)
			}
		})
	}
}
