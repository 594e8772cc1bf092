package main

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/zsj-dev/zsj/internal/term"
	"github.com/zsj-dev/zsj/protocol"
)

// The unredacted-secret rule (docs/PROTOCOL.md section 4 rule 9) lives with the
// redaction rules, which package protocol cannot see, so its corpus case
// testdata/invalid/files/unredacted-secret.jsonl is checked here, through
// the validate command. The file is a valid run apart from its secrets.
const secretCase = "../../testdata/invalid/files/unredacted-secret.jsonl"

type jsonProblem struct {
	File, Path, Rule, Severity, Message string
	Line                                int
}

// validateJSON runs zsj validate --format json and returns its exit code
// and problems.
func validateJSON(t *testing.T, args ...string) (int, []jsonProblem, string) {
	t.Helper()
	io, stdout, stderr := term.Test("")
	code := run(io, append([]string{"validate", "--format", "json"}, args...))
	var problems []jsonProblem
	sc := bufio.NewScanner(strings.NewReader(stdout.String()))
	for sc.Scan() {
		if strings.HasPrefix(sc.Text(), `{"summary"`) {
			continue
		}
		var p jsonProblem
		if err := json.Unmarshal(sc.Bytes(), &p); err != nil {
			t.Fatalf("%v: %s", err, sc.Text())
		}
		problems = append(problems, p)
	}
	return code, problems, stdout.String() + stderr.String()
}

func TestValidateWarnsAboutSecrets(t *testing.T) {
	code, problems, out := validateJSON(t, secretCase)
	if code != 0 {
		t.Errorf("exit %d: warnings alone must not fail validate", code)
	}
	var got []string
	for _, p := range problems {
		if p.Rule != protocol.RuleUnredactedSecret || p.Severity != "warning" {
			t.Errorf("unexpected problem %+v", p)
			continue
		}
		got = append(got, filepath.Base(p.File)+":"+strconv.Itoa(p.Line)+" "+p.Path+" "+p.Message)
	}
	want := []string{
		"unredacted-secret.jsonl:2 $.args.command string matches redaction rule sensitive-assignment",
		"unredacted-secret.jsonl:2 $.args.password string matches redaction rule sensitive-key",
		"unredacted-secret.jsonl:3 $.output string matches redaction rule url-password",
		"unredacted-secret.jsonl:4 $.reason string matches redaction rule authorization-header",
		"unredacted-secret.jsonl:4 $.block.reason string matches redaction rule cookie-header",
	}
	if !slices.Equal(got, want) {
		t.Errorf("warnings\n got %q\nwant %q", got, want)
	}
	if strings.Contains(out, "FAKE") {
		t.Errorf("validate printed a secret:\n%s", out)
	}
	if code, _, _ := validateJSON(t, "--strict", secretCase); code != 1 {
		t.Errorf("--strict: exit %d, want 1", code)
	}
}

// TestRedactedLogsValidate: once redacted, the case gives no warning, and
// input events (what a user sent) are not held to the rule.
func TestRedactedLogsValidate(t *testing.T) {
	dir := t.TempDir()
	clean := filepath.Join(dir, "clean.jsonl")
	io, _, stderr := term.Test("")
	if code := run(io, []string{"redact", "-o", clean, secretCase}); code != 0 {
		t.Fatalf("redact: exit %d: %s", code, stderr)
	}
	prompt := filepath.Join(dir, "prompt.jsonl")
	if err := os.WriteFile(prompt, []byte(`{"schemaVersion":2,"type":"prompt","content":"my password=FAKE-pw"}`+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, path := range []string{clean, prompt} {
		if code, problems, _ := validateJSON(t, "--strict", path); code != 0 || len(problems) > 0 {
			t.Errorf("%s: exit %d, problems %+v", filepath.Base(path), code, problems)
		}
	}
}
