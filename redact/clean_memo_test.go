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
		// A long string with a secret is never taken for clean; one
		// passed over (its third sight) is not taken for one with a
		// secret.
		outputsInTurn(long+` api_key=`+splitToken, long),
		// Escapes: the memo keys on the raw bytes.
		outputsInTurn(long+`\ntok\u0065n=`+splitToken, long+`\n`),
	}
}

// outputsInTurn is a stream of tool results whose outputs are a, b, a,
// b, a, b, a (as raw JSON string text).
func outputsInTurn(a, b string) string {
	var lines []string
	for i := range 7 {
		out := a
		if i%2 == 1 {
			out = b
		}
		lines = append(lines, `{"type":"tool_result","output":"`+out+`"}`)
	}
	return strings.Join(lines, "\n")
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

// TestCleanMemoPassesOver: a clean long string is hashed once it comes
// back, remembered, and from its third sight on not scanned; one with a
// secret is never remembered, nor is one that only shares its quick key
// with a remembered one taken for it.
func TestCleanMemoPassesOver(t *testing.T) {
	rs, err := Compile(Config{})
	if err != nil {
		t.Fatal(err)
	}
	x := rs.NewRedactor()
	checker := protocol.NewLineChecker(protocol.Options{})
	var checked protocol.Checked
	find := func(long string) []Match {
		line := `{"schemaVersion":2,"type":"tool_result","runId":"r1","id":"c1","status":"ok","output":"` + long + `"}`
		checker.Check([]byte(line), false, &checked)
		shape := checker.Shape()
		if line[shape.LongStart:shape.LongEnd] != long {
			t.Fatalf("the checker's long string is not the output: %+v", shape)
		}
		return x.FindShaped([]byte(line), shape)
	}
	memo := rs.cleanLong()
	remembered := func(long string) bool {
		var s longString
		memo.look(&s, []byte(long))
		return s.known
	}

	find(memoText)
	slot := memo.slot(memo.quickKey([]byte(memoText)))
	if slot.quick.Load() == 0 || slot.full.Load() != 0 {
		t.Fatalf("at first sight the memo holds %x %x, want the quick key alone", slot.quick.Load(), slot.full.Load())
	}
	if len(x.lineHits) == 0 {
		t.Fatal("the search of the string found no keyword: the test needs some")
	}
	find(memoText)
	if !remembered(memoText) {
		t.Fatal("a clean long string that came back was not remembered")
	}
	find(memoText)
	for _, h := range x.lineHits {
		t.Fatalf("the remembered string was scanned again: a keyword at %d", h.pos)
	}

	// The same length, and the same first, middle and last 16 bytes.
	secret := " api_key=" + splitToken + " "
	twin := memoText[:100] + secret + memoText[100+len(secret):]
	if memo.quickKey([]byte(twin)) != memo.quickKey([]byte(memoText)) {
		t.Fatal("the twin does not share the remembered string's quick key: the test needs it to")
	}
	for range 3 {
		if len(find(twin)) == 0 {
			t.Fatal("a secret in a string that shares a remembered one's quick key was not found")
		}
		if remembered(twin) {
			t.Fatal("a long string with a secret was remembered as clean")
		}
	}
	if !remembered(memoText) {
		t.Error("a string with a secret took the place of a clean one")
	}
}

// lowerMinCleanMemo has the memo take strings from n bytes on, for the
// rest of the test.
func lowerMinCleanMemo(t testing.TB, n int) {
	old := minCleanMemo
	minCleanMemo = n
	t.Cleanup(func() { minCleanMemo = old })
}
