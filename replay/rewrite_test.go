package replay

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/zsj-dev/zsj/protocol"
)

func TestRewriterTouchesOnlyWhatItIsAsked(t *testing.T) {
	const start = `{ "schemaVersion":2, "type":"run_start","runId":"run_1","sessionId":"s_1","cwd":"/repo" ,"provider":"p","model":"m"}`
	for _, tc := range []struct {
		name      string
		freshIDs  bool
		cwd       string
		asVersion int
		in, want  string
	}{
		{"nothing asked", false, "", 0, start, start},
		{"cwd of run_start, quoted as JSON", false, `/a "b" <&>`, 0, start,
			`{ "schemaVersion":2, "type":"run_start","runId":"run_1","sessionId":"s_1","cwd":"/a \"b\" <&>" ,"provider":"p","model":"m"}`},
		{"cwd of other events stays", false, "/x", 0,
			`{"schemaVersion":2,"type":"text","runId":"run_1","cwd":"/repo","delta":"d"}`,
			`{"schemaVersion":2,"type":"text","runId":"run_1","cwd":"/repo","delta":"d"}`},
		{"version down, block renamed in place", false, "", 1,
			`{"schemaVersion":2,"type":"tool_call","runId":"r","id":"c","name":"n","block":{"code":"x"}}`,
			`{"schemaVersion":1,"type":"tool_call","runId":"r","id":"c","name":"n","violation":{"code":"x"}}`},
		{"version up", false, "", 2,
			`{"schemaVersion":1,"type":"tool_call","runId":"r","id":"c","name":"n","violation":{"code":"x"}}`,
			`{"schemaVersion":2,"type":"tool_call","runId":"r","id":"c","name":"n","block":{"code":"x"}}`},
		{"ids, cwd and version at once", true, "/w", 1, start,
			`{ "schemaVersion":1, "type":"run_start","runId":"run_NEW0","sessionId":"s_NEW1","cwd":"/w" ,"provider":"p","model":"m"}`},
		{"escaped id is decoded first", true, "", 0,
			`{"schemaVersion":2,"type":"text","runId":"\u0072un_1","delta":"d"}`,
			`{"schemaVersion":2,"type":"text","runId":"run_NEW0","delta":"d"}`},
		{"not JSON: left alone", true, "/w", 1, `not json {`, `not json {`},
		{"id that is not a string: left alone", true, "", 0,
			`{"schemaVersion":2,"type":"text","runId":7,"delta":"d"}`,
			`{"schemaVersion":2,"type":"text","runId":7,"delta":"d"}`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var ids *idRenamer
			if tc.freshIDs {
				ids = newIDRenamer(rand.New(rand.NewPCG(1, 1)))
				// Known new ids make the expected lines readable.
				ids.to["run_1"], ids.to["s_1"] = "run_NEW0", "s_NEW1"
			}
			rw := newRewriter(ids, tc.cwd, tc.asVersion)
			if got := string(rw.line([]byte(tc.in))); got != tc.want {
				t.Fatalf("\n got %s\nwant %s", got, tc.want)
			}
		})
	}
}

func TestRunEndExit(t *testing.T) {
	for _, tc := range []struct {
		line  string
		code  int
		isEnd bool
	}{
		{`{"schemaVersion":2,"type":"run_end","runId":"r","status":"error","exitCode":3}`, 3, true},
		{`{"exitCode":0,"type":"run_end"}`, 0, true},
		{`{"schemaVersion":2,"type":"text","runId":"r","delta":"\"run_end\" \"exitCode\":4"}`, 0, false},
		{`{"type":"run_end","exitCode":"3"}`, 0, false},
		{`{"type":"run_end","exitCode":1.5}`, 0, false},
		{`{"type":"run_end"}`, 0, false},
		{`{"type":"run_end",`, 0, false},
	} {
		var parser protocol.Parser
		code, isEnd, _ := runEndExit(&parser, []byte(tc.line), nil)
		if code != tc.code || isEnd != tc.isEnd {
			t.Errorf("%s: got %d, %v; want %d, %v", tc.line, code, isEnd, tc.code, tc.isEnd)
		}
	}
}

// FuzzRewrite: whatever the line, rewriting never breaks a JSON object
// (an object stays one object, with the same keys in the same order) and
// leaves anything else as it is.
func FuzzRewrite(f *testing.F) {
	for _, name := range []string{"v2/run.jsonl", "v1/run.jsonl", "v2/interleaved.jsonl"} {
		for _, l := range fixtureLines(f, name) {
			f.Add([]byte(strings.TrimSuffix(l, "\n")), true, "/w", uint8(1))
		}
	}
	f.Add([]byte(`{"runId":"\u0072","sessionId":"s","type":"run_start","cwd":1}`), true, `a"b\`, uint8(2))
	f.Fuzz(func(t *testing.T, line []byte, freshIDs bool, cwd string, version uint8) {
		var ids *idRenamer
		if freshIDs {
			ids = newIDRenamer(rand.New(rand.NewPCG(1, 1)))
		}
		rw := newRewriter(ids, cwd, int(version%3))
		out := rw.line(line)
		before, serr := protocol.ParseObject(line, nil)
		if serr != nil {
			if string(out) != string(line) {
				t.Fatalf("a line that is not an object changed:\n%q\n%q", line, out)
			}
			return
		}
		keys := func(ms []protocol.Member) (k []string) {
			for i := range ms {
				k = append(k, string(ms[i].KeyText()))
			}
			return k
		}
		after, serr := protocol.ParseObject(out, nil)
		if serr != nil {
			t.Fatalf("rewriting broke the object: %s\n%q\n%q", serr.Msg, line, out)
		}
		got, want := keys(after), keys(before)
		if !slices.Equal(got, want) {
			// Only the sandbox key may be renamed, by a version change.
			for i := range got {
				if got[i] != want[i] && !(isSandboxKey(got[i]) && isSandboxKey(want[i])) {
					t.Fatalf("keys changed: %q -> %q", want, got)
				}
			}
		}
	})
}

func isSandboxKey(k string) bool { return k == "block" || k == "violation" }
