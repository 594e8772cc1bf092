package redact

import (
	"os"
	"regexp"
	"regexp/syntax"
	"slices"
	"strings"
	"sync"
	"testing"

	gitleaksconfig "github.com/zricethezav/gitleaks/v8/config"
)

var (
	ownOnce sync.Once
	ownSet  *RuleSet
)

// withoutCatalogue is the default rule set without gitleaks' catalogue.
func withoutCatalogue(t testing.TB) *RuleSet {
	t.Helper()
	ownOnce.Do(func() {
		base, err := builtinGitleaks()
		if err != nil {
			panic(err)
		}
		var ids []string
		for _, r := range base.rules {
			ids = append(ids, r.ID)
		}
		if ownSet, err = Compile(Config{DisabledRules: ids}); err != nil {
			panic(err)
		}
	})
	return ownSet
}

func TestCatalogueIsBuiltIn(t *testing.T) {
	base, err := builtinGitleaks()
	if err != nil {
		t.Fatal(err)
	}
	if len(base.rules) < 200 {
		t.Fatalf("%d gitleaks rules", len(base.rules))
	}
	infos := defaults(t).Rules()
	seen := map[string]bool{}
	for _, r := range infos {
		if seen[r.ID] {
			t.Errorf("rule id %s twice", r.ID)
		}
		seen[r.ID] = true
	}
	for _, r := range base.rules {
		if !seen[r.ID] && !seen["gitleaks-"+r.ID] {
			t.Errorf("gitleaks rule %s missing", r.ID)
		}
	}
	// Where zsj has a rule of the same id, ours keeps it.
	for _, id := range []string{RuleJWT, RulePrivateKey} {
		i := slices.IndexFunc(infos, func(r RuleInfo) bool { return r.ID == id })
		j := slices.IndexFunc(infos, func(r RuleInfo) bool { return r.ID == "gitleaks-"+id })
		if i < 0 || j < 0 || infos[i].Source == SourceGitleaks || infos[j].Source != SourceGitleaks {
			t.Errorf("%s: ours at %d, theirs at %d", id, i, j)
		}
	}
	if SourceGitleaks != "gitleaks "+pinnedGitleaks {
		t.Errorf("source %q", SourceGitleaks)
	}
	mod, err := os.ReadFile("../go.mod")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(mod), gitleaksModule+" "+pinnedGitleaks+"\n") {
		t.Errorf("go.mod does not require %s %s", gitleaksModule, pinnedGitleaks)
	}
}

func TestDefaultTOMLLoads(t *testing.T) {
	c, warnings, err := ParseGitleaks([]byte(gitleaksconfig.DefaultConfig), "gitleaks.toml")
	if err != nil {
		t.Fatal(err)
	}
	if len(warnings) != 1 || !strings.Contains(warnings[0], "path") {
		t.Errorf("warnings %q", warnings)
	}
	rs, err := Compile(Config{Rules: c.Rules})
	if err != nil {
		t.Fatal(err)
	}
	// The file's rules take the place of the built-in ones.
	for _, r := range rs.Rules() {
		if r.Source == SourceGitleaks {
			t.Fatalf("built-in %s still there", r.ID)
		}
	}
}

// gl compiles a gitleaks file alone.
func gl(t *testing.T, file string) *RuleSet {
	t.Helper()
	c, _, err := ParseGitleaks([]byte(file), "test.toml")
	if err != nil {
		t.Fatal(err)
	}
	rs, err := Compile(Config{Rules: c.Rules, DisabledRules: c.DisabledRules, NoDefaultRules: !c.UseDefault})
	if err != nil {
		t.Fatal(err)
	}
	return rs
}

func TestGitleaksSemantics(t *testing.T) {
	const R = DefaultReplacement
	for _, tc := range []struct{ name, file, in, want string }{
		{"first non-empty group",
			"[[rules]]\nid='a'\nregex='''(x)?key=([a-z]{6})'''", "key=abcdef", "key=" + R},
		{"whole match without groups",
			"[[rules]]\nid='a'\nregex='''zz[0-9]{4}'''", "a zz1234 b", "a " + R + " b"},
		{"secretGroup",
			"[[rules]]\nid='a'\nregex='''(k)=(v[0-9]+)'''\nsecretGroup=2", "k=v12", "k=" + R},
		{"line breaks around a match stay",
			"[[rules]]\nid='a'\nregex='''\\n?tok[0-9]+\\n?'''", "x\ntok12\ny", "x\n" + R + "\ny"},
		{"quotes stay",
			"[[rules]]\nid='a'\nregex='''pw=\"([^\"]+)\"'''", `pw="hunter22"`, `pw="` + R + `"`},
		{"low entropy left",
			"[[rules]]\nid='a'\nregex='''k=([a-z]+)'''\nentropy=2.0", "k=aaaaaaa", "k=aaaaaaa"},
		{"high entropy taken",
			"[[rules]]\nid='a'\nregex='''k=([a-z]+)'''\nentropy=2.0", "k=qwertyu", "k=" + R},
		{"keyword gate, any case",
			"[[rules]]\nid='a'\nregex='''[0-9]{8}'''\nkeywords=['PIN']", "pin 12345678 / PIN 87654321", "pin " + R + " / PIN " + R},
		{"only near a keyword",
			"[[rules]]\nid='a'\nregex='''[0-9]{8}'''\nkeywords=['pin']", "pin 12345678 / 87654321", "pin " + R + " / 87654321"},
		{"no keyword, not run",
			"[[rules]]\nid='a'\nregex='''[0-9]{8}'''\nkeywords=['pin']", "num 12345678", "num 12345678"},
		{"allowlist on the secret",
			"[[rules]]\nid='a'\nregex='''k=([a-z0-9]+)'''\n[[rules.allowlists]]\nregexes=['''^test''']", "k=test123 k=prod123", "k=test123 k=" + R},
		{"allowlist on the match",
			"[[rules]]\nid='a'\nregex='''(?:k|j)=([a-z0-9]+)'''\n[[rules.allowlists]]\nregexTarget='match'\nregexes=['''^j=''']", "j=abc123 k=abc123", "j=abc123 k=" + R},
		{"allowlist on the line",
			"[[rules]]\nid='a'\nregex='''k=([a-z0-9]+)'''\n[[rules.allowlists]]\nregexTarget='line'\nregexes=['''example''']", "k=abc123 # example\nk=abc124", "k=abc123 # example\nk=" + R},
		{"stop words",
			"[[rules]]\nid='a'\nregex='''k=([a-z0-9]+)'''\n[[rules.allowlists]]\nstopwords=['DUMMY']", "k=xdummyx k=abc123", "k=xdummyx k=" + R},
		{"condition and",
			"[[rules]]\nid='a'\nregex='''k=([a-z0-9]+)'''\n[[rules.allowlists]]\ncondition='AND'\nregexes=['''^x''']\nstopwords=['dummy']", "k=xdummy k=xabc k=dummy", "k=xdummy k=" + R + " k=" + R},
		{"global allowlist with targetRules",
			"[[rules]]\nid='a'\nregex='''a=([0-9]+)'''\n[[rules]]\nid='b'\nregex='''b=([0-9]+)'''\n[[allowlists]]\ntargetRules=['a']\nregexes=['''^1''']", "a=123 b=123 a=234", "a=123 b=" + R + " a=" + R},
		{"global allowlist",
			"[[rules]]\nid='a'\nregex='''a=([0-9]+)'''\n[allowlist]\nregexes=['''^1''']", "a=123 a=234", "a=123 a=" + R},
		{"paths alone never allow",
			"[[rules]]\nid='a'\nregex='''a=([0-9]+)'''\n[[rules.allowlists]]\npaths=['''.*''']", "a=123", "a=" + R},
		{"delimiters around a whole match stay",
			"[[rules]]\nid='a'\nregex='''tok_[a-z]{6}[\"; ]'''", `x "tok_abcdef" y`, `x "` + R + `" y`},
		{"a quote the group takes and does not pair stays",
			"[[rules]]\nid='a'\nregex='''data (k: [\"']?[a-z0-9]{10}[\"']?)'''", `s: "data k: abcdef1234" data k: 'abcdef5678'`, `s: "data ` + R + `" data ` + R},
		{"found again once the first is replaced",
			"[[rules]]\nid='a'\nregex='''data:(?:.|\\s){0,60}?\\s+([a-z]+: [a-z0-9]{10})'''", "data:\n a: 0123456789\n b: 9876543210", "data:\n " + R + "\n " + R},
		{"rule path ignored",
			"[[rules]]\nid='a'\npath='''\\.env$'''\nregex='''a=([0-9]+)'''", "a=123", "a=" + R},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, _ := redactString(gl(t, tc.file), tc.in)
			if got != tc.want {
				t.Errorf("got %q\nwant %q", got, tc.want)
			}
		})
	}
}

func TestGitleaksExtend(t *testing.T) {
	file := "[extend]\nuseDefault=true\ndisabledRules=['github-pat']\n[[rules]]\nid='acme'\nregex='''acme_([a-z0-9]{16})'''\nkeywords=['acme_']\n"
	c, _, err := ParseGitleaks([]byte(file), "f")
	if err != nil {
		t.Fatal(err)
	}
	rs, err := Compile(Config{Rules: c.Rules, NoDefaultRules: true})
	if err != nil {
		t.Fatal(err)
	}
	ids := rs.RuleIDs()
	for _, id := range []string{"acme", "gitlab-pat", "aws-access-token"} {
		if !slices.Contains(ids, id) {
			t.Errorf("no rule %s", id)
		}
	}
	if slices.Contains(ids, "github-pat") || slices.Contains(ids, RuleAssignment) {
		t.Errorf("disabled or zsj rule present: %v", ids)
	}
	// With the defaults on, disabling a built-in gitleaks rule leaves it out.
	all, err := Compile(Config{Rules: c.Rules, DisabledRules: c.DisabledRules})
	if err != nil {
		t.Fatal(err)
	}
	ids = all.RuleIDs()
	if slices.Contains(ids, "gitleaks-github-pat") || !slices.Contains(ids, RuleGitHubPAT) || !slices.Contains(ids, "acme") {
		t.Errorf("rules %v", ids)
	}
}

func TestGitleaksErrors(t *testing.T) {
	for _, bad := range []string{
		"[[rules]]\nregex = 'x'",
		"[[rules]]\nid = 'x'",
		"[[rules]]\nid = 'x'\nregex = '('",
		"[[rules]]\nid = 'x'\nregex = '(a)'\nsecretGroup = 2",
		"[[rules]]\nid = 'x'\nregex = 'a'\n[[rules.allowlists]]\ndescription='empty'",
		"[[rules]]\nid = 'x'\nregex = 'a'\n[[rules.allowlists]]\ncondition='XOR'\nregexes=['a']",
		"[[rules]]\nid = 'x'\nregex = 'a'\n[[rules.allowlists]]\nregexTarget='file'\nregexes=['a']",
		"[[rules]]\nid = 'x'\nregex = 'a'\n[[allowlists]]\ntargetRules=['y']\nregexes=['a']",
		"rules = 3",
	} {
		if _, _, err := ParseGitleaks([]byte(bad), "f"); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}

// TestGitleaksUnknownKeys: each key zsj does not know is named in a
// warning, a table once for the keys in it, and the rest is read.
func TestGitleaksUnknownKeys(t *testing.T) {
	file := "title = 't'\nfoo = 1\n[extend]\nuseDefault = false\nbar = 2\n" +
		"[[rules]]\nid = 'a'\nregex = 'tok_[a-z]{8}'\nzap = 3\n[rules.zing]\nx = 1\ny = 2\n" +
		"[[rules]]\nid = 'b'\nregex = 'b'\n"
	c, warnings, err := ParseGitleaks([]byte(file), "f")
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		"key foo is not supported and is ignored",
		"key extend.bar is not supported and is ignored",
		"key rules.zap is not supported and is ignored",
		"key rules.zing is not supported and is ignored",
	}
	if !slices.Equal(warnings, want) {
		t.Errorf("warnings %q,\nwant %q", warnings, want)
	}
	if len(c.Rules) != 2 || c.Rules[0].ID != "a" || c.Rules[1].ID != "b" {
		t.Errorf("rules %+v", c.Rules)
	}
}

// TestGitleaksSyntaxError: a file that is not TOML is refused, naming
// the line.
func TestGitleaksSyntaxError(t *testing.T) {
	_, _, err := ParseGitleaks([]byte("title = 't'\n[[rules]]\nid = \n"), "f")
	if err == nil || !strings.Contains(err.Error(), "line 3") {
		t.Errorf("error %v, want one naming line 3", err)
	}
}

// TestGitleaksDecoderPanic: a file on which go-toml v2.2.3 panicked is
// refused with an error, not a crash (v2.4.3 returns one, and a panic of
// the decoder would be turned into one).
func TestGitleaksDecoderPanic(t *testing.T) {
	if _, _, err := ParseGitleaks([]byte("[[rules.0]]"), "f"); err == nil {
		t.Error("[[rules.0]] parsed, want an error")
	}
}

func TestMaxWidth(t *testing.T) {
	for _, tc := range []struct {
		re   string
		want int
	}{
		{`abc`, 3}, {`a{2,5}`, 5}, {`[a-z]{0,10}x?`, 11}, {`a+`, -1}, {`(?:ab|cde)[0-9]{3}`, 6},
		{`é`, 2}, {`(?i)k`, 3}, {`\bghp_[0-9a-zA-Z]{36}\b`, 40}, {`.`, 4}, {`x*y`, -1},
	} {
		p, err := syntax.Parse(tc.re, syntax.Perl)
		if err != nil {
			t.Fatal(err)
		}
		if got := maxWidth(p.Simplify()); got != tc.want {
			t.Errorf("%s: %d, want %d", tc.re, got, tc.want)
		}
	}
}

func TestMatchesNear(t *testing.T) {
	re := regexp.MustCompile(`\btok_[a-z]+\b`)
	text := []byte(strings.Repeat("x", 300) + " tok_abc " + strings.Repeat("y", 300) + "xtok_abc tok_" + strings.Repeat("q", 2000) + " end")
	var got [][2]int
	near := []span{}
	for i := 0; ; {
		j := strings.Index(string(text[i:]), "tok_")
		if j < 0 {
			break
		}
		near = append(near, span{i + j, i + j + 4})
		i += j + 4
	}
	matchesNear(&regexMatcher{re: re, width: 8}, text, near, 0, func(s, e int) { got = append(got, [2]int{s, e}) })
	want := [][2]int{{301, 308}, {618, 2622}}
	if !slices.Equal(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
}

func TestEntropy(t *testing.T) {
	for _, tc := range []struct {
		s    string
		want float64
	}{{"", 0}, {"aaaa", 0}, {"abab", 1}, {"abcd", 2}} {
		if got := shannonEntropy([]byte(tc.s)); got != tc.want {
			t.Errorf("%q: %v, want %v", tc.s, got, tc.want)
		}
	}
}

func TestKeywordLed(t *testing.T) {
	for _, tc := range []struct {
		re       string
		keywords []string
		led      bool
		lead     int
	}{
		{`\b(ghp_[0-9a-zA-Z]{36})\b`, []string{"ghp_"}, true, 0},
		{`\b((?:hvs\.[\w-]{90,120}|s\.(?i:[a-z0-9]{24})))`, []string{"hvs.", "s."}, true, 0},
		{`(?i)[\w.-]{0,50}?(?:access|token)[ \t]{0,3}=([a-z0-9]{10,})`, []string{"access", "token"}, true, 150}, // (?i)\w holds the 3-byte Kelvin sign
		{`[a-f0-9]{32}`, []string{"twilio"}, false, 0},                                                          // no literal at the start
		{`(?:abc|zzz)[0-9]+`, []string{"abc"}, false, 0},                                                        // zzz holds no keyword
		{`x*key=[0-9]+`, []string{"key"}, false, 0},                                                             // an unbounded lead
		// The keyword further in (see innerPart): led from it, the lead
		// spanning what comes before.
		{`(?i)[\w.-]{0,50}?lob[ \t\w.-]{0,20}[\s'"]{0,3}(?:=|:)((live|test)_[a-f0-9]{35})`, []string{"live_", "test_"}, true, 217},
		{`\b([A-Za-z0-9]{6}_[A-Za-z0-9]{29}_mmk)`, []string{"_mmk"}, true, 36}, // not from the first "_", which the keyword does not start at
		{`[a-z]+_mmk`, []string{"_mmk"}, false, 0},                             // an unbounded lead
		{`[a-z]{600}_mmk`, []string{"_mmk"}, false, 0},                         // a lead past maxInnerLead
		{`[a-z]{6}(?:_mmk|_abc)[0-9]`, []string{"_mmk"}, false, 0},             // _abc holds no keyword
	} {
		var kws []kwSpec
		for _, k := range tc.keywords {
			kws = append(kws, kwSpec{k, true})
		}
		k := keywordLedOf(t, regexp.MustCompile(tc.re), kws)
		if (k != nil) != tc.led || k != nil && k.lead != tc.lead {
			t.Errorf("%s: %+v, want led %v lead %d", tc.re, k, tc.led, tc.lead)
		}
	}
}

// TestShortKeywords: keywords of 2 and 3 bytes are found wherever they
// are, in any case, but at the very end of a text (where one of 3 bytes
// that starts at an odd position, or one of 2 that starts at an even
// one, goes unseen).
func TestShortKeywords(t *testing.T) {
	p := newPrefilter([]keyword{{text: []byte("ey"), fold: true}, {text: []byte("key"), fold: true}, {text: []byte("longer")}})
	for _, tc := range []struct {
		text string
		want []hit
	}{
		{"a KEY b", []hit{{1, 2}, {0, 3}}},
		{"xkey b", []hit{{1, 1}, {0, 2}}},
		{"xxKey.", []hit{{1, 2}, {0, 3}}},
		{"they are", []hit{{0, 2}}},
		{"hey!", []hit{{0, 1}}},
		{"they", nil},
		{"nothing here", nil},
		{"a longer one", []hit{{2, 2}}},
	} {
		got := p.scan([]byte(tc.text), nil)
		if !slices.Equal(got, tc.want) {
			t.Errorf("%q: %v, want %v", tc.text, got, tc.want)
		}
	}
}

// TestUnionOfSpans: when one rule finds part of what another finds, the
// whole of both is replaced, and the part is not reported again.
func TestUnionOfSpans(t *testing.T) {
	file := "[[rules]]\nid='short'\nregex='''tok_[a-z]{4}'''\nkeywords=['tok_']\n" +
		"[[rules]]\nid='long'\nregex='''tok_[a-z]{4}_[0-9]{6}'''\nkeywords=['tok_']\n"
	got, matches := redactString(gl(t, file), "a tok_abcd_123456 b")
	if want := "a " + DefaultReplacement + " b"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	if ids := ruleIDs(matches); !slices.Equal(ids, []string{"short", "long"}) {
		t.Errorf("rules %v", ids)
	}
}

// The built-in catalogue's regexes are compiled on first use and not
// checked at load (that is what the lazy regex's MustCompile relies on):
// every one compiles, none was compiled at load, each rule's secretGroup
// is a group of its regex, and two rule sets share one compiled regex.
func TestCatalogueRegexesCompileOnFirstUse(t *testing.T) {
	base, err := loadCatalogue()
	if err != nil {
		t.Fatal(err)
	}
	if len(base.rules) < 200 {
		t.Fatalf("%d rules", len(base.rules))
	}
	for _, r := range base.rules {
		if r.Regex != nil || r.lazy == nil {
			t.Errorf("rule %s: compiled at load (%v) or no regex", r.ID, r.Regex != nil)
			continue
		}
		re, err := regexp.Compile(r.Expr())
		if err != nil {
			t.Errorf("rule %s: %v", r.ID, err)
			continue
		}
		if r.SecretGroup < 0 || r.SecretGroup > re.NumSubexp() {
			t.Errorf("rule %s: secretGroup %d, but the regex has %d groups", r.ID, r.SecretGroup, re.NumSubexp())
		}
	}
	one, err := Compile(Config{})
	if err != nil {
		t.Fatal(err)
	}
	two, err := Compile(Config{})
	if err != nil {
		t.Fatal(err)
	}
	shared := false
	for i, r := range one.rules {
		if r.matcher == nil || !r.fromGitleaks {
			continue
		}
		r.matcher.init()
		two.rules[i].matcher.init()
		if r.matcher.re != two.rules[i].matcher.re {
			t.Fatalf("rule %s: each rule set compiled its regex", r.id)
		}
		shared = true
		break
	}
	if !shared {
		t.Error("no catalogue rule in the rule set")
	}
}
