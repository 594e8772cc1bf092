package redact

import (
	"encoding/json"
	"regexp"
	"regexp/syntax"
	"slices"
	"strings"
	"sync"
	"testing"
)

// Fake credentials are built when the tests run rather than written out,
// so that secret scanners pointed at this repository find nothing to
// report.

// fake returns prefix followed by n characters of alphabet, spread so
// they look random but are the same on every run.
func fake(prefix, alphabet string, n int) string {
	var b strings.Builder
	b.WriteString(prefix)
	for i := 0; i < n; i++ {
		b.WriteByte(alphabet[(i*7+3)%len(alphabet)])
	}
	return b.String()
}

const (
	abcAlnum  = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
	abcURL    = abcAlnum + "_-"
	abcHex    = "0123456789abcdef"
	abcUpper  = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
	abcLetter = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
	abcB64    = abcAlnum + "+/"
)

var (
	defaultOnce sync.Once
	defaultSet  *RuleSet
)

// defaults is the default RuleSet, compiled once for all tests.
func defaults(t testing.TB) *RuleSet {
	t.Helper()
	defaultOnce.Do(func() {
		var err error
		defaultSet, err = Compile(Config{})
		if err != nil {
			panic(err)
		}
	})
	return defaultSet
}

// redactString applies the text rules of rs to s.
func redactString(rs *RuleSet, s string) (string, []Match) {
	out, matches := rs.NewRedactor().RedactText([]byte(s))
	return string(out), append([]Match(nil), matches...)
}

func ruleIDs(matches []Match) []string {
	var ids []string
	for _, m := range matches {
		ids = append(ids, m.Rule)
	}
	return ids
}

// redactLine redacts one JSON line with rs.
func redactLine(rs *RuleSet, line string) (string, LineResult) {
	out, res := rs.NewRedactor().Line([]byte(line), nil)
	if !res.Changed {
		out = []byte(line)
	}
	res.Matches = append([]Match(nil), res.Matches...)
	return string(out), res
}

// keywordLedOf is the keyword-led plan of re, as a rule's matcher makes
// it (see regexMatcher.init).
func keywordLedOf(t testing.TB, re *regexp.Regexp, keywords []kwSpec) *keywordLed {
	t.Helper()
	p, err := syntax.Parse(re.String(), syntax.Perl)
	if err != nil {
		t.Fatal(err)
	}
	part, lead, leadSet := necessary(p)
	return newKeywordLed(re, p, part, lead, leadSet, keywords)
}

// sampleTexts are the catalogue's samples, true and false, and extra.
func sampleTexts(t *testing.T, extra ...string) []string {
	t.Helper()
	var texts []string
	for _, r := range loadRecallSamples(t).Rules {
		for _, s := range append(slices.Clip(r.True), r.False...) {
			texts = append(texts, s.Sample)
		}
	}
	return append(texts, extra...)
}

// redactsAlike checks that two ways of redacting, a and b (named in
// failures), give the same lines and matches for each text in a JSON
// line, raw and printed into a JSON string once more (where its quotes
// are escaped twice). It returns how many lines held a secret.
func redactsAlike(t *testing.T, texts []string, names [2]string, a, b func(line string) (string, LineResult)) (found int) {
	t.Helper()
	differ := 0
	for _, s := range texts {
		nested, _ := json.Marshal(map[string]string{"args": s})
		for _, text := range []string{s, string(nested)} {
			line, _ := json.Marshal(map[string]any{"schemaVersion": 2, "type": "tool_result", "runId": "r", "id": "t", "status": "ok", "output": text})
			got, gotRes := a(string(line))
			want, wantRes := b(string(line))
			if len(wantRes.Matches) > 0 {
				found++
			}
			if got != want || !slices.Equal(ruleIDs(gotRes.Matches), ruleIDs(wantRes.Matches)) {
				differ++
				if differ <= 5 {
					t.Errorf("%s:\n%s: %s %v\n%s: %s %v", line, names[0], got, ruleIDs(gotRes.Matches), names[1], want, ruleIDs(wantRes.Matches))
				}
			}
		}
	}
	t.Logf("%d lines, %d with secrets, %d redacted otherwise", 2*len(texts), found, differ)
	return found
}
