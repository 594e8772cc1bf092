package redact

import (
	"regexp"
	"slices"
	"strings"
	"testing"
)

func TestNormalizeKey(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"apiKey", "api_key"},
		{"API_KEY", "api_key"},
		{"x-api-key", "x_api_key"},
		{"X-Api-Key", "x_api_key"},
		{"__Secret__", "secret"},
		{"clientSecret", "client_secret"},
		{"APIKey", "apikey"}, // no lower-to-upper boundary
		{"set cookie", "set_cookie"},
		{"a.b--c", "a_b_c"},
		{"", ""},
	} {
		if got := NormalizeKey(tc.in); got != tc.want {
			t.Errorf("NormalizeKey(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestUserSecrets(t *testing.T) {
	rs, err := Compile(Config{Secrets: []string{"hunter2-pass", "hunter2-pass-long", "two\nlines"}})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ in, want string }{
		{"pw hunter2-pass-long!", "pw " + R + "!"},
		{"pw hunter2-pass.", "pw " + R + "."},
		{"xhunter2-passx", "x" + R + "x"}, // exact values need no word boundary
		{"one two\nlines", "one " + R},
		{"hunter2-pas", "hunter2-pas"},
	} {
		got, _ := redactString(rs, tc.in)
		if got != tc.want {
			t.Errorf("%q: got %q, want %q", tc.in, got, tc.want)
		}
	}
	// A secret with a non-ASCII character is found when an encoder escaped
	// it, and without escapes.
	rs2, err := Compile(Config{Secrets: []string{"pässwörd-42"}})
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range []string{`{"o":"x p\u00e4ssw\u00f6rd-42 y"}`, `{"o":"x pässwörd-42 y"}`} {
		if got, _ := redactLine(rs2, line); got != `{"o":"x [REDACTED] y"}` {
			t.Errorf("%s: got %s", line, got)
		}
	}
	// A secret with a line break is found in JSON, where it is escaped.
	got, res := redactLine(rs, `{"o":"one two\nlines"}`)
	if got != `{"o":"one [REDACTED]"}` || ruleIDs(res.Matches)[0] != RuleUserSecret {
		t.Errorf("got %s %v", got, res.Matches)
	}
}

func TestCompileErrors(t *testing.T) {
	for _, tc := range []struct {
		name string
		cfg  Config
		want string
	}{
		{"short secret", Config{Secrets: []string{"abc"}}, "at least 4"},
		{"short key", Config{Keys: []string{"-"}}, "at least 2"},
		{"nothing left", Config{NoDefaultRules: true}, "no rules"},
		{"replacement is a secret", Config{Replacement: "password=abc"}, "taken for a secret"},
		{"replacement with a newline", Config{Replacement: "a\nb"}, "control characters"},
		{"taken id", Config{Rules: []CustomRule{{ID: RuleJWT, Regex: regexp.MustCompile("x")}}}, "already taken"},
		{"bad group", Config{Rules: []CustomRule{{ID: "x", Regex: regexp.MustCompile("a(b)"), SecretGroup: 2}}}, "secretGroup 2"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Compile(tc.cfg)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %v, want one saying %q", err, tc.want)
			}
		})
	}
}

func TestExtraKeysAndNoDefaults(t *testing.T) {
	rs, err := Compile(Config{NoDefaultRules: true, Keys: []string{"dbPw", "pin"}})
	if err != nil {
		t.Fatal(err)
	}
	got, res := redactLine(rs, `{"args":{"db_pw":"x","PIN":"1234","token":"t"},"o":"DB_PW=abc pin=5 `+ghToken+`"}`)
	want := `{"args":{"db_pw":"[REDACTED]","PIN":"[REDACTED]","token":"t"},"o":"DB_PW=[REDACTED] pin=[REDACTED] ` + ghToken + `"}`
	if got != want {
		t.Errorf("got  %s\nwant %s (%v)", got, want, res.Matches)
	}
	if ids := rs.RuleIDs(); !slices.Equal(ids, []string{RuleSensitiveKey, RuleJSONField, RuleAssignment, RuleQueryParam}) {
		t.Errorf("rule ids %v", ids)
	}
}

func TestCustomReplacement(t *testing.T) {
	rs, err := Compile(Config{Replacement: "***"})
	if err != nil {
		t.Fatal(err)
	}
	in := `{"o":"token=abc Authorization: Bearer x ` + ghToken + `","args":{"password":"x"}}`
	got, _ := redactLine(rs, in)
	if want := `{"o":"token=*** Authorization: Bearer *** ***","args":{"password":"***"}}`; got != want {
		t.Errorf("got %s", got)
	}
	if again, res := redactLine(rs, got); again != got || len(res.Matches) > 0 {
		t.Errorf("not idempotent: %s %v", again, res.Matches)
	}
}

func TestGitleaksRules(t *testing.T) {
	const file = `
title = "extra"
[extend]
useDefault = true

[[rules]]
id = "acme-token"
description = "Acme API token"
regex = '''acme_(?:live|test)_([a-z0-9]{16})'''
secretGroup = 1
keywords = ["acme_"]
entropy = 3.0

[[rules]]
id = "anywhere"
regex = '''XYZZY-[0-9]{4}'''

[[rules]]
id = "paths-only"
path = '''\.pem$'''
`
	rules, warnings, err := ParseGitleaksRules([]byte(file))
	if err != nil {
		t.Fatal(err)
	}
	// entropy, path and [extend] are read now; the one warning says
	// that paths are ignored.
	wantWarnings := []string{
		"the path of 1 rule(s) is ignored: logs have no file paths, so these rules apply everywhere and rules with a path alone are skipped",
	}
	slices.Sort(warnings)
	slices.Sort(wantWarnings)
	if !slices.Equal(warnings, wantWarnings) {
		t.Errorf("warnings\n got %q\nwant %q", warnings, wantWarnings)
	}
	rs, err := Compile(Config{Rules: rules})
	if err != nil {
		t.Fatal(err)
	}
	got, matches := redactString(rs, "use ACME_LIVE_0123456789abcdef and acme_live_0123456789abcdef or XYZZY-1234")
	if want := "use ACME_LIVE_0123456789abcdef and acme_live_" + R + " or " + R; got != want {
		t.Errorf("got %q", got)
	}
	if ids := ruleIDs(matches); !slices.Equal(ids, []string{"acme-token", "anywhere"}) {
		t.Errorf("rules %v", ids)
	}
	for _, bad := range []string{"[[rules]]\nregex = 'x'", "[[rules]]\nid = 'x'\nregex = '('", "rules = 3"} {
		if _, _, err := ParseGitleaksRules([]byte(bad)); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}
