package redact

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/zsj-dev/zsj/protocol"
)

// plantable are secrets of every token shape, one per rule.
var plantable = []string{
	fake("sk-ant-api03-", abcURL, 80),
	fake("sk-", abcURL, 40),
	fake("github_pat_11", abcAlnum, 70),
	fake("ghp_", abcAlnum, 36),
	fake("glpat-", abcURL, 20),
	fake("AIza", abcURL, 35),
	"xoxb-1234-5678-" + fake("", abcAlnum, 24),
	fake("AKIA", abcUpper, 16),
	fake("eyJ", abcURL, 17) + "." + fake("eyJ", abcURL, 30) + "." + fake("", abcURL, 43),
	fake("sk_live_", abcAlnum, 24),
	fake("whsec_", abcAlnum, 32),
	fake("sbp_", abcHex, 40),
	fake("hf_", abcLetter, 34),
	fake("npm_", abcAlnum, 36),
	fake("pypi-AgEIcHlwaS5vcmc", abcURL, 60),
	"SG." + fake("", abcURL, 22) + "." + fake("", abcURL, 43),
	fake("123456789:AA", abcURL, 33),
	fake("dop_v1_", abcHex, 64),
	fake("gsk_", abcAlnum, 52),
	fake("AGE-SECRET-KEY-1", abcUpper, 58),
	fake("shpat_", abcHex, 32),
	fake("lin_api_", abcAlnum, 40),
}

// escapeAll writes s as the text of a JSON string with every ASCII
// letter, digit and punctuation at a position divisible by every written
// as \u00XX, the way an encoder that escapes too much would.
func escapeAll(s string, every int) string {
	var b strings.Builder
	quoted, _ := json.Marshal(s)
	body := quoted[1 : len(quoted)-1]
	for i := 0; i < len(body); i++ {
		c := body[i]
		if c == '\\' { // keep json.Marshal's own escape whole
			n := 2
			if body[i+1] == 'u' {
				n = 6
			}
			b.Write(body[i : i+n])
			i += n - 1
			continue
		}
		if c < 0x80 && every > 0 && i%every == 0 {
			b.WriteString(fmt.Sprintf(`\u%04x`, c))
			continue
		}
		b.WriteByte(c)
	}
	return b.String()
}

func FuzzRedactLine(f *testing.F) {
	for _, tc := range lineCases {
		f.Add([]byte(tc.in), "", uint8(0), uint8(0))
	}
	for i, tc := range textCases {
		f.Add([]byte(`{"type":"text","delta":`+string(mustJSON(tc.in))+`}`), tc.in, uint8(i), uint8(i%4))
	}
	paths, _ := filepath.Glob("../testdata/v2/*.jsonl")
	for _, p := range paths {
		data, _ := os.ReadFile(p)
		for _, line := range bytes.Split(data, []byte("\n")) {
			f.Add(line, "tok=x", uint8(3), uint8(2))
		}
	}
	f.Fuzz(func(t *testing.T, line []byte, text string, kind, every uint8) {
		rs := defaults(t)
		x := rs.NewRedactor()
		checkLine(t, x, line)

		secret := plantable[int(kind)%len(plantable)]
		planted := []byte(`{"schemaVersion":2,"type":"text","runId":"r","delta":"` +
			escapeAll(text+" "+secret+" "+text, int(every%5)) + `"}`)
		out, _ := x.Line(planted, nil)
		if len(out) == 0 {
			out = planted
		}
		var ev struct{ Delta string }
		if err := json.Unmarshal(out, &ev); err != nil {
			t.Fatalf("redacted line does not parse: %v\n%s", err, out)
		}
		if strings.Contains(ev.Delta, secret) && !strings.Contains(text, secret) {
			t.Fatalf("planted secret survives in %q", ev.Delta)
		}
	})
}

func mustJSON(s string) []byte {
	b, err := json.Marshal(s)
	if err != nil {
		panic(err)
	}
	return b
}

// checkLine holds Line to its promises on any input: a JSON object stays
// one with the same members, redacting twice changes nothing, and Find
// agrees with Line.
func checkLine(t *testing.T, x *Redactor, line []byte) {
	t.Helper()
	members, perr := protocol.ParseObject(line, nil)
	out, res := x.Line(line, nil)
	if perr == nil && x.w.failed {
		t.Fatalf("the walk failed on a line the parser accepts: %q", line)
	}
	if (perr != nil) != (res.Invalid != nil) {
		t.Fatalf("Invalid = %v, parser says %v", res.Invalid, perr)
	}
	if !res.Changed {
		out = line
	} else if len(res.Matches) == 0 {
		t.Fatalf("changed with no match: %q", line)
	}
	got := append([]byte(nil), out...)
	rules := ruleIDs(res.Matches)
	if perr == nil {
		after, err := protocol.ParseObject(got, nil)
		if err != nil {
			t.Fatalf("redacted line is not a JSON object (%v): %q", err, got)
		}
		if len(after) != len(members) {
			t.Fatalf("%d members became %d", len(members), len(after))
		}
		var found []string
		for _, m := range x.Find(line) {
			found = append(found, m.Rule)
		}
		if typ := eventType(members); typ != "message" && typ != "prompt" && !slices.Equal(found, rules) {
			t.Fatalf("Find says %v, Line %v", found, rules)
		}
	}
	full := x.rs.NewRedactor()
	full.walkAll = true
	fullOut, fullRes := full.Line(line, nil)
	if !fullRes.Changed {
		fullOut = line
	}
	if !bytes.Equal(fullOut, got) || !slices.Equal(ruleIDs(fullRes.Matches), rules) {
		t.Fatalf("passing the line without a walk is not exact:\n%q\n%q (%v)\n%q (%v)", line, got, rules, fullOut, ruleIDs(fullRes.Matches))
	}
	again, res2 := x.Line(got, nil)
	if res2.Changed || len(res2.Matches) > 0 {
		t.Fatalf("redacting twice changes the line:\n%q\n%q\n%q (%v)", line, got, again, ruleIDs(res2.Matches))
	}
}

func eventType(members []protocol.Member) string {
	for _, m := range members {
		if string(m.Key) == "type" && m.Value.Kind == protocol.KindString {
			return string(protocol.StringValue(m.Value))
		}
	}
	return ""
}
