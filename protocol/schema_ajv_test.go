package protocol

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// The conformance test: ajv, a JSON Schema validator written independently
// of zsj, judges single lines with the schema zsj exports, and its verdict
// must match zsj's own validator on every line a schema can judge. The two
// sides share no code, so a rule one of them gets wrong shows up as a
// disagreement.

// schemaBlindRules are rules about the bytes of a line, which a JSON Schema
// cannot see: it judges the value a parser built, after the parser has
// rejected, repaired or chosen. Cases of these rules are skipped.
var schemaBlindRules = map[string]string{
	RuleInvalidJSON:      "the parser rejects the line before a schema runs",
	RuleTrailingData:     "the parser rejects the second value before a schema runs",
	RuleInvalidUTF8:      "the bytes are decoded, and bad ones replaced, before a schema sees a string",
	RuleTooDeep:          "nesting depth is a parser limit; the schema allows any args",
	RuleDuplicateKey:     "the parser keeps one of the values; a schema sees a single key",
	RuleTruncatedLine:    "the end of the input, not a value, is wrong",
	RuleBOM:              "a byte order mark belongs to the file, not to an event",
	RuleUnredactedSecret: "redaction patterns are not part of the schema (and only warn)",
}

const (
	ajvDir         = "../testdata/ajv"
	ajvRequiredEnv = "ZSJ_REQUIRE_AJV" // CI sets it to 1 so a missing ajv fails instead of skipping
)

// schemaCase is one line to judge.
type schemaCase struct {
	where   string // file:line, for messages
	want    string // "valid" or "invalid" when the case knows its verdict
	line    []byte
	version int
	kind    Kind
}

// schemaOwnCases cover the corners where JSON Schema semantics and the
// protocol's words must meet: integral floats are integers, lengths count
// characters, and v1 carries violation. They run before the shared corpus
// exists and keep running after.
var schemaOwnCases = []struct {
	name, want, line string
}{
	{"exit code 3.0 is an integer", "valid", `{"schemaVersion":2,"type":"run_end","runId":"r1","status":"error","exitCode":3.0}`},
	{"exit code 1e2 is an integer", "valid", `{"schemaVersion":2,"type":"run_end","runId":"r1","status":"error","exitCode":1e2}`},
	{"exit code 0.0 is zero", "valid", `{"schemaVersion":2,"type":"run_end","runId":"r1","status":"success","exitCode":0.0}`},
	{"exit code 0.0 with error", "invalid", `{"schemaVersion":2,"type":"run_end","runId":"r1","status":"error","exitCode":0.0}`},
	{"exit code above 32 bits", "valid", `{"schemaVersion":2,"type":"run_end","runId":"r1","status":"error","exitCode":4294967296}`},
	{"exit code as a string", "invalid", `{"schemaVersion":2,"type":"run_end","runId":"r1","status":"error","exitCode":"1"}`},
	{"count zero and fractional cost", "valid", `{"schemaVersion":2,"type":"usage","runId":"r1","promptTokens":0,"costUsd":0.0125}`},
	{"count in exponent form", "valid", `{"schemaVersion":2,"type":"usage","runId":"r1","promptTokens":1e3}`},
	{"count out of float range", "invalid", `{"schemaVersion":2,"type":"usage","runId":"r1","promptTokens":1e400}`},
	{"usage without counts", "valid", `{"schemaVersion":2,"type":"usage","runId":"r1"}`},
	{"id of 128 characters", "valid", `{"schemaVersion":2,"type":"text","runId":"` + strings.Repeat("r", 128) + `","delta":""}`},
	{"id of 129 characters", "invalid", `{"schemaVersion":2,"type":"text","runId":"` + strings.Repeat("r", 129) + `","delta":""}`},
	{"id with every allowed sign", "valid", `{"schemaVersion":2,"type":"text","runId":"0a.B_c:d-","delta":""}`},
	{"id written with escapes", "valid", `{"schemaVersion":2,"type":"text","runId":"run\u005f1","delta":""}`},
	{"empty text is text", "valid", `{"schemaVersion":2,"type":"final","runId":"r1","text":""}`},
	{"non-empty escaped to one character", "valid", `{"schemaVersion":2,"type":"warning","runId":"r1","message":"\u00e9"}`},
	{"args of any JSON type", "valid", `{"schemaVersion":2,"type":"tool_call","runId":"r1","id":"c1","name":"bash","args":null}`},
	{"v1 violation", "valid", `{"schemaVersion":1,"type":"tool_result","runId":"r1","id":"c1","status":"error","output":"","truncated":false,"violation":{"code":"network"}}`},
	{"v1 block", "invalid", `{"schemaVersion":1,"type":"tool_result","runId":"r1","id":"c1","status":"error","output":"","truncated":false,"block":{"code":"network"}}`},
	{"v1 violation with unknown key", "invalid", `{"schemaVersion":1,"type":"tool_call","runId":"r1","id":"c1","name":"bash","violation":{"code":"network","why":"x"}}`},
	{"v2 block with every field", "valid", `{"schemaVersion":2,"type":"tool_call","runId":"r1","id":"c1","name":"bash","block":{"code":"network","toolName":"bash","action":"deny","risk":{"level":"high","categories":["network"]},"reason":"","recoverable":false}}`},
	{"input event with runId", "invalid", `{"schemaVersion":2,"type":"prompt","runId":"r1","content":"Go."}`},
	{"input message", "valid", `{"schemaVersion":1,"type":"message","role":"user","content":"Go."}`},
	{"type not a string", "invalid", `{"schemaVersion":2,"type":7,"runId":"r1"}`},
	{"unknown type", "invalid", `{"schemaVersion":2,"type":"thinking","runId":"r1","delta":""}`},
	{"schema version 2.0 is 2", "valid", `{"schemaVersion":2.0,"type":"text","runId":"r1","delta":""}`},
	{"type written with escapes", "valid", `{"schemaVersion":2,"type":"t\u0065xt","runId":"r1","delta":""}`},
	{"key written with escapes", "valid", `{"schemaVersion":2,"type":"text","runId":"r1","d\u0065lta":""}`},
	{"role written with escapes", "valid", `{"schemaVersion":2,"type":"message","role":"\u0075ser","content":"Go."}`},
	{"status written with escapes", "invalid", `{"schemaVersion":2,"type":"run_end","runId":"r1","status":"\u0065rror","exitCode":0}`},
	{"empty risk categories", "valid", `{"schemaVersion":2,"type":"permission_request","runId":"r1","id":"c1","name":"bash","action":"prompt","permission":"prompt","risk":{"level":"low","categories":[]}}`},
	{"unusual action only warns", "valid", `{"schemaVersion":2,"type":"permission_request","runId":"r1","id":"c1","name":"bash","action":"escalate","permission":"prompt"}`},
}

func TestSchemaAjvConformance(t *testing.T) {
	node := requireAjv(t)
	var cases []schemaCase
	for _, c := range schemaOwnCases {
		version, kind := schemaTarget([]byte(c.line))
		cases = append(cases, schemaCase{where: c.name, want: c.want, line: []byte(c.line), version: version, kind: kind})
	}
	cases = append(cases, schemaValidLogCases(t)...)
	corpus, skipped := schemaCorpusCases(t)
	cases = append(cases, corpus...)

	verdicts := ajvVerdicts(t, node, cases)
	agreed := 0
	for i, c := range cases {
		ajv, detail, _ := strings.Cut(verdicts[i], "\t")
		zsj, problems := zsjVerdict(c.line)
		switch {
		case ajv != zsj:
			if detail != "" {
				ajv += " (" + detail + ")"
			}
			t.Errorf("%s: ajv says %s, zsj says %s (%s)\n\t%s", c.where, ajv, zsj, problems, c.line)
		case c.want != "" && ajv != c.want:
			t.Errorf("%s: both say %s, want %s (%s)\n\t%s", c.where, ajv, c.want, problems, c.line)
		default:
			agreed++
		}
	}
	t.Logf("%d cases, %d agreed; skipped %d corpus cases of rules a schema cannot see", len(cases), agreed, skipped)
}

// requireAjv finds node and the installed ajv, or skips the test; with
// ZSJ_REQUIRE_AJV=1 a missing piece fails it instead.
func requireAjv(t *testing.T) string {
	t.Helper()
	missing := func(format string, args ...any) {
		msg := fmt.Sprintf(format, args...)
		if os.Getenv(ajvRequiredEnv) == "1" {
			t.Fatalf("%s (%s=1)", msg, ajvRequiredEnv)
		}
		t.Skip(msg)
	}
	node, err := exec.LookPath("node")
	if err != nil {
		missing("node is not installed: the schema conformance test needs Node.js")
	}
	if _, err := os.Stat(filepath.Join(ajvDir, "node_modules", "ajv")); err != nil {
		missing("ajv is not installed in %s: run npm ci --prefix testdata/ajv", ajvDir)
	}
	return node
}

// schemaTarget picks the schema a line is judged by: the version its
// schemaVersion names when that is 1 or 2, the kind its type belongs to,
// and version 2 output otherwise, so a bad version or type fails there.
func schemaTarget(line []byte) (int, Kind) {
	var head struct {
		SchemaVersion any `json:"schemaVersion"`
		Type          any `json:"type"`
	}
	version, kind := 2, Output
	if json.Unmarshal(line, &head) != nil {
		return version, kind
	}
	if v, ok := head.SchemaVersion.(float64); ok && (v == 1 || v == 2) {
		version = int(v)
	}
	if head.Type == "message" || head.Type == "prompt" {
		kind = Input
	}
	return version, kind
}

// schemaValidLogCases are the lines of the valid logs, each judged by its
// file's version and kind (those of the file's first event).
func schemaValidLogCases(t *testing.T) []schemaCase {
	t.Helper()
	var cases []schemaCase
	for _, dir := range []string{"../testdata/v1", "../testdata/v2", "../testdata/input"} {
		paths, err := filepath.Glob(filepath.Join(dir, "*.jsonl"))
		if err != nil {
			t.Fatal(err)
		}
		if len(paths) == 0 {
			t.Errorf("no valid logs in %s", dir)
		}
		for _, path := range paths {
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			version, kind := 0, Output
			for i, line := range bytes.Split(data, []byte("\n")) {
				line = bytes.TrimSuffix(line, []byte("\r"))
				if len(bytes.TrimLeft(line, " \t")) == 0 {
					continue
				}
				if version == 0 {
					version, kind = schemaTarget(line)
				}
				cases = append(cases, schemaCase{
					where: path + ":" + strconv.Itoa(i+1), want: "valid",
					line: line, version: version, kind: kind,
				})
			}
		}
	}
	return cases
}

// schemaCorpusCases reads the invalid corpus, lines.txt: RULE<TAB>LINE per
// case, # for comments. A case of an error rule must be invalid; one of a
// warning rule must be valid, since warnings are not failures.
func schemaCorpusCases(t *testing.T) (cases []schemaCase, skipped int) {
	t.Helper()
	data, err := os.ReadFile("../testdata/invalid/lines.txt")
	if err != nil {
		t.Fatal(err)
	}
	severity := map[string]Severity{}
	for _, r := range Rules {
		severity[r.Code] = r.Severity
	}
	for i, line := range bytes.Split(data, []byte("\n")) {
		if len(line) == 0 || line[0] == '#' {
			continue
		}
		where := "lines.txt:" + strconv.Itoa(i+1)
		rule, text, ok := bytes.Cut(line, []byte("\t"))
		if !ok {
			t.Fatalf("%s: want RULE<TAB>LINE", where)
		}
		if _, blind := schemaBlindRules[string(rule)]; blind {
			skipped++
			continue
		}
		sev, known := severity[string(rule)]
		if !known {
			t.Errorf("%s: unknown rule %q", where, rule)
			continue
		}
		want := "invalid"
		if sev == Warning {
			want = "valid"
		}
		version, kind := schemaTarget(text)
		cases = append(cases, schemaCase{
			where: where + " (" + string(rule) + ")", want: want,
			line: text, version: version, kind: kind,
		})
	}
	return cases, skipped
}

// zsjVerdict is "valid" when zsj finds no error in the line on its own
// (warnings do not count), with the rules it reported.
func zsjVerdict(line []byte) (verdict, rules string) {
	var errs, warns []string
	for _, p := range ValidateEvent(line, Options{}) {
		if p.Severity == Error {
			errs = append(errs, p.Rule+" at "+p.Path)
		} else {
			warns = append(warns, p.Rule)
		}
	}
	rules = "errors: " + strings.Join(errs, ", ") + "; warnings: " + strings.Join(warns, ", ")
	if len(errs) > 0 {
		return "invalid", rules
	}
	return "valid", rules
}

// ajvVerdicts runs check.mjs once per schema and returns its output line
// for each case, in the order of cases.
func ajvVerdicts(t *testing.T, node string, cases []schemaCase) []string {
	t.Helper()
	type target struct {
		version int
		kind    Kind
	}
	groups := map[target][]int{} // indexes into cases
	var order []target
	for i, c := range cases {
		k := target{c.version, c.kind}
		if _, seen := groups[k]; !seen {
			order = append(order, k)
		}
		groups[k] = append(groups[k], i)
	}
	dir := t.TempDir()
	verdicts := make([]string, len(cases))
	for _, k := range order {
		schema, err := Schema(k.version, k.kind)
		if err != nil {
			t.Fatal(err)
		}
		name := fmt.Sprintf("v%d-%s", k.version, k.kind)
		schemaPath := filepath.Join(dir, name+".schema.json")
		casesPath := filepath.Join(dir, name+".jsonl")
		var lines bytes.Buffer
		for _, i := range groups[k] {
			lines.Write(cases[i].line)
			lines.WriteByte('\n')
		}
		if err := os.WriteFile(schemaPath, schema, 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(casesPath, lines.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command(node, filepath.Join(ajvDir, "check.mjs"), schemaPath, casesPath)
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("check.mjs with the %s schema: %v\n%s", name, err, stderr.Bytes())
		}
		got := strings.Split(strings.TrimSuffix(string(out), "\n"), "\n")
		if len(got) != len(groups[k]) {
			t.Fatalf("check.mjs with the %s schema: %d verdicts for %d lines", name, len(got), len(groups[k]))
		}
		for j, i := range groups[k] {
			verdicts[i] = got[j]
		}
	}
	return verdicts
}
