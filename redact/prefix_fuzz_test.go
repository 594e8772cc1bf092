package redact

import (
	"regexp"
	"regexp/syntax"
	"testing"
)

// FuzzWalkHoldsEveryMatch: wherever a keyword-led part matches, the walk
// of its cut gets through, for the catalogue's walked rules and for
// parts made to stress the walk (repeats of groups, alternations after
// runs that overlap, characters of more bytes).
func FuzzWalkHoldsEveryMatch(f *testing.F) {
	for _, s := range []string{
		`token = "Zq8rT2vX9wK4mN7pQ1"`, `Tokens":0,"reasoningTokens"`,
		"api_key:::=  0123456789abcdefghij", "passwd=abcdefghijk",
		"x=>\t 012345678901234", "café=abcdefghij", "sc_ABCDE", "",
	} {
		f.Add(s, uint8(0))
	}
	var walks []*keywordLed
	for _, r := range defaults(f).rules {
		if m := r.matcher; m != nil {
			m.init()
			if m.led != nil && m.led.quick != nil {
				walks = append(walks, m.led)
			}
		}
	}
	for _, src := range []string{
		`(?i)(?:token|key)[ \w.-]{0,20}[\s'"]{0,3}(?:=|:{1,3}=|\|\||:|=>|,)[\s'"=]{0,5}(?:[\w.=-]{10,150}|[a-z0-9][a-z0-9+/]{11,}={0,3})`,
		`x(?:ab|a){0,3}b[a-z]{2,40}[0-9]{30,}`,
		`(?i)café[=:](?:é|e){1,2}[\w]{12,}`,
	} {
		p, err := syntax.Parse(src, syntax.Perl)
		if err != nil {
			f.Fatal(err)
		}
		k := &keywordLed{quick: newQuickPrefix(p)}
		if k.quick == nil {
			f.Fatalf("%s: no walk", src)
		}
		k.anchored = mustAnchored(f, src)
		walks = append(walks, k)
	}
	f.Fuzz(func(t *testing.T, s string, pick uint8) {
		if len(s) > 1000 {
			return
		}
		k := walks[int(pick)%len(walks)]
		b := []byte(s)
		if k.anchored.Match(b) && !k.quick.walks(b[:min(len(b), k.quick.span())]) {
			t.Fatalf("%s matches %q, but its walk says no", k.anchored, s)
		}
	})
}

// mustAnchored compiles src anchored at the start of the text, as the
// keyword-led part is.
func mustAnchored(t testing.TB, src string) *regexp.Regexp {
	t.Helper()
	re, err := regexp.Compile(`^(?:` + src + `)`)
	if err != nil {
		t.Fatal(err)
	}
	return re
}
