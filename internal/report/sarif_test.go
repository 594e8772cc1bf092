package report

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/zsj-dev/zsj/protocol"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/sarif")

// sarifCase feeds a printer what a command would.
type sarifCase struct {
	name     string
	secrets  []Secret
	problems []protocol.Problem
	describe func(string) string
}

var sarifCases = []sarifCase{
	{name: "nothing"},
	{
		name: "secrets",
		secrets: []Secret{
			{File: "logs/run.jsonl", Line: 2, Path: "$.args.apiKey", Rule: "sensitive-key", Fingerprint: "e29f02d1"},
			{File: "logs/run.jsonl", Line: 3, Path: "$.output", Rule: "github-token", Fingerprint: "3e840b60"},
			{File: "logs/other run.jsonl", Line: 1, Path: "$.text", Rule: "github-token", Fingerprint: "3e840b60"},
			{File: "<stdin>", Line: 9, Rule: "jwt", Fingerprint: "0badc0de"}, // a line that is not JSON has no path
		},
	},
	{
		name: "problems",
		secrets: []Secret{
			{File: "a.jsonl", Line: 4, Path: "$.delta", Rule: "openai-api-key", Fingerprint: "e88655bb"},
		},
		problems: []protocol.Problem{
			{File: "a.jsonl", Line: 5, Rule: protocol.RuleInvalidJSON, Severity: protocol.Error, Message: "invalid character 'x' (at byte 1); no secret in its text"},
			{File: "a.jsonl", Line: 7, Type: "tool_call", Path: "$.block.risk.level", Rule: protocol.RuleUnusualRiskLevel, Severity: protocol.Warning, Message: "unusual risk level"},
			{File: "a.jsonl", Rule: protocol.RuleUnfinishedRun, Severity: protocol.Warning, Message: "run run_1 has no run_end"},
		},
		describe: func(rule string) string {
			if rule == protocol.RuleInvalidJSON {
				return "A line is not one JSON object"
			}
			return ""
		},
	},
}

func (tc sarifCase) print(t *testing.T) []byte {
	t.Helper()
	var out bytes.Buffer
	p := NewPrinter(&out, SARIF, true)
	p.SetTool(Tool{Version: "v1.2.3", Describe: tc.describe})
	for _, s := range tc.secrets {
		if err := p.Secret(s); err != nil {
			t.Fatal(err)
		}
	}
	for _, pr := range tc.problems {
		if err := p.Problem(pr); err != nil {
			t.Fatal(err)
		}
	}
	p.Note("not in a sarif document")
	p.Summary(Summary{Files: 1})
	if err := p.Flush(); err != nil {
		t.Fatal(err)
	}
	if out.Len() != 0 {
		t.Fatalf("wrote before Close: %q", out.String())
	}
	if err := p.Close(); err != nil {
		t.Fatal(err)
	}
	return out.Bytes()
}

func TestSARIFGolden(t *testing.T) {
	root := loadSARIFSchema(t)
	for _, tc := range sarifCases {
		t.Run(tc.name, func(t *testing.T) {
			got := tc.print(t)
			golden := filepath.Join("testdata", "sarif", tc.name+".golden")
			if *update {
				if err := os.MkdirAll(filepath.Dir(golden), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(golden, got, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("got\n%s\nwant (go test -update to accept)\n%s", got, want)
			}
			var doc any
			dec := json.NewDecoder(bytes.NewReader(got))
			if err := dec.Decode(&doc); err != nil {
				t.Fatal(err)
			}
			if dec.More() {
				t.Error("more than one JSON document")
			}
			for _, e := range checkSchema(root, root, doc, "$") {
				t.Error(e)
			}
		})
	}
}

// TestSARIFContent checks what the schema cannot: every result points at
// its own rule, every rule that fired is listed once, secrets carry their
// fingerprint, and the counts add up.
func TestSARIFContent(t *testing.T) {
	for _, tc := range sarifCases {
		t.Run(tc.name, func(t *testing.T) {
			var doc sarifDoc
			if err := json.Unmarshal(tc.print(t), &doc); err != nil {
				t.Fatal(err)
			}
			if len(doc.Runs) != 1 {
				t.Fatalf("%d runs, want 1", len(doc.Runs))
			}
			run := doc.Runs[0]
			if d := run.Tool.Driver; d.Name != "zsj" || d.Version != "v1.2.3" {
				t.Errorf("driver %q %q", d.Name, d.Version)
			}
			if run.Results == nil {
				t.Error(`"results" is null, want []`)
			}
			if got, want := len(run.Results), len(tc.secrets)+len(tc.problems); got != want {
				t.Errorf("%d results, want %d", got, want)
			}
			fired := map[string]bool{}
			for _, s := range tc.secrets {
				fired[s.Rule] = true
			}
			for _, p := range tc.problems {
				fired[p.Rule] = true
			}
			if len(run.Tool.Driver.Rules) != len(fired) {
				t.Errorf("%d rules listed, %d fired", len(run.Tool.Driver.Rules), len(fired))
			}
			for i, r := range run.Results {
				if rules := run.Tool.Driver.Rules; r.RuleIndex >= len(rules) || rules[r.RuleIndex].ID != r.RuleID {
					t.Errorf("result %d: ruleIndex %d does not name %s", i, r.RuleIndex, r.RuleID)
				}
				if i < len(tc.secrets) {
					if fp := r.PartialFingerprints[secretFingerprintKey]; fp != tc.secrets[i].Fingerprint {
						t.Errorf("result %d: fingerprint %q, want %q", i, fp, tc.secrets[i].Fingerprint)
					}
				} else if r.PartialFingerprints != nil {
					t.Errorf("result %d: a problem has a secret fingerprint", i)
				}
			}
		})
	}
}

func TestFileURI(t *testing.T) {
	cases := []struct{ name, want string }{
		{"run.jsonl", "run.jsonl"},
		{"logs/a b.jsonl", "logs/a%20b.jsonl"},
		{"../logs/50%.jsonl", "../logs/50%25.jsonl"},
		{"a:b.jsonl", "./a:b.jsonl"}, // not read as a scheme
		{"<stdin>", "%3Cstdin%3E"},
	}
	if runtime.GOOS == "windows" {
		cases = append(cases, struct{ name, want string }{`C:\logs\run.jsonl`, "file:///C:/logs/run.jsonl"})
	} else {
		cases = append(cases, struct{ name, want string }{"/var/log/run.jsonl", "file:///var/log/run.jsonl"})
	}
	for _, tc := range cases {
		if got := fileURI(tc.name); got != tc.want {
			t.Errorf("fileURI(%q) = %q, want %q", tc.name, got, tc.want)
		}
		if !formatMatches("uri-reference", fileURI(tc.name)) {
			t.Errorf("fileURI(%q) is not a URI reference", tc.name)
		}
	}
}
