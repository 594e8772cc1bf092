package term

import "testing"

func TestDecideColor(t *testing.T) {
	for _, tc := range []struct {
		name   string
		mode   ColorMode
		env    map[string]string
		outTTY bool
		want   bool
	}{
		{"auto on a terminal", ColorAuto, nil, true, true},
		{"auto into a pipe", ColorAuto, nil, false, false},
		{"NO_COLOR on a terminal", ColorAuto, map[string]string{"NO_COLOR": "1"}, true, false},
		{"TERM=dumb on a terminal", ColorAuto, map[string]string{"TERM": "dumb"}, true, false},
		{"always into a pipe", ColorAlways, nil, false, true},
		{"always beats NO_COLOR", ColorAlways, map[string]string{"NO_COLOR": "1"}, false, true},
		{"never on a terminal", ColorNever, nil, true, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, _, _ := Test("")
			s.OutTTY = tc.outTTY
			s.Getenv = func(k string) string { return tc.env[k] }
			s.DecideColor(tc.mode)
			if s.ColorEnabled() != tc.want {
				t.Errorf("color %v, want %v", s.ColorEnabled(), tc.want)
			}
		})
	}
}

func TestParseColorMode(t *testing.T) {
	for _, ok := range []string{"auto", "always", "never"} {
		if _, err := ParseColorMode(ok); err != nil {
			t.Errorf("%s: %v", ok, err)
		}
	}
	if _, err := ParseColorMode("sometimes"); err == nil {
		t.Error("sometimes: no error")
	}
}

func TestOutWidth(t *testing.T) {
	s, _, _ := Test("")
	s.Width = 120
	if got := s.OutWidth(100); got != 100 {
		t.Errorf("not a terminal: %d, want the fallback", got)
	}
	s.OutTTY = true
	if got := s.OutWidth(100); got != 120 {
		t.Errorf("terminal: %d, want its width", got)
	}
}
