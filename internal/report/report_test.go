package report

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/zsj-dev/zsj/protocol"
)

var sample = protocol.Problem{
	File: "logs/a,b.jsonl", Line: 7, Type: "tool_call", Path: "$.block.risk.level",
	Rule: protocol.RuleUnusualRiskLevel, Severity: protocol.Warning, Message: "unusual risk level: 50% sure\nreally",
}

func TestFormats(t *testing.T) {
	for _, tc := range []struct {
		format Format
		want   string
	}{
		{Text, "logs/a,b.jsonl:7: warning: unusual risk level: 50% sure\nreally [unusual-risk-level] (tool_call $.block.risk.level)\n"},
		{GitHub, "::warning file=logs/a%2Cb.jsonl,line=7,title=unusual-risk-level::unusual risk level: 50%25 sure%0Areally (tool_call $.block.risk.level)\n"},
		{JSON, `{"file":"logs/a,b.jsonl","line":7,"type":"tool_call","path":"$.block.risk.level","rule":"unusual-risk-level","severity":"warning","message":"unusual risk level: 50% sure\nreally"}` + "\n"},
	} {
		t.Run(string(tc.format), func(t *testing.T) {
			var out bytes.Buffer
			p := NewPrinter(&out, tc.format, false)
			if err := p.Problem(sample); err != nil {
				t.Fatal(err)
			}
			p.Flush()
			if out.String() != tc.want {
				t.Errorf("got  %q\nwant %q", out.String(), tc.want)
			}
		})
	}
}

func TestJSONSummaryLast(t *testing.T) {
	var out bytes.Buffer
	p := NewPrinter(&out, JSON, false)
	p.Problem(sample)
	p.Summary(Summary{Files: 2, Lines: 10, Events: 9, Runs: 1, Errors: 0, Warnings: 1})
	p.Flush()
	lines := bytes.Split(bytes.TrimSpace(out.Bytes()), []byte("\n"))
	var last struct{ Summary Summary }
	if err := json.Unmarshal(lines[len(lines)-1], &last); err != nil {
		t.Fatal(err)
	}
	if last.Summary.Files != 2 || last.Summary.Warnings != 1 {
		t.Errorf("summary %+v", last.Summary)
	}
}

func TestSummaryLine(t *testing.T) {
	s := Summary{Files: 1, Lines: 2, Events: 1, Runs: 1, Errors: 1, Warnings: 0, Unreadable: 1}
	if got, want := s.Line(), "1 file, 2 lines, 1 event, 1 run: 1 error, 0 warnings, 1 unreadable"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestSecretFormats(t *testing.T) {
	s := Secret{File: "logs/a,b.jsonl", Line: 3, Path: "$.output", Rule: "github-token", Fingerprint: "3e840b60"}
	noPath := Secret{File: "x.jsonl", Line: 1, Rule: "jwt", Fingerprint: "0badc0de"}
	for _, tc := range []struct {
		format Format
		want   string
	}{
		{Text, "logs/a,b.jsonl:3: github-token at $.output (fingerprint 3e840b60)\nx.jsonl:1: jwt (fingerprint 0badc0de)\n"},
		{JSON, `{"file":"logs/a,b.jsonl","line":3,"path":"$.output","rule":"github-token","fingerprint":"3e840b60"}` + "\n" +
			`{"file":"x.jsonl","line":1,"rule":"jwt","fingerprint":"0badc0de"}` + "\n"},
		{GitHub, "::error file=logs/a%2Cb.jsonl,line=3,title=github-token::a secret matches redaction rule github-token (fingerprint 3e840b60) ($.output)\n" +
			"::error file=x.jsonl,line=1,title=jwt::a secret matches redaction rule jwt (fingerprint 0badc0de)\n"},
	} {
		t.Run(string(tc.format), func(t *testing.T) {
			var out bytes.Buffer
			p := NewPrinter(&out, tc.format, true) // color is for problems only
			p.Secret(s)
			p.Secret(noPath)
			if err := p.Close(); err != nil {
				t.Fatal(err)
			}
			if out.String() != tc.want {
				t.Errorf("got  %q\nwant %q", out.String(), tc.want)
			}
		})
	}
}
