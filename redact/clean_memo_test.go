package redact

import (
	"strings"
	"testing"

	"github.com/zsj-dev/zsj/protocol"
)

// memoText is a long string with keywords in it and nothing to redact:
// the prefilter finds its keywords, the rules find no secret.
var memoText = strings.Repeat(`the token and the secret key are not here; `, 30)

// memoStreams put one long string in the places where what is found
// depends on more than the string: after a clean first sight, under a
// sensitive key, as an id, in a message (whose finds are dropped), beside
// keys with keywords, with a secret after it, and escaped.
func memoStreams(long string) []string {
	out := `{"schemaVersion":2,"type":"tool_result","runId":"r1","id":"c1","status":"ok","output":"` + long + `"}`
	return []string{
		strings.Join([]string{
			out,
			out,
			`{"schemaVersion":2,"type":"tool_result","runId":"r1","id":"c2","status":"ok","password":"` + long + `"}`,
			`{"schemaVersion":2,"type":"tool_result","runId":"r1","id":"` + long + `","status":"ok","output":"x"}`,
			`{"schemaVersion":2,"type":"message","runId":"r1","content":"` + long + `"}`,
			`{"schemaVersion":2,"type":"tool_result","runId":"r1","api_key":"` + splitToken + `","output":"` + long + `"}`,
			`{"schemaVersion":2,"type":"tool_result","runId":"r1","output":"` + long + `","token":"` + splitToken + `"}`,
			`{"schemaVersion":2,"type":"tool_call","runId":"r1","id":"c3","name":"write_file","args":{"path":"token=","content":"` + long + `"}}`,
			out,
		}, "\n"),
		// A long string with a secret is never taken for clean.
		strings.Join([]string{
			`{"type":"tool_result","output":"` + long + ` api_key=` + splitToken + `"}`,
			`{"type":"tool_result","output":"` + long + ` api_key=` + splitToken + `"}`,
			`{"type":"tool_result","output":"` + long + `"}`,
			`{"type":"tool_result","output":"` + long + ` api_key=` + splitToken + `"}`,
		}, "\n"),
		// Escapes: the memo keys on the raw bytes.
		strings.Join([]string{
			`{"type":"tool_result","output":"` + long + `\ntok\u0065n=` + splitToken + `"}`,
			`{"type":"tool_result","output":"` + long + `\ntok\u0065n=` + splitToken + `"}`,
			`{"type":"tool_result","output":"` + long + `\n"}`,
			`{"type":"tool_result","output":"` + long + `\n"}`,
		}, "\n"),
	}
}

// TestCleanMemoFindsAsWithout: with long strings found clean passed over,
// FindShaped finds in each line what Find finds searching it all.
func TestCleanMemoFindsAsWithout(t *testing.T) {
	for _, long := range []string{memoText, "short"} {
		rs, err := Compile(Config{})
		if err != nil {
			t.Fatal(err)
		}
		if len(long) < minCleanMemo {
			lowerMinCleanMemo(t, 1)
		}
		for _, stream := range memoStreams(long) {
			sameAsFullScans(t, rs, strings.Split(stream, "\n"))
		}
	}
}

// TestCleanMemoPassesOver: a long string found clean is remembered and,
// seen again, not scanned; one with a secret is not remembered.
func TestCleanMemoPassesOver(t *testing.T) {
	rs, err := Compile(Config{})
	if err != nil {
		t.Fatal(err)
	}
	x := rs.NewRedactor()
	checker := protocol.NewLineChecker(protocol.Options{})
	var checked protocol.Checked
	find := func(line string) (protocol.LineShape, []Match) {
		checker.Check([]byte(line), false, &checked)
		shape := checker.Shape()
		return shape, x.FindShaped([]byte(line), shape)
	}
	line := `{"schemaVersion":2,"type":"tool_result","runId":"r1","id":"c1","status":"ok","output":"` + memoText + `"}`
	shape, _ := find(line)
	memo := rs.cleanLong()
	if !memo.has(memo.key([]byte(line[shape.LongStart:shape.LongEnd]))) {
		t.Fatal("a clean long string was not remembered")
	}
	if len(x.lineHits) == 0 {
		t.Fatal("the first sight of the string found no keyword in it: the test needs some")
	}
	shape, _ = find(line)
	for _, h := range x.lineHits {
		if p := int(h.pos); p >= shape.LongStart && p < shape.LongEnd {
			t.Fatalf("the remembered string was scanned again: a keyword at %d", p)
		}
	}

	secret := `{"type":"tool_result","output":"` + memoText + ` api_key=` + splitToken + `"}`
	for range 2 {
		shape, found := find(secret)
		if len(found) == 0 {
			t.Fatal("the secret after the long text was not found")
		}
		if memo.has(memo.key([]byte(secret[shape.LongStart:shape.LongEnd]))) {
			t.Fatal("a long string with a secret was remembered as clean")
		}
	}
}

// lowerMinCleanMemo has the memo take strings from n bytes on, for the
// rest of the test.
func lowerMinCleanMemo(t testing.TB, n int) {
	old := minCleanMemo
	minCleanMemo = n
	t.Cleanup(func() { minCleanMemo = old })
}
