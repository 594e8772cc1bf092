package redact

import (
	"math/rand"
	"regexp/syntax"
	"slices"
	"testing"
)

func TestCutWide(t *testing.T) {
	for _, c := range []struct {
		re, want string // want "": nothing is cut
	}{
		{`ab[0-9]{1,20}`, ``},
		{`ab[0-9]{10,150}`, `ab[0-9]{10}`},
		{`ab[0-9]{10,}=`, `ab[0-9]{10}`},
		{`ab[0-9]+c`, `ab[0-9]`},
		{`ab.*c`, `ab(?:)`},
		{`ab(?:x|[0-9]{3,100})c`, `ab(?:x|[0-9]{3})`},
		{`ab[0-9]{100,200}`, `ab(?:)`}, // its least count is wide too
		{`(ab)(?:[a-z]{2}[0-9]{11,})`, `(ab)[a-z]{2}[0-9]{11}`},
		{`a{30}b{30}c{30}`, ``}, // no part is wide: its width is known
		// Wide in bytes, not in characters: a class that folds case
		// holds characters of 3 bytes, which a walk does not read.
		{`(?i)s\.[a-z0-9]{24}(?:\s|$)`, ``},
	} {
		p, err := syntax.Parse(c.re, syntax.Perl)
		if err != nil {
			t.Fatal(err)
		}
		q, cut := cutWide(p)
		got := ""
		if cut {
			got = q.String()
		}
		if got != c.want {
			t.Errorf("cutWide(%s) = %q, want %q", c.re, got, c.want)
		}
	}
}

func TestQuickPrefixWalks(t *testing.T) {
	for _, c := range []struct {
		re   string
		text string
		want bool
	}{
		{`(?i)token[ \w]{0,5}[=:][ '"]{0,3}[\w.]{10,150}`, `token = "abcdefghij0123"`, true},
		{`(?i)token[ \w]{0,5}[=:][ '"]{0,3}[\w.]{10,150}`, `Tokens":0,"reasoningTokens"`, false},
		{`(?i)token[ \w]{0,5}[=:][ '"]{0,3}[\w.]{10,150}`, `TOKEN:abcdefghij`, true},
		{`(?i)token[ \w]{0,5}[=:][ '"]{0,3}[\w.]{10,150}`, `token:abcdefghi`, false}, // nine
		{`(?i)token[ \w]{0,5}[=:][ '"]{0,3}[\w.]{10,150}`, `token:abcdefghi`, false},
		// A byte of a longer character may be one of a class that folds.
		{`(?i)token[ \w]{0,5}[=:][ '"]{0,3}[\w.]{10,150}`, "token:abc\xe2\x84\xaa", true},
		{`passw(?:or)?d[=:][a-z]{10,}`, `passwd=abcdefghijk`, true},
		{`passw(?:or)?d[=:][a-z]{10,}`, `password=abcdefghijk`, true},
		{`passw(?:or)?d[=:][a-z]{10,}`, `passwod=abcdefghijk`, false},
		{`x(?:=|:{1,3}=|=>)\s{0,2}[0-9]{12,}`, `x:::= 012345678901`, true},
		{`x(?:=|:{1,3}=|=>)\s{0,2}[0-9]{12,}`, `x::::=012345678901`, false},
		{`x(?:=|:{1,3}=|=>)\s{0,2}[0-9]{12,}`, `x=>01234567890`, false},
		// A character of more bytes is not read: a yes at its first.
		{`café[=:][a-z]{10,}`, `café=abcdefghij`, true},
		{`café[=:][a-z]{10,}`, `cafe=abcdefghij`, false},
		// A part narrow enough to be kept whole is walked too, and the
		// walk passes over its assertions.
		{`\bs\.(?i:[a-z0-9]{24})(?:[\s;]|\\[nr]|$)`, `s.Field(x)`, false},
		{`\bs\.(?i:[a-z0-9]{24})(?:[\s;]|\\[nr]|$)`, `s.abcdefghijklmnopqrstuvwx;`, true},
		{`\bs\.(?i:[a-z0-9]{24})(?:[\s;]|\\[nr]|$)`, `s.abcdefghijklmnopqrstuvwx`, true},
		{`\bs\.(?i:[a-z0-9]{24})(?:[\s;]|\\[nr]|$)`, `s.abcdefghijklmnopqrstuvw`, false},
		// (The regex says no here: what follows is no end of text.)
		{`\bs\.(?i:[a-z0-9]{24})(?:[\s;]|\\[nr]|$)`, `s.abcdefghijklmnopqrstuvwxy`, true},
		{`(?i)(?:live|test)_[a-f0-9]{35}\b`, `test_parse_file`, false},
	} {
		p, err := syntax.Parse(c.re, syntax.Perl)
		if err != nil {
			t.Fatal(err)
		}
		qp := newQuickPrefix(p)
		if qp == nil {
			t.Fatalf("%s: no walk", c.re)
		}
		if got := qp.walks([]byte(c.text)); got != c.want {
			t.Errorf("%s on %q: %v, want %v", c.re, c.text, got, c.want)
		}
	}
}

// TestQuickPrefixHoldsEveryMatch: wherever a keyword-led part of the
// catalogue matches, its walk gets through. The texts are the rules'
// samples from each leading literal on, cut short and with bytes
// changed at random.
func TestQuickPrefixHoldsEveryMatch(t *testing.T) {
	rs := defaults(t)
	samples := map[string][]string{}
	for _, r := range loadRecallSamples(t).Rules {
		for _, s := range append(slices.Clip(r.True), r.False...) {
			samples[r.ID] = append(samples[r.ID], s.Sample)
		}
	}
	rng := rand.New(rand.NewSource(1))
	const swaps = " =:\"'_-.aZ09\t\n,;>|?`"
	mutate := func(s string) string {
		b := []byte(s)
		for range 1 + rng.Intn(3) {
			if len(b) == 0 {
				break
			}
			switch i := rng.Intn(len(b)); rng.Intn(3) {
			case 0:
				b[i] = swaps[rng.Intn(len(swaps))]
			case 1:
				b = append(b[:i], b[i+1:]...)
			default:
				b = b[:i]
			}
		}
		return string(b)
	}
	walked, matched, said := 0, 0, 0
	for _, r := range rs.rules {
		m := r.matcher
		if m == nil {
			continue
		}
		m.init()
		k := m.led
		if k == nil || k.quick == nil {
			continue
		}
		walked++
		for _, s := range samples[r.id] {
			for q := range len(s) {
				if !k.startsAt([]byte(s), q) {
					continue
				}
				for try := range 40 {
					text := s[q:]
					if try > 0 {
						text = mutate(text)
					}
					b := []byte(text)
					if !k.anchored.Match(b) {
						if !k.quick.walks(b[:min(len(b), k.quick.span())]) {
							said++
						}
						continue
					}
					matched++
					if !k.quick.walks(b[:min(len(b), k.quick.span())]) {
						t.Errorf("%s: %q matches, but its walk says no", r.id, text)
					}
				}
			}
		}
	}
	t.Logf("%d rules walked; %d matches all walked; %d texts without one walked no", walked, matched, said)
	if walked < 10 || matched < 1000 || said < 1000 {
		t.Errorf("too few rules or texts: the test no longer tests much")
	}
}

// TestQuickPrefixFindsTheSame: with and without the walks, the
// catalogue's samples redact alike in JSON lines, raw and printed into
// a JSON string once more (where their quotes are escaped twice).
func TestQuickPrefixFindsTheSame(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles the rules twice and redacts every sample")
	}
	with := compileQuick(t, true)
	without := compileQuick(t, false)
	texts := sampleTexts(t, `token = "Zq8rT2vX9wK4mN7pQ1"`, `{"usage":{"outputTokens":0,"token":"Zq8rT2vX9wK4mN7pQ1xx"}}`)
	found := redactsAlike(t, texts, [2]string{"with walks", "without walks"},
		func(line string) (string, LineResult) { return redactLine(with, line) },
		func(line string) (string, LineResult) { return redactLine(without, line) })
	if found < len(texts)/2 {
		t.Errorf("only %d of %d lines hold a secret: the samples did not load as they should", found, 2*len(texts))
	}
}

// compileQuick compiles the default rules with the walks on or off.
func compileQuick(t *testing.T, on bool) *RuleSet {
	t.Helper()
	defer func(was bool) { useQuickPrefix = was }(useQuickPrefix)
	useQuickPrefix = on
	rs, err := Compile(Config{})
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, r := range rs.rules {
		if m := r.matcher; m != nil {
			m.init() // builds the plan now, with the walks as set
			if m.led != nil && m.led.quick != nil {
				n++
			}
		}
	}
	if on != (n > 0) {
		t.Fatalf("walks on: %v, rules with one: %d", on, n)
	}
	return rs
}

func TestGenericAPIKeyIsWalked(t *testing.T) {
	rs := defaults(t)
	for _, r := range rs.rules {
		if r.id != "generic-api-key" {
			continue
		}
		r.matcher.init()
		k := r.matcher.led
		if k == nil || k.quick == nil {
			t.Fatal("generic-api-key has no walk")
		}
		for text, want := range map[string]bool{
			`Tokens":0,"reasoningTokens":0`:  false,
			`token := f(tag)`:                false,
			`api_key = "Zq8rT2vX9wK4mN7pQ1"`: true,
			`key: Ab1Cd2Ef3Gh4Ij5Kl6`:        true,
		} {
			b := []byte(text)
			if got := k.quick.walks(b); got != want {
				t.Errorf("%q: %v, want %v", text, got, want)
			}
			if k.anchored.Match(b) && !want {
				t.Errorf("%q: the rule matches it", text)
			}
		}
		return
	}
	t.Fatal("no generic-api-key rule")
}

// TestWalkGoesOnOnlyWhereTheNextByteFits: generic-api-key's walk through
// source code and prose tries a handful of runs, not one for each length
// of the name run before the operator times each operator (which ran out
// of its budget on prose, and said yes).
func TestWalkGoesOnOnlyWhereTheNextByteFits(t *testing.T) {
	k := genericAPIKey(t)
	for _, c := range []struct {
		text string
		want bool
		most int // runs
	}{
		// (Going on at every byte: 58, 65, 208, 213 and 20 runs.)
		{"token.Pos, list []ast.Expr, depth int", false, 16},
		{"token := p.next()", false, 32},
		{"tokens are split into words as streaming splits them", false, 16},
		{"keys and values of the map are compared in order of", false, 16},
		{`api_key = "Zq8rT2vX9wK4mN7pQ1"`, true, 16},
		{"secret: Ab1Cd2Ef3Gh4Ij5Kl6 ", true, 16},
	} {
		got, runs := k.quick.walk([]byte(c.text))
		if got != c.want || runs > c.most {
			t.Errorf("%q: %v in %d runs, want %v in at most %d", c.text, got, runs, c.want, c.most)
		}
	}
}

func genericAPIKey(t *testing.T) *keywordLed {
	t.Helper()
	for _, r := range defaults(t).rules {
		if r.id == "generic-api-key" {
			r.matcher.init()
			if k := r.matcher.led; k != nil && k.quick != nil {
				return k
			}
		}
	}
	t.Fatal("no walk of generic-api-key")
	return nil
}
