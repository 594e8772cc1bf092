package term

import (
	"io"
	"testing"
)

func TestHintStdin(t *testing.T) {
	for _, tc := range []struct {
		name       string
		inTTY, on  bool
		read       bool
		wantStderr string
	}{
		{"terminal, turned on, read", true, true, true, StdinHint + "\n"},
		{"terminal, turned on, never read", true, true, false, ""},
		{"terminal, left off", true, false, true, ""},
		{"pipe, turned on", false, true, true, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, _, stderr := Test("a log\n")
			s.InTTY = tc.inTTY
			turnOn := s.HintStdin(StdinHint)
			if tc.on {
				turnOn()
			}
			if tc.read {
				// Read twice: the hint is said once.
				buf := make([]byte, 2)
				if _, err := s.In.Read(buf); err != nil {
					t.Fatal(err)
				}
				rest, err := io.ReadAll(s.In)
				if err != nil || string(buf)+string(rest) != "a log\n" {
					t.Fatalf("read %q, %v; want the input unchanged", string(buf)+string(rest), err)
				}
			}
			if got := stderr.String(); got != tc.wantStderr {
				t.Errorf("stderr = %q, want %q", got, tc.wantStderr)
			}
		})
	}
}
