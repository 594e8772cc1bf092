package redact

import (
	"encoding/json"
	"fmt"
	"regexp"
	"regexp/syntax"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
)

// A keyword-led rule of the assignment shape: its gap check must say yes
// wherever the regex matches at the keyword, and no where the text after
// the keyword cannot reach an operator.
func TestGapCheck(t *testing.T) {
	const src = `(?i)(?:token|api)(?:[ \t\w.-]{0,5})[\s'"]{0,2}(?:=|:)[ ]{0,2}([a-z0-9]{6,})`
	re := regexp.MustCompile(src)
	p, err := syntax.Parse(src, syntax.Perl)
	if err != nil {
		t.Fatal(err)
	}
	k := keywordLedOf(t, re, folded("token", "api"))
	if k == nil || k.gap == nil {
		t.Fatalf("no gap check for %s", src)
	}
	if g := gapCheckOf(p); g == nil || g.maxChars != 7 {
		t.Fatalf("gapCheckOf: %+v, want 7 characters", g)
	}
	for _, tc := range []struct {
		text string
		want bool
	}{
		{`token=abcdef12`, true},
		{`TOKEN_ID : abcdef12`, true},
		{`api.key"=abcdef12`, true},
		{`token is not set here`, false},  // no operator within reach
		{`tokenizer_xy = x`, false},       // 7 name characters and a blank: too many
		{`Escaping rules in JSON`, false}, // "api" inside a word
		{`token\u003dabcdef12`, true},     // an escape may be the operator
		{"token \u212a=abcdef12", true},   // the Kelvin sign is a word character folded
		{"token \u00e9=abcdef12", false},  // é is not
	} {
		q := -1
		for i := range tc.text {
			if k.startsAt([]byte(tc.text), i) {
				q = i
				break
			}
		}
		if q < 0 {
			t.Fatalf("%q: no leading literal", tc.text)
		}
		got := k.goesOn([]byte(tc.text), q)
		if got != tc.want {
			t.Errorf("goesOn(%q) = %v, want %v", tc.text, got, tc.want)
		}
		if m := k.anchored.MatchString(tc.text[q:]); m && !got {
			t.Errorf("%q: the regex matches at the keyword, the gap check says no", tc.text)
		}
	}
}

// TestGapCheckCatalogue: for every rule of the catalogue tried at its
// keywords, wherever its keyword-led part matches in a sample, as
// written or as a JSON string holds it (escaped), the checks of what
// follows a leading literal (goesOn: the gap, the runs after it) must
// let it through; a no there would lose the secret. They must also say
// no somewhere, or they check nothing.
func TestGapCheckCatalogue(t *testing.T) {
	rs, err := Compile(Config{})
	if err != nil {
		t.Fatal(err)
	}
	byID := map[string]*regexMatcher{}
	for _, r := range rs.rules {
		if r.matcher != nil {
			r.matcher.init()
			if r.matcher.led != nil {
				byID[r.id] = r.matcher
			}
		}
	}
	if len(byID) == 0 {
		t.Fatal("no rule is keyword-led")
	}
	tried, refused := 0, 0
	for _, rule := range loadRecallSamples(t).Rules {
		m := byID[rule.ID]
		if m == nil {
			continue
		}
		k := m.led
		for _, smp := range append(rule.True, rule.False...) {
			for _, text := range []string{smp.Sample, jsonEscaped(smp.Sample)} {
				b := []byte(text)
				for q := range b {
					if !k.startsAt(b, q) {
						continue
					}
					tried++
					ok := k.goesOn(b, q)
					if !ok {
						refused++
					}
					if !ok && k.anchored.Match(b[q:]) {
						t.Errorf("%s: the keyword-led part matches %q at %d, the gap check says no", rule.ID, text, q)
					}
				}
			}
		}
	}
	t.Logf("%d keyword-led rules, %d places tried, %d refused", len(byID), tried, refused)
	if refused == 0 {
		t.Error("the gap checks refused nothing")
	}
}

// TestQuickChecksOnPrintedJSON: the quick checks that gate a line (maybe)
// read raw JSON text, where a JSON document a tool printed holds its own
// escapes once more (\\/ for a slash a PHP encoder escaped, \\u0041 for
// an A): the rules read those through the escape view, so the checks
// must not refuse them. Every true sample of the catalogue is printed
// so, in a tool output, and Line must find what a walk of the line finds
// with no quick check at all (neither the line's gate nor the checks
// after leading literals).
func TestQuickChecksOnPrintedJSON(t *testing.T) {
	rs := defaults(t)
	x, full := rs.NewRedactor(), rs.NewRedactor()
	full.walkAll = true
	line := func(text string) []byte {
		b, err := json.Marshal(text)
		if err != nil {
			t.Fatal(err)
		}
		return []byte(`{"schemaVersion":2,"type":"tool_result","runId":"r1","id":"c1","status":"ok","output":` + string(b) + `}`)
	}
	tried, lost := 0, 0
	check := func(rule, text string) {
		l := line(text)
		_, res := x.Line(l, nil)
		got := ruleIDs(res.Matches)
		checkAfterLiterals = false
		_, want := full.Line(l, nil)
		checkAfterLiterals = true
		tried++
		if all := ruleIDs(want.Matches); !slices.Equal(got, all) {
			lost++
			if lost <= 5 {
				t.Errorf("%s: %q: Line finds %v, %v without the quick checks", rule, text, got, all)
			}
		}
	}
	// grafana-cloud-api-token, its slash printed as \/: found before the
	// run checks came, and must still be.
	check("grafana", `{"note": "glc_9\/1xy47s352u6an161wd4wcxzh1f0k3j"}`)
	for _, r := range loadRecallSamples(t).Rules {
		for _, smp := range r.True {
			if len(smp.Secrets) == 0 || len(smp.Secrets[0]) < 4 {
				continue
			}
			sec := smp.Secrets[0]
			mid := len(sec) / 2
			if sec[mid] >= utf8.RuneSelf {
				continue
			}
			escaped := sec[:mid] + fmt.Sprintf(`\u%04x`, sec[mid]) + sec[mid+1:]
			check(r.ID, `{"value": "`+strings.Replace(smp.Sample, sec, escaped, 1)+`"}`)
			check(r.ID, `{"value": "`+strings.ReplaceAll(smp.Sample, "/", `\/`)+`"}`)
		}
	}
	t.Logf("%d printed samples, %d found otherwise without the checks", tried, lost)
}

// TestFoldedRests: a keyword-led rule whose literal is followed by a
// folded k or s matches the Kelvin sign and the long s there, as Go's
// regexp folds them; the quick checks must let such text through.
func TestFoldedRests(t *testing.T) {
	rs, err := Compile(Config{NoDefaultRules: true, Rules: []CustomRule{{
		ID: "folded", Regex: regexp.MustCompile(`(?i)(?:cred(?:ential|es)|token)[ ]{0,3}=[ ]{0,3}([a-z0-9]{8,})`),
		SecretGroup: 1, Keywords: []string{"cred", "token"},
	}}})
	if err != nil {
		t.Fatal(err)
	}
	x := rs.NewRedactor()
	for _, text := range []string{"crede\u017f = abcdef123456", "credential = abcdef123456", "cred\u212a = abcdef123456"} {
		want := rs.rules[0].matcher.re.MatchString(text)
		got := len(x.Text([]byte(text))) > 0
		if got != want {
			t.Errorf("%q: found %v, the regex matches %v", text, got, want)
		}
	}
}

// TestQuickCheckLiteralAroundKeyword: the quick check on raw JSON text
// (maybe), which gates a line before its strings are decoded, must try a
// leading literal that holds the keyword after bytes of its own
// ("xx_token_" for the keyword "token") as well as one shorter than the
// keyword that starts it ("tok"). Each line has an escape, so its string
// is read through the check.
func TestQuickCheckLiteralAroundKeyword(t *testing.T) {
	rs, err := Compile(Config{NoDefaultRules: true, Rules: []CustomRule{
		{ID: "around", Regex: regexp.MustCompile(`\b(?:xx_token_|tok)([a-z0-9]{12})\b`), SecretGroup: 1, Keywords: []string{"token"}},
	}})
	if err != nil {
		t.Fatal(err)
	}
	x := rs.NewRedactor()
	for _, tc := range []struct {
		line string
		want bool
	}{
		{`{"o":"a\nxx_token_abcdef123456 b"}`, true},
		{`{"o":"a\nxx_token_abcdef12 b"}`, false},
		{`{"o":"a\ntokenabcdef1234 b"}`, true}, // "tok" and 12 after it
		{`{"o":"a\ntokenabcdef123 b"}`, false},
	} {
		_, res := x.Line([]byte(tc.line), nil)
		if got := len(res.Matches) > 0; got != tc.want {
			t.Errorf("%s: redacted %v, want %v", tc.line, got, tc.want)
		}
	}
}
