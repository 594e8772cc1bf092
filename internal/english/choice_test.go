package english

import "testing"

func TestOr(t *testing.T) {
	for _, tc := range []struct {
		choices []string
		want    string
	}{
		{nil, ""},
		{[]string{"a"}, "a"},
		{[]string{"a", "b"}, "a or b"},
		{[]string{"a", "b", "c"}, "a, b or c"},
		{[]string{"table", "json", "csv", "tsv"}, "table, json, csv or tsv"},
	} {
		if got := Or(tc.choices); got != tc.want {
			t.Errorf("Or(%q) = %q, want %q", tc.choices, got, tc.want)
		}
	}
}

func TestChoose(t *testing.T) {
	type mode string
	modes := []mode{"auto", "always", "never"}
	for _, tc := range []struct {
		value   string
		want    mode
		wantErr string
	}{
		{"auto", "auto", ""},
		{"never", "never", ""},
		{"", "", `--color must be auto, always or never, not ""`},
		{"Always", "", `--color must be auto, always or never, not "Always"`},
	} {
		got, err := Choose("--color", tc.value, modes)
		if got != tc.want || (err == nil) != (tc.wantErr == "") || (err != nil && err.Error() != tc.wantErr) {
			t.Errorf("Choose(%q) = %q, %v; want %q, %q", tc.value, got, err, tc.want, tc.wantErr)
		}
	}
}
