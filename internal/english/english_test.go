package english

import "testing"

func TestCount(t *testing.T) {
	for _, tc := range []struct {
		n    int64
		word string
		want string
	}{
		{0, "file", "0 files"},
		{1, "file", "1 file"},
		{2, "file", "2 files"},
		{-1, "line", "-1 lines"},
		{1 << 40, "token", "1099511627776 tokens"},
		{1, "invalid line", "1 invalid line"},
	} {
		if got := Count(tc.n, tc.word); got != tc.want {
			t.Errorf("Count(%d, %q) = %q, want %q", tc.n, tc.word, got, tc.want)
		}
		if got := Count(int(tc.n), tc.word); got != tc.want {
			t.Errorf("Count(int %d, %q) = %q, want %q", tc.n, tc.word, got, tc.want)
		}
	}
}

func TestPlural(t *testing.T) {
	for n, want := range map[int]string{0: "runs", 1: "run", 2: "runs", 1000: "runs"} {
		if got := Plural(n, "run"); got != want {
			t.Errorf("Plural(%d, run) = %q, want %q", n, got, want)
		}
	}
}
