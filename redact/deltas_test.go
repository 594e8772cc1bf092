package redact

import (
	"bytes"
	"strings"
	"testing"

	"github.com/zsj-dev/zsj/protocol"
)

// splitToken is a fake GitHub token of 48 characters, written in two
// parts so that no scanner takes this file for a leak.
var splitToken = "gh" + "p_" + "FAKEdE5gH7jK9mNpQ2rS4tU6vW8xY1zA3bC5dE7fG9hJ"

func TestJoin(t *testing.T) {
	rs, err := Compile(Config{})
	if err != nil {
		t.Fatal(err)
	}
	x, sides := rs.NewRedactor(), rs.NewRedactor()
	tok := splitToken
	if len(tok) != 48 {
		t.Fatalf("the token has %d characters, want 48", len(tok))
	}
	long := strings.Repeat("z", deltaWindow)
	const R = DefaultReplacement
	for _, tc := range []struct {
		name               string
		prev, next         string
		prevWant, nextWant string // "": unchanged
	}{
		{"split 18/30", "my token is " + tok[:18], tok[18:] + " ok", "my token is " + R, R + " ok"},
		{"split 4/44", "see " + tok[:4], tok[4:], "see " + R, R},
		{"split 23/25", tok[:23], tok[23:] + " done", R, R + " done"},
		// Its first 24 characters are a token too, redacted on their
		// own, and not made longer by the join.
		{"split 24/24", "a " + tok[:24], tok[24:] + " b", "", ""},
		{"a word after a token", "key " + tok, "nothing here", "", ""},
		{"whole on one side", "see " + tok, " and more", "", ""},
		{"redacted already", "see " + R, R + " ok", "", ""},
		{"no token", "gh" + "p_FAKE", "short words", "", ""},
		{"two words", "pass", "word", "", ""},
		{"long next", "x " + tok[:10], tok[10:] + " " + long, "x " + R, R + " " + long},
		// The window ends inside a run of token characters, which the cut
		// may have made: not reported. (The same cut on the previous
		// delta's side is not a case: gitleaks' token rules want no
		// boundary before a token's prefix, so the token after the cut is
		// found whatever came before it.)
		{"next cut inside the match", "x " + tok[:10], long + long, "", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			redPrev, _ := sides.RedactText([]byte(tc.prev))
			redPrev = append([]byte(nil), redPrev...)
			redNext, _ := sides.RedactText([]byte(tc.next))
			st, ok := x.Join([]byte(tc.prev), redPrev, []byte(tc.next), redNext)
			if want := tc.prevWant != "" || tc.nextWant != ""; ok != want {
				t.Fatalf("found = %v, want %v", ok, want)
			}
			if !ok {
				return
			}
			for _, side := range []struct {
				name       string
				red        []byte
				start, end int
				orig, want string
			}{{"prev", redPrev, st.PrevStart, st.PrevEnd, tc.prev, tc.prevWant}, {"next", redNext, st.NextStart, st.NextEnd, tc.next, tc.nextWant}} {
				got := string(side.red)
				if side.start < side.end {
					got = got[:side.start] + R + got[side.end:]
				}
				if side.want == "" {
					side.want = string(side.red)
				}
				if got != side.want {
					t.Errorf("%s side: %d bytes replaced from %d, not the %d of the secret", side.name, side.end-side.start, side.start, len(side.orig)-len(side.want)+len(R))
				}
			}
			if len(st.Matches) != 1 || st.Matches[0].Rule != RuleGitHubToken || st.Matches[0].Fingerprint != fingerprint([]byte(tok)) {
				t.Errorf("matches %+v, want one github-token with the whole token's fingerprint", st.Matches)
			}
		})
	}
}

func TestDeltaOf(t *testing.T) {
	for _, tc := range []struct {
		name, line string
		want       bool
		text, run  string
	}{
		{"text", `{"schemaVersion":2,"type":"text","runId":"r1","delta":"a\nb"}`, true, "a\nb", `"r1"`},
		{"reasoning", `{"type":"reasoning","delta":"x","runId":"r2"}`, true, "x", `"r2"`},
		{"tool call", `{"type":"tool_call","runId":"r1","delta":"x"}`, false, "", ""},
		{"no run", `{"type":"text","delta":"x"}`, false, "", ""},
		{"delta not a string", `{"type":"text","runId":"r1","delta":1}`, false, "", ""},
		{"not JSON", `{"type":"text","runId":"r1","delta":"x"`, false, "", ""},
		{"long delta", `{"type":"text","runId":"r1","delta":"` + strings.Repeat("x", 9000) + `"}`, true, strings.Repeat("x", 9000), `"r1"`},
		{"delta key far in", `{"type":"text","runId":"r1","pad":"` + strings.Repeat("x", 5000) + `","delta":"x"}`, false, "", ""},
		{"trailing data", `{"type":"text","runId":"r1","delta":"x"} {}`, false, "", ""},

		{"nested delta only", `{"type":"tool_call","runId":"r1","args":{"delta":"x"}}`, false, "", ""},
		{"nested and top-level", ` { "type" : "text", "x":{"delta":["y"]}, "runId":"r3" ,"delta" : "z\u0041" } `, true, "zA", `"r3"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d, ok := DeltaOf([]byte(tc.line))
			if ok != tc.want {
				t.Fatalf("ok = %v, want %v", ok, tc.want)
			}
			if !ok {
				return
			}
			if string(d.Text) != tc.text || string(d.RunID) != tc.run {
				t.Errorf("text %.20q run %s, want %.20q %s", d.Text, d.RunID, tc.text, tc.run)
			}
			if raw := tc.line[d.Start:d.End]; raw[0] != '"' || raw[len(raw)-1] != '"' {
				t.Errorf("the delta's bytes %q are not its string", raw)
			}
		})
	}
}

func TestRedactDeltaSpan(t *testing.T) {
	for _, tc := range []struct {
		name       string
		delta      string // as it stands in the line
		start, end int    // of the decoded text
		want       string
	}{
		{"plain end", `abc XYZ`, 4, 7, `abc [R]`},
		{"plain start", `XYZ abc`, 0, 3, `[R] abc`},
		{"escape inside", `ab\u0043DE fg`, 2, 5, `ab[R] fg`},
		{"escape before", `a\nXY`, 2, 4, `a\n[R]`},
		{"bound inside a character", `x\u00e9yz`, 2, 4, `x[R]z`},
		{"replacement escaped", `k v`, 2, 3, `k [R]`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			line := `{"type":"text","runId":"r","delta":"` + tc.delta + `"}`
			d, ok := DeltaOf([]byte(line))
			if !ok {
				t.Fatal("not a delta")
			}
			got := RedactDeltaSpan(nil, []byte(line), d, tc.start, tc.end, "[R]")
			want := `{"type":"text","runId":"r","delta":"` + tc.want + `"}`
			if string(got) != want {
				t.Fatalf("got %s, want %s", got, want)
			}
			if _, err := new(protocol.Parser).Parse(got, nil); err != nil {
				t.Fatalf("not valid JSON: %v", err)
			}
		})
	}
	// A line DeltaOf reads by structure but that is not valid JSON (a
	// control byte in a string) is not changed.
	bad := []byte("{\"type\":\"text\",\"runId\":\"r1\",\"delta\":\"ab\x01\"}")
	if d, ok := DeltaOf(bad); !ok {
		t.Fatal("DeltaOf does not read a line with a control byte in its delta")
	} else if got := RedactDeltaSpan(nil, bad, d, 0, 1, "[R]"); got != nil {
		t.Fatalf("a line that is not valid JSON was changed: %q", got)
	}
	// Nor one whose delta is not where d says.
	line0 := []byte(`{"type":"text","runId":"r","delta":"ab"}`)
	if d, _ := DeltaOf(line0); RedactDeltaSpan(nil, line0, Delta{Start: d.Start - 1, End: d.End}, 0, 1, "[R]") != nil {
		t.Fatal("a delta not where d says was changed")
	}
	// A replacement that needs escaping is escaped.
	line := []byte(`{"type":"text","runId":"r","delta":"ab"}`)
	d, _ := DeltaOf(line)
	if got := RedactDeltaSpan(nil, line, d, 0, 1, `"q"`); !bytes.Contains(got, []byte(`\"q\"b`)) {
		t.Fatalf("got %s", got)
	}
}

// FuzzJoin splits each token shape over two deltas at every place, with
// text around it and escapes, redacts each line on its own, then makes
// the join: both lines stay valid, change only inside their delta
// strings, and the stream they make holds nothing a rule finds.
func FuzzJoin(f *testing.F) {
	f.Add(uint8(3), uint8(18), uint8(0), "my token is ", " ok")
	f.Add(uint8(0), uint8(40), uint8(3), "", "")
	f.Add(uint8(8), uint8(60), uint8(7), "see\n", "\tthere")
	rs, err := Compile(Config{})
	if err != nil {
		f.Fatal(err)
	}
	x, check := rs.NewRedactor(), rs.NewRedactor()
	f.Fuzz(func(t *testing.T, which, cut, every uint8, before, after string) {
		tok := plantable[int(which)%len(plantable)]
		at := 1 + int(cut)%(len(tok)-1)
		words := func(s string) string { // letters and spaces: nothing a rule finds on its own
			return strings.Map(func(r rune) rune {
				if r >= 'a' && r <= 'z' || r == ' ' || r == '\n' || r == '\t' {
					return r
				}
				return -1
			}, s)
		}
		prevText, nextText := words(before)+tok[:at], tok[at:]+words(after)
		line := func(text string) []byte {
			return []byte(`{"schemaVersion":2,"type":"text","runId":"r1","delta":"` + escapeAll(text, int(every)) + `"}`)
		}
		var lines, redacted [2][]byte
		for i, text := range []string{prevText, nextText} {
			lines[i] = line(text)
			out, res := x.Line(lines[i], nil)
			redacted[i] = lines[i]
			if res.Changed {
				redacted[i] = out
			}
		}
		pd, ok1 := DeltaOf(lines[0])
		pn, ok2 := DeltaOf(redacted[0])
		nd, ok3 := DeltaOf(lines[1])
		nn, ok4 := DeltaOf(redacted[1])
		if !ok1 || !ok2 || !ok3 || !ok4 {
			t.Fatal("a delta line is not a delta")
		}
		final := redacted
		if st, ok := x.Join(pd.Text, pn.Text, nd.Text, nn.Text); ok {
			if st.PrevStart < st.PrevEnd {
				final[0] = RedactDeltaSpan(nil, redacted[0], pn, st.PrevStart, st.PrevEnd, rs.Replacement())
			}
			if st.NextStart < st.NextEnd {
				final[1] = RedactDeltaSpan(nil, redacted[1], nn, st.NextStart, st.NextEnd, rs.Replacement())
			}
		}
		var stream []byte
		for i := range final {
			d, ok := DeltaOf(final[i])
			if !ok {
				t.Fatalf("line %d is no longer a valid delta", i+1)
			}
			if !bytes.Equal(final[i][:d.Start], lines[i][:d.Start]) || !bytes.Equal(final[i][d.End:], lines[i][len(lines[i])-(len(final[i])-d.End):]) {
				t.Fatalf("line %d changed outside its delta", i+1)
			}
			stream = append(stream, d.Text...)
		}
		if ms := check.Text(stream); len(ms) > 0 {
			t.Fatalf("the redacted stream still holds %d secrets (%s, fingerprint %s), split at %d", len(ms), ms[0].Rule, ms[0].Fingerprint, at)
		}
	})
}
