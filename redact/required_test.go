package redact

import (
	"bytes"
	"math/rand/v2"
	"regexp"
	"regexp/syntax"
	"strings"
	"testing"
)

func mustRequired(t *testing.T, re string) *required {
	t.Helper()
	p, err := syntax.Parse(re, syntax.Perl)
	if err != nil {
		t.Fatal(err)
	}
	return requiredOf(p)
}

func TestRequiredOf(t *testing.T) {
	for _, tc := range []struct {
		re     string
		lits   string // sets joined by ";", members by ","
		runLen int
	}{
		{`(?i)[\w.-]{0,50}?(?:lob)[ \t]{0,3}=((live|test)_[a-f0-9]{35})`, "lob", 35}, // (?i)test may hold the long s
		{`\b((?:hvs\.[\w-]{90,120}|s\.(?i:[a-z0-9]{24})))`, "hvs.,s.", 24},
		{`\bcurl\b.*-u ([\w]+)`, "curl;-u ", 0},
		{`(?i)key[=:]([a-z0-9]{8,})`, "", 8}, // a folded k may be the Kelvin sign
		{`ab[0-9]{4}`, "ab", 0},              // a run of 4 is not worth a pass
		{`x`, "", 0},
	} {
		r := mustRequired(t, tc.re)
		var lits []string
		runLen := 0
		if r != nil {
			for _, set := range r.lits {
				lits = append(lits, strings.Join(set, ","))
			}
			runLen = r.runLen
		}
		if got := strings.Join(lits, ";"); got != tc.lits || runLen != tc.runLen {
			t.Errorf("%s: lits %q run %d, want %q run %d", tc.re, got, runLen, tc.lits, tc.runLen)
		}
	}
}

// A window that fails holds has no match of the regex: checked on texts
// with and without one, the regex deciding.
func TestRequiredHoldsAgreesWithRegex(t *testing.T) {
	const re = `(?i)[\w.-]{0,50}?(?:lob)[ \t]{0,3}=((live|test)_[a-f0-9]{35})`
	hex35 := strings.Repeat("a1", 17) + "f"
	r := mustRequired(t, re)
	rx := regexp.MustCompile(re)
	for _, text := range []string{
		"LOB_KEY=test_" + hex35,
		"lob = live_" + hex35 + " trailing",
		"lob=test_" + hex35[:34],          // a run too short
		"test_" + hex35,                   // no lob
		"LoB=xyz test_" + hex35,           // lob elsewhere: holds, the regex decides
		"lob=" + strings.Repeat("g", 40),  // no hex run
		strings.Repeat("lob test_ ", 100), // dense keywords, nothing else
	} {
		if rx.MatchString(text) && !r.holds([]byte(text)) {
			t.Errorf("%q: the regex matches but holds says no", text)
		}
	}
	if r.holds([]byte("lob=test_" + hex35[:34])) {
		t.Error("holds with a run one short")
	}
	if r.holds([]byte("test_" + hex35)) {
		t.Error("holds without lob")
	}
}

func TestIndexFold(t *testing.T) {
	for _, tc := range []struct {
		text, lit string
		want      int
	}{
		{"xxLOBxx", "lob", 2},
		{"lxlolOb", "lob", 4},
		{"Llob", "lob", 1},
		{"no", "lob", -1},
		{"lo", "lob", -1},
		{"a--user", "--user", 1},
		{"a-b", "-u", -1},
		{"", "lob", -1},
	} {
		if got := indexFold([]byte(tc.text), tc.lit); got != tc.want {
			t.Errorf("indexFold(%q, %q) = %d, want %d", tc.text, tc.lit, got, tc.want)
		}
	}
}

func TestRawRun(t *testing.T) {
	r := mustRequired(t, `s\.[a-z0-9]{24}`)
	for _, tc := range []struct {
		raw   string
		limit int
		want  bool
	}{
		{"s." + strings.Repeat("a", 24), 30, true},
		{"s." + strings.Repeat("a", 23) + " ", 30, false},
		{"s.Getenv(x) and more text after it", 30, false},
		// Escapes may stand for run bytes: \u0061 is an a.
		{"s." + strings.Repeat(`\u0061`, 8), 30, true},
		{"s." + strings.Repeat("a", 20) + `\n` + "aa", 30, true}, // \n counts, in doubt
		// Open at the end of the text: in doubt, yes.
		{"s.aaaa", 30, true},
		{`s.a\nx`, 30, true},
		{`s.a\n `, 30, false},
		// A run that does not end within the limit is none.
		{"s." + strings.Repeat("a", 30), 10, false},
		{"s.x y" + strings.Repeat("a", 30), 12, false},
		{"s.x y" + strings.Repeat("a", 30), 29, true},
	} {
		if got := r.rawRun([]byte(tc.raw), tc.limit); got != tc.want {
			t.Errorf("rawRun(%q, %d) = %v, want %v", tc.raw, tc.limit, got, tc.want)
		}
	}
}

// hasRun skips ahead: checked against a plain count on every prefix of
// texts with runs of every length.
func TestHasRun(t *testing.T) {
	var class [256]bool
	for c := 'a'; c <= 'z'; c++ {
		class[c] = true
	}
	texts := []string{"", "a", "abc d", "ab cde fghij", "x.yz...abcdefgh.", strings.Repeat("ab.", 10) + "abcdefghijk"}
	for _, text := range texts {
		for end := 0; end <= len(text); end++ {
			for n := 1; n <= 12; n++ {
				want, run := false, 0
				for i := 0; i < end; i++ {
					if class[text[i]] {
						run++
					} else {
						run = 0
					}
					want = want || run >= n
				}
				if got := hasRun([]byte(text[:end]), &class, n); got != want {
					t.Errorf("hasRun(%q, %d) = %v, want %v", text[:end], n, got, want)
				}
			}
		}
	}
}

// rawRunByteByByte is rawRun with a plain loop over every byte where
// there are escapes, which rawRun's search by stretches must agree with.
func rawRunByteByByte(r *required, raw []byte, limit int) bool {
	if seg := raw[:min(len(raw), limit)]; bytes.IndexByte(seg, '\\') < 0 {
		return hasRun(seg, &r.runClass, r.runLen) || len(seg) == len(raw) && openRun(seg, &r.runClass)
	}
	run, i := 0, 0
	for n := 0; n < limit; n++ {
		if i >= len(raw) {
			return run > 0
		}
		switch c := raw[i]; {
		case c == '\\' && i+1 < len(raw) && raw[i+1] == 'u':
			run += 3
			i += 6
		case c == '\\':
			run++
			i += 2
		case r.runClass[c]:
			run++
			i++
		default:
			run = 0
			i++
		}
		if run >= r.runLen {
			return true
		}
		if run+limit-n-1 < r.runLen {
			return false
		}
	}
	return run > 0
}

// On texts of run bytes, other bytes and escapes, at every limit around
// the run's length and beyond, rawRun answers as the byte loop does.
func TestRawRunAgreesWithByteLoop(t *testing.T) {
	r := mustRequired(t, `s\.[a-z0-9]{24}`)
	rnd := rand.New(rand.NewPCG(7, 8))
	parts := []string{"a", "aaaaaaaaaaaa", "0123456789", " ", "-", `\n`, `\u0061`, `\"`, "Z", "s."}
	for round := range 20000 {
		var raw []byte
		for range rnd.IntN(40) {
			raw = append(raw, parts[rnd.IntN(len(parts))]...)
		}
		if rnd.IntN(4) == 0 && len(raw) > 0 {
			raw = raw[:rnd.IntN(len(raw))] // an escape cut short
		}
		for _, limit := range []int{0, 1, 5, r.runLen - 1, r.runLen, r.runLen + 1, r.runLen + 7, 30, 100, 4096} {
			if got, want := r.rawRun(raw, limit), rawRunByteByByte(r, raw, limit); got != want {
				t.Fatalf("round %d: rawRun(%q, %d) = %v, the byte loop says %v", round, raw, limit, got, want)
			}
		}
	}
}
