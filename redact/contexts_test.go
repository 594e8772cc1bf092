package redact

import (
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// TestKeywordContext: the bytes a rule lets come beside a short keyword,
// read off the literals its matches start with, and none where a match
// need not hold the keyword.
func TestKeywordContext(t *testing.T) {
	type want struct {
		before, notBefore, after, notAfter string
		anyBefore, anyAfter                bool
	}
	for _, tc := range []struct {
		name, re string
		kw       string
		want     want
	}{
		{
			name: "word start and a class after", re: `\bs\.[a-z0-9]{24}`, kw: "s.",
			// before: what is not a word byte, and the ends of escapes
			want: want{before: " (\"'n6F", notBefore: "oTx_", after: "a7\\", notAfter: " .\n_Z"},
		},
		{
			name: "inside a literal", re: `\b(?:hvs\.[\w-]{90}|s\.[a-z0-9]{24})`, kw: "s.",
			want: want{before: " vV", notBefore: "ox", after: "a_-", notAfter: " ."},
		},
		{
			name: "no word start", re: `s\.[a-z]{24}`, kw: "s.",
			want: want{anyBefore: true, after: "q", notAfter: " "},
		},
		{
			name: "a literal without the keyword", re: `\b(?:s\.|xy\.)[a-z]{24}`, kw: "s.",
			want: want{anyBefore: true, anyAfter: true},
		},
		{
			name: "no leading literal", re: `[\w.-]{0,20}key[=:]\w{10}`, kw: "key",
			want: want{anyBefore: true, anyAfter: true},
		},
		{
			name: "case folded", re: `(?i)\bSK[0-9a-f]{32}`, kw: "sk",
			want: want{before: " ", notBefore: "gz", after: "0fF", notAfter: "gz"},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rs, err := Compile(Config{NoDefaultRules: true, Rules: []CustomRule{{ID: "r", Regex: regexp.MustCompile(tc.re), Keywords: []string{tc.kw}}}})
			if err != nil {
				t.Fatal(err)
			}
			k := &rs.pf.keywords[slices.IndexFunc(rs.pf.keywords, func(k keyword) bool { return string(k.text) == tc.kw })]
			check := func(side string, set *byteSet, any bool, in, out string) {
				if any != (set == nil) {
					t.Fatalf("%s: any byte %v, want %v", side, set == nil, any)
				}
				for _, c := range []byte(in) {
					if set != nil && !set[c] {
						t.Errorf("%s: %q left out", side, c)
					}
				}
				for _, c := range []byte(out) {
					if set != nil && set[c] {
						t.Errorf("%s: %q let in", side, c)
					}
				}
			}
			check("before", k.before, tc.want.anyBefore, tc.want.before, tc.want.notBefore)
			check("after", k.after, tc.want.anyAfter, tc.want.after, tc.want.notAfter)
		})
	}
}

// TestContextsRedactTheSame: the default rules find the same with keyword
// contexts as without, on samples of every rule a short keyword with a
// context gates (two true ones, their secrets alone and a false one),
// with every ASCII byte
// (and a non-ASCII character) before and after the sample and each
// occurrence of the keyword in it, as JSON encoders write it, and
// written as a \u escape.
func TestContextsRedactTheSame(t *testing.T) {
	if testing.Short() {
		t.Skip("redacts some 40,000 lines twice")
	}
	with := defaults(t)
	useContexts = false
	without, err := Compile(Config{})
	useContexts = true
	if err != nil {
		t.Fatal(err)
	}
	short := map[int][]string{} // rule: its keywords with a context
	for i, k := range with.pf.keywords[:with.pf.escape] {
		if k.before != nil || k.after != nil {
			for _, ri := range with.kwRules[i] {
				short[ri] = append(short[ri], string(k.text))
			}
		}
	}
	if len(short) < 4 {
		t.Fatalf("only %d rules have keywords with a context", len(short))
	}
	x, y := with.NewRedactor(), without.NewRedactor()
	fillers := []string{"é"}
	for c := 1; c < 0x80; c++ {
		fillers = append(fillers, string(rune(c)))
	}
	lines, found, differ := 0, 0, 0
	try := func(text string, escapeAt int) {
		b, _ := json.Marshal(text)
		raw := string(b)
		if escapeAt >= 0 && text[escapeAt] < 0x80 {
			// The byte at escapeAt written as \u00XX: find its place in
			// the encoded text by encoding what comes before it.
			head, _ := json.Marshal(text[:escapeAt])
			n := len(head) - 1
			raw = raw[:n] + fmt.Sprintf(`\u%04x`, text[escapeAt]) + raw[n+len(jsonChar(text[escapeAt])):]
		}
		// At both alignments: the prefilter sees a keyword at an odd
		// place through other windows than at an even one.
		for _, key := range []string{"output", "outputs"} {
			line := []byte(`{"schemaVersion":2,"type":"tool_result","runId":"r1","id":"c1","status":"ok","` + key + `":` + raw + `}`)
			out1, r1 := x.Line(line, nil)
			out1 = slices.Clone(out1)
			ids := ruleIDs(r1.Matches)
			out2, r2 := y.Line(line, nil)
			lines++
			if len(r2.Matches) > 0 {
				found++
			}
			if string(out1) != string(out2) || !slices.Equal(ids, ruleIDs(r2.Matches)) {
				differ++
				if differ <= 5 {
					t.Errorf("%s:\nwith contexts    %s %v\nwithout contexts %s %v", line, out1, ids, out2, ruleIDs(r2.Matches))
				}
			}
		}
	}
	samples := loadRecallSamples(t)
	for ri, kws := range short {
		id := strings.TrimPrefix(with.rules[ri].id, "gitleaks-")
		for _, r := range samples.Rules {
			if r.ID != id {
				continue
			}
			// Each sample, and its secret alone, which no other rule
			// gets looked at for (a key name before it would have the
			// string decoded, and then scanned as it reads).
			var texts []string
			for _, smp := range r.True[:min(2, len(r.True))] {
				texts = append(texts, smp.Sample)
				texts = append(texts, smp.Secrets[:min(1, len(smp.Secrets))]...)
			}
			for _, smp := range r.False[:min(1, len(r.False))] {
				texts = append(texts, smp.Sample)
			}
			for _, s := range texts {
				for _, f := range fillers {
					try(f+s, 0)
					try(f+s, -1)
					try(s+f, -1)
					for _, kw := range kws {
						for at := range keywordPlaces(s, kw) {
							try(s[:at]+f+s[at:], at)
							try(s[:at]+f+s[at:], -1)
							end := at + len(kw)
							try(s[:end]+f+s[end:], -1)
						}
					}
				}
			}
		}
	}
	t.Logf("%d lines, %d with secrets, %d redacted otherwise", lines, found, differ)
	if found < lines/10 {
		t.Errorf("only %d of %d lines hold a secret: the samples did not load as they should", found, lines)
	}
}

// keywordPlaces yields where kw occurs in s, ASCII case aside.
func keywordPlaces(s, kw string) func(yield func(int) bool) {
	return func(yield func(int) bool) {
		low := strings.ToLower(s)
		for i := 0; i+len(kw) <= len(low); i++ {
			if low[i:i+len(kw)] == kw && !yield(i) {
				return
			}
		}
	}
}

// jsonChar is how json.Marshal writes the ASCII byte c inside a string.
func jsonChar(c byte) string {
	b, _ := json.Marshal(string(rune(c)))
	return string(b[1 : len(b)-1])
}
