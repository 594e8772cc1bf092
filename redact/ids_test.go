package redact

import (
	"bytes"
	"regexp"
	"strings"
	"testing"

	"github.com/zsj-dev/zsj/protocol"
)

// TestSecretIDs: a run whose runId, tool call id and sessionId are
// credentials is reported and gets derived ids, the same in every event,
// that keep the run valid; ids that only look a little like one stay.
func TestSecretIDs(t *testing.T) {
	rs := defaults(t)
	run := fake("ghp_", abcAlnum, 36)
	call := fake("sk-proj-", abcURL, 40)
	session := fake("xoxb-", abcAlnum, 30)
	log := strings.Join([]string{
		`{"schemaVersion":2,"type":"run_start","runId":"` + run + `","sessionId":"` + session + `","cwd":"/r","provider":"p","model":"m"}`,
		`{"schemaVersion":2,"type":"tool_call","runId":"` + run + `","id":"` + call + `","name":"bash","args":{}}`,
		`{"schemaVersion":2,"type":"tool_result","runId":"` + run + `","id":"` + call + `","status":"ok","output":"ok","truncated":false}`,
		`{"schemaVersion":2,"type":"run_end","runId":"` + run + `","status":"success","exitCode":0}`,
	}, "\n")
	x := rs.NewRedactor()
	var out bytes.Buffer
	var rules []string
	for _, line := range strings.Split(log, "\n") {
		got, res := x.Line([]byte(line), nil)
		if !res.Changed {
			t.Fatalf("not changed: %s", line)
		}
		for _, m := range res.Matches {
			rules = append(rules, m.Rule+" at "+m.Path)
		}
		out.Write(got)
		out.WriteByte('\n')
	}
	for _, secret := range []string{run, call, session} {
		if strings.Contains(out.String(), secret) {
			t.Errorf("a credential id survives")
		}
	}
	want := []string{"github-token at $.runId", "slack-token at $.sessionId", "github-token at $.runId", "openai-api-key at $.id",
		"github-token at $.runId", "openai-api-key at $.id", "github-token at $.runId"}
	if strings.Join(rules, ", ") != strings.Join(want, ", ") {
		t.Errorf("matches %v\nwant %v", rules, want)
	}
	if got := strings.Count(out.String(), `"runId":"`+string(derivedID([]byte(run)))+`"`); got != 4 {
		t.Errorf("the derived runId is in %d events, want 4", got)
	}
	idRule := regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$`)
	if id := derivedID([]byte(call)); !idRule.Match(id) {
		t.Errorf("derived id %s breaks the Id rule", id)
	}
	v := protocol.NewFileValidator("x", protocol.Options{}, func(p protocol.Problem) {
		t.Errorf("redacted log: %s %s %s", p.Rule, p.Path, p.Message)
	})
	for i, line := range strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n") {
		v.Line(i+1, []byte(line), false)
	}
	v.End()
	// A second pass changes nothing.
	for _, line := range strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n") {
		if _, res := x.Line([]byte(line), nil); res.Changed {
			t.Errorf("second pass changed %s", line)
		}
	}

	// Near misses: ids with a token's prefix but not its shape.
	for _, line := range []string{
		`{"schemaVersion":2,"type":"tool_call","runId":"run_ghp_1","id":"sk-1","name":"bash","args":{}}`,
		`{"schemaVersion":2,"type":"run_start","runId":"r","sessionId":"xoxb-short","cwd":"/r","provider":"p","model":"m"}`,
	} {
		if _, res := x.Line([]byte(line), nil); res.Changed {
			t.Errorf("near miss changed: %s", line)
		}
	}
}
