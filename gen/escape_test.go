package gen

import (
	"encoding/json"
	"testing"
)

func TestEscapedStringsDecodeToThemselves(t *testing.T) {
	for _, s := range []string{
		"",
		"plain",
		`quote " and backslash \ and slash /`,
		"newline\n tab\t return\r backspace\b formfeed\f",
		"bell\a escape\x1b[31m nul\x00 unit\x1f del\x7f",
		"café résumé naïve",
		"日本語のテキスト",
		"emoji 🚀👋🏽 and a flag 🇫🇷",
		"line separators \u2028 \u2029",
	} {
		t.Run(s, func(t *testing.T) {
			for name, b := range map[string][]byte{
				"short": appendString(nil, s),
				"ascii": append(appendEscapedASCII([]byte{'"'}, s), '"'),
			} {
				var got string
				if err := json.Unmarshal(b, &got); err != nil {
					t.Fatalf("%s escaping %s: %v", name, b, err)
				}
				if got != s {
					t.Errorf("%s escaping %s decodes to %q", name, b, got)
				}
			}
			for _, c := range appendEscapedASCII(nil, s) {
				if c >= 0x80 || c < 0x20 {
					t.Fatalf("ascii escaping left byte %#x", c)
				}
			}
		})
	}
}

func TestAppendMicroUSD(t *testing.T) {
	for _, tc := range []struct {
		micros int
		want   string
	}{
		{0, "0"},
		{1, "0.000001"},
		{1234, "0.001234"},
		{120000, "0.12"},
		{1000000, "1"},
		{3500000, "3.5"},
		{12345678, "12.345678"},
	} {
		if got := string(appendMicroUSD(nil, tc.micros)); got != tc.want {
			t.Errorf("appendMicroUSD(%d) = %s, want %s", tc.micros, got, tc.want)
		}
	}
}

func TestParseSize(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want int64
		ok   bool
	}{
		{"4096", 4096, true},
		{"500MB", 500_000_000, true},
		{"130mb", 130_000_000, true},
		{"2GiB", 2 << 30, true},
		{"1.5G", 3 << 29, true},
		{"64k", 64 << 10, true},
		{"10 KB", 10_000, true},
		{"7B", 7, true},
		{"", 0, false},
		{"MB", 0, false},
		{"-1MB", 0, false},
		{"lots", 0, false},
		{"1e9", 1e9, true},
		{"1e+06MB", 1e12, true}, // awk's %g of a big corpus size
		{"NaN", 0, false},
		{"inf", 0, false},
		{"0x10", 0, false},
		{"12PB", 0, false},
	} {
		got, err := ParseSize(tc.in)
		if (err == nil) != tc.ok || got != tc.want {
			t.Errorf("ParseSize(%q) = %d, %v; want %d, ok=%t", tc.in, got, err, tc.want, tc.ok)
		}
	}
}

// The pre-written JSON in the catalog is valid, and args are objects.
func TestCatalogJSON(t *testing.T) {
	var all []string
	for _, group := range [][]tool{readTools, writeTools, shellTools, networkTools, otherTools} {
		for _, tl := range group {
			all = append(all, tl.args...)
		}
	}
	for _, r := range sandboxRules {
		all = append(all, r.args)
	}
	for _, a := range all {
		var v map[string]any
		if err := json.Unmarshal([]byte(a), &v); err != nil {
			t.Errorf("args %s: %v", a, err)
		}
	}
}
