package redact

import (
	"regexp"
	"slices"
	"testing"
)

// FuzzNearMatchesWhole: looking for a rule only near its keywords
// (windows, or at keywords for keyword-led rules) finds exactly the
// secrets a search of the whole text finds whose match holds a keyword,
// and nothing the whole search does not find.
func FuzzNearMatchesWhole(f *testing.F) {
	for _, s := range []string{
		"token ghp_0123456789abcdefghijABCDEFGHIJ012345 x",
		"api_key = \"abcdefghij0123456789\"\nsecret: 'Zq8rT2vX9wK4mN7pQ1'",
		"xs.abcdefghijklmnopqrstuvwx s.abcdefghijklmnopqrstuvwx\n",
		"hvs.", "keykeykey=aaaaaaaaaaaa", "",
	} {
		f.Add(s)
	}
	rs := nearRules(f)
	f.Fuzz(func(t *testing.T, s string) {
		if len(s) > 2000 {
			return
		}
		text := []byte(s)
		x := rs.NewRedactor()
		hits := rs.pf.scan(text, nil)
		for ri := range rs.rules {
			r := &rs.rules[ri]
			x.hits = hits
			near := slices.Clone(x.nearHits(ri))
			var got, whole [][2]int
			r.all(text, near, func(a, b int) { got = append(got, [2]int{a, b}) })
			r.all(text, nil, func(a, b int) { whole = append(whole, [2]int{a, b}) })
			// Stopping each keyword's window at its first match finds
			// what searching all of it does.
			var wide [][2]int
			firstInWindow = false
			r.all(text, near, func(a, b int) { wide = append(wide, [2]int{a, b}) })
			firstInWindow = true
			if !slices.Equal(got, wide) {
				t.Fatalf("%s: %v found stopping at the first match in a window, %v searching all of it", r.id, got, wide)
			}
			for _, g := range got {
				if !slices.Contains(whole, g) {
					t.Fatalf("%s: %v found near keywords, not in the whole text %v", r.id, g, whole)
				}
			}
			if len(near) == 0 && len(got) > 0 {
				t.Fatalf("%s: found without keywords", r.id)
			}
			// A secret whose own text starts with a keyword must be found.
			for _, w := range whole {
				for _, n := range near {
					if n.start == w[0] && !slices.Contains(got, w) {
						t.Fatalf("%s: %v at keyword %v missed; found %v", r.id, w, n, got)
					}
				}
			}
		}
	})
}

// nearRules are rules of each plan a rule may have: a prefix, two
// keywords of which one has two bytes, and generic ones led by a key
// name after a lead, one with an entropy to reach.
func nearRules(t testing.TB) *RuleSet {
	t.Helper()
	rules := []CustomRule{
		{ID: "pat", Regex: regexp.MustCompile(`\b(ghp_[0-9a-zA-Z]{36})\b`), Keywords: []string{"ghp_"}},
		{ID: "vault", Regex: regexp.MustCompile(`\b((?:hvs\.[\w-]{20,30}|s\.(?i:[a-z0-9]{24})))(?:['"\s;]|$)`), Keywords: []string{"hvs.", "s."}},
		{ID: "generic", Regex: regexp.MustCompile(`(?i)[\w.-]{0,20}?(?:key|secret|token)(?:[ \t\w.-]{0,5})[\s'"]{0,3}(?:=|:)[\s'"]{0,3}([\w.=-]{10,40})(?:['"\s;]|$)`), Keywords: []string{"key", "secret", "token"}},
		// With an entropy to reach: matches found near keywords and then
		// dropped, between others.
		{ID: "generic-entropy", Regex: regexp.MustCompile(`(?i)[\w.-]{0,20}?(?:key|pass)(?:[ \t\w.-]{0,5})[\s'"]{0,3}(?:=|:|,)[\s'"]{0,3}((?:[\w.=-]{6,40})|'[^']{6,20}')(?:['"\s;]|$)`), Keywords: []string{"key", "pass"}, Entropy: 2.5},
	}
	rs, err := Compile(Config{Rules: rules, NoDefaultRules: true})
	if err != nil {
		t.Fatal(err)
	}
	return rs
}

// FuzzParseGitleaks: any text either fails to parse, or gives rules that
// compile and redact a text without panicking.
func FuzzParseGitleaks(f *testing.F) {
	f.Add("[[rules]]\nid='a'\nregex='''k=([a-z]+)'''\nkeywords=['k=']\n[[rules.allowlists]]\nstopwords=['x']")
	f.Add("[extend]\nuseDefault=true\ndisabledRules=['jwt']")
	f.Add("[allowlist]\nregexes=['a']\n[[rules]]\nid='b'\nregex='b'")
	f.Fuzz(func(t *testing.T, file string) {
		c, _, err := ParseGitleaks([]byte(file), "f")
		if err != nil {
			return
		}
		rs, err := Compile(Config{Rules: c.Rules, DisabledRules: c.DisabledRules, NoDefaultRules: true})
		if err != nil {
			return
		}
		rs.NewRedactor().RedactText([]byte("k=abcdef b token=Zq8rT2vX9wK4 ey" + file))
	})
}
