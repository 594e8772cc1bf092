package rewrite

import (
	"strings"
	"testing"
)

func TestFlagsValidateAndMode(t *testing.T) {
	for _, tc := range []struct {
		name    string
		flags   Flags
		args    []string
		noWrite bool
		wantErr string
		want    Mode
	}{
		{"stdout", Flags{}, nil, false, "", Stdout},
		{"file", Flags{Output: "o.jsonl"}, []string{"a"}, false, "", OutputFile},
		{"in place", Flags{InPlace: true, Backup: ".orig"}, []string{"a"}, false, "", InPlace},
		{"check wins", Flags{}, []string{"a"}, true, "", DryRun},
		{"-o and -i", Flags{InPlace: true, Output: "o"}, []string{"a"}, false, "cannot be used together", 0},
		{"backup without -i", Flags{Backup: ".b"}, nil, false, "--backup needs -i", 0},
		{"backup a path", Flags{InPlace: true, Backup: "x/y"}, []string{"a"}, false, "not a path", 0},
		{"-i without files", Flags{InPlace: true}, nil, false, "-i needs files", 0},
		{"-i on stdin", Flags{InPlace: true}, []string{"a", "-"}, false, "standard input", 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := tc.flags.Validate(tc.args)
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("Validate = %v, want %q", err, tc.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatalf("Validate: %v", err)
			}
			if got := tc.flags.Mode(tc.noWrite); got != tc.want {
				t.Errorf("Mode = %d, want %d", got, tc.want)
			}
		})
	}
}
