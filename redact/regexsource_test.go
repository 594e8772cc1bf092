package redact

import (
	"regexp"
	"regexp/syntax"
	"slices"
	"testing"
)

// TestRegexSourceMatchesString: every part of every regex of the default
// rules, written back by regexSource, finds the same matches as written
// by syntax's String, in the gitleaks samples of the catalogue and in
// texts that try the cases, classes, anchors and repeats.
func TestRegexSourceMatchesString(t *testing.T) {
	rs := defaults(t)
	base := []string{"", "\n", "Token = \"abc\"\nkey: 0123456789abcdef", "KELVIN \u212a k K", "a\nb\r\nc$^", "xx__--..//==++"}
	own := map[string][]string{} // the samples of each rule, by id
	for _, r := range loadRecallSamples(t).Rules {
		for _, s := range slices.Concat(r.True, r.False) {
			own[r.ID] = append(own[r.ID], s.Sample)
			own["gitleaks-"+r.ID] = append(own["gitleaks-"+r.ID], s.Sample)
		}
	}
	parts := 0
	for _, r := range rs.rules {
		for _, m := range []*regexMatcher{r.matcher, r.vet} {
			if m == nil {
				continue
			}
			m.init()
			p, err := syntax.Parse(m.re.String(), syntax.Perl)
			if err != nil {
				t.Fatalf("%s: %v", r.id, err)
			}
			texts := append(slices.Clip(base), own[r.id]...)
			var walk func(*syntax.Regexp)
			walk = func(sub *syntax.Regexp) {
				parts++
				want := regexp.MustCompile(sub.String())
				src := regexSource(sub)
				got, err := regexp.Compile(src)
				if err != nil {
					t.Fatalf("%s: %q from %q: %v", r.id, src, sub.String(), err)
				}
				if got.NumSubexp() != want.NumSubexp() {
					t.Fatalf("%s: %q has %d groups, %q %d", r.id, src, got.NumSubexp(), sub.String(), want.NumSubexp())
				}
				// Against the rule's own samples (true and false) and the
				// texts above.
				for _, text := range texts {
					if !slices.EqualFunc(got.FindAllStringSubmatchIndex(text, -1), want.FindAllStringSubmatchIndex(text, -1), slices.Equal) {
						t.Fatalf("%s: %q and %q differ on %q", r.id, src, sub.String(), text)
					}
				}
				for _, s := range sub.Sub {
					walk(s)
				}
			}
			walk(p)
		}
	}
	t.Logf("%d parts of regexes compared", parts)
}

// FuzzRegexSource: any regex Go parses, written back by regexSource,
// compiles and finds what syntax's String of it finds.
func FuzzRegexSource(f *testing.F) {
	for _, seed := range []string{`(?i)tok[a-z]{3,}?`, `\b(ey[a-zA-Z0-9]{17,})(?:[\x60'"\s;]|\\[nr]|$)`, `(?m)^a|b$`, `[^\S]+?x{2}`, `(?s).(?U)a*`, `(?P<n>x)\B`} {
		f.Add(seed, "tokABC ey0123456789abcdefghijk\"\nab  xx")
	}
	f.Fuzz(func(t *testing.T, expr, text string) {
		p, err := syntax.Parse(expr, syntax.Perl)
		if err != nil {
			return
		}
		want, err := regexp.Compile(p.String())
		if err != nil {
			return // a tree Go itself cannot write back
		}
		src := regexSource(p)
		got, err := regexp.Compile(src)
		if err != nil {
			t.Fatalf("%q from %q: %v", src, expr, err)
		}
		if !slices.EqualFunc(got.FindAllStringSubmatchIndex(text, -1), want.FindAllStringSubmatchIndex(text, -1), slices.Equal) {
			t.Fatalf("%q and %q differ on %q", src, p.String(), text)
		}
	})
}
