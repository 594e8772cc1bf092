package replay

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

func TestParseZeroArgs(t *testing.T) {
	for _, tc := range []struct {
		args    string
		want    zeroCall
		wantErr string
	}{
		{args: "exec hi there", want: zeroCall{inputFormat: "text", prompt: "hi there", hasPrompt: true}},
		{args: "exec --output-format stream-json --input-format=stream-json",
			want: zeroCall{inputFormat: "stream-json", outputFormat: "stream-json"}},
		{args: "exec --file in.jsonl --input-format stream-json -- --not-a-flag",
			want: zeroCall{inputFormat: "stream-json", file: "in.jsonl", prompt: "--not-a-flag", hasPrompt: true}},
		{args: "exec -", want: zeroCall{inputFormat: "text", prompt: "-", hasPrompt: true}},
		{args: "--version", want: zeroCall{version: true, inputFormat: "text"}},
		{args: "", wantErr: "no command"},
		{args: "chat hi", wantErr: `command "chat"`},
		{args: "exec --output-format text hi", wantErr: `unsupported output format "text"`},
		{args: "exec --input-format yaml", wantErr: `unsupported input format "yaml"`},
		{args: "exec --model x", wantErr: "unknown flag --model"},
		{args: "exec --file", wantErr: "flag --file needs a value"},
	} {
		t.Run(tc.args, func(t *testing.T) {
			got, err := parseZeroArgs(strings.Fields(tc.args))
			if tc.wantErr != "" {
				var usage *zeroUsageError
				if !errors.As(err, &usage) || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("error %v, want a usage error saying %q", err, tc.wantErr)
				}
				return
			}
			if err != nil || got != tc.want {
				t.Fatalf("got %+v, %v; want %+v", got, err, tc.want)
			}
		})
	}
}

func TestBuildPrompt(t *testing.T) {
	const (
		msg    = `{"schemaVersion":2,"type":"message","role":"user","content":"Inspect this repo."}`
		prompt = `{"schemaVersion":2,"type":"prompt","content":"Return only blockers.\n"}`
	)
	events := zeroCall{inputFormat: "stream-json"}
	for _, tc := range []struct {
		name        string
		call        zeroCall
		data        string
		version     int
		want        string
		wantProblem string
	}{
		{"events joined by a blank line, blank lines ignored", events, msg + "\n\n \n" + prompt + "\n", 2,
			"Inspect this repo.\n\nReturn only blockers.\n", ""},
		{"the PROMPT argument first", zeroCall{inputFormat: "stream-json", prompt: "First.", hasPrompt: true}, msg, 2,
			"First.\n\nInspect this repo.", ""},
		{"CRLF line ends", events, msg + "\r\n" + prompt + "\r\n", 2, "Inspect this repo.\n\nReturn only blockers.\n", ""},
		{"text on stdin loses its last line end", zeroCall{inputFormat: "text"}, "fix it\n", 2, "fix it", ""},
		{"text argument", zeroCall{inputFormat: "text", prompt: "fix it", hasPrompt: true}, "", 2, "fix it", ""},
		{"version 1 input for a version 1 fixture", events, strings.Replace(msg, ":2,", ":1,", 1), 1, "Inspect this repo.", ""},
		{"unknown field", events, msg + "\n" + `{"schemaVersion":2,"type":"prompt","content":"x","model":"y"}`, 2, "",
			`input line 2: unknown field "model" in a prompt event [unknown-field]`},
		{"wrong schemaVersion", events, strings.Replace(msg, ":2,", ":1,", 1), 2, "",
			"input line 1: schemaVersion is 1, expected 2 [version-mismatch]"},
		{"role other than user", events, strings.Replace(msg, `"user"`, `"assistant"`, 1), 2, "",
			`input line 1: role must be one of "user" [bad-enum]`},
		{"empty content", events, "\n\n" + `{"schemaVersion":2,"type":"prompt","content":""}`, 2, "",
			"input line 3: content must not be empty [empty-string]"},
		{"not JSON", events, "hello\n", 2, "", "input line 1: "},
		{"an output event", events, `{"schemaVersion":2,"type":"text","runId":"r","delta":"d"}`, 2, "",
			`input line 1: "text" is an output event`},
		{"no events", events, "\n\n", 2, "", "no input events"},
		{"no prompt", zeroCall{inputFormat: "text"}, "", 2, "", "no prompt"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, problem := buildPrompt(tc.call, []byte(tc.data), tc.version)
			if tc.wantProblem != "" {
				if !strings.HasPrefix(problem, tc.wantProblem) {
					t.Fatalf("problem %q, want %q", problem, tc.wantProblem)
				}
				return
			}
			if problem != "" || got != tc.want {
				t.Fatalf("prompt %q, problem %q; want %q", got, problem, tc.want)
			}
		})
	}
}

func TestExpectedPrompt(t *testing.T) {
	file := filepath.Join(t.TempDir(), "p.txt")
	if err := os.WriteFile(file, []byte("line one\n\nline two\r\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for in, want := range map[string]string{
		"plain":      "plain",
		"@" + file:   "line one\n\nline two",
		"@@mention":  "@mention",
		"":           "",
		"a @ in it.": "a @ in it.",
	} {
		if got, err := ExpectedPrompt(in); err != nil || got != want {
			t.Errorf("%q: got %q, %v; want %q", in, got, err, want)
		}
	}
	if _, err := ExpectedPrompt("@" + file + ".missing"); err == nil {
		t.Error("a missing @FILE was accepted")
	}
}

func TestZeroExecRun(t *testing.T) {
	fixture := filepath.Join("..", "testdata", "v2", "failed.jsonl")
	want, err := os.ReadFile(fixture)
	if err != nil {
		t.Fatal(err)
	}
	firstLine := string(want[:bytes.IndexByte(want, '\n')+1])
	input := `{"schemaVersion":2,"type":"prompt","content":"fix the build"}` + "\n"
	for _, tc := range []struct {
		name       string
		args       string
		stdin      string
		expect     string // --expect-prompt, when not ""
		exit       int
		wantOut    string // the whole stdout, or with wantError its first line
		wantError  string // the code of the error event the run must end with
		wantStderr string
	}{
		{name: "replays after good input", args: "exec --output-format stream-json --input-format stream-json",
			stdin: input, expect: "fix the build", exit: 3, wantOut: string(want)},
		{name: "prompt as argument", args: "exec --output-format stream-json fix the build",
			expect: "fix the build", exit: 3, wantOut: string(want)},
		{name: "invalid input", args: "exec --input-format stream-json", stdin: input + "{}\n",
			exit: 2, wantOut: firstLine, wantError: CodeInvalidInput},
		{name: "unexpected prompt", args: "exec --input-format stream-json", stdin: input, expect: "fix the tests",
			exit: 1, wantOut: firstLine, wantError: CodeUnexpectedPrompt, wantStderr: "differs from --expect-prompt at byte 8"},
		{name: "usage", args: "exec --output-format json", exit: 2, wantStderr: `zero: error: unsupported output format "json"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			capture := filepath.Join(t.TempDir(), "captured")
			z := &ZeroExec{
				Fixture: fixture, ExpectPrompt: tc.expect, HasExpect: tc.expect != "", CaptureInput: capture,
				Stdin: strings.NewReader(tc.stdin), Stdout: &stdout, Stderr: &stderr,
			}
			code, err := z.Run(strings.Fields(tc.args))
			if err != nil {
				t.Fatal(err)
			}
			if code != tc.exit {
				t.Fatalf("exit %d, want %d; stderr %s", code, tc.exit, stderr.String())
			}
			if !strings.Contains(stderr.String(), tc.wantStderr) {
				t.Fatalf("stderr %q, want it to say %q", stderr.String(), tc.wantStderr)
			}
			if tc.wantError != "" {
				checkErrorRun(t, stdout.String(), tc.wantOut, tc.wantError, tc.exit)
			} else if stdout.String() != tc.wantOut {
				t.Fatalf("stdout\n%s\nwant\n%s", stdout.String(), tc.wantOut)
			}
			if tc.stdin != "" {
				if got, _ := os.ReadFile(capture); string(got) != tc.stdin {
					t.Fatalf("captured %q, want %q", got, tc.stdin)
				}
			}
		})
	}
}

// checkErrorRun checks a refusal: the fixture's run_start, an error event
// with code, a run_end with status error and exit, and a valid log.
func checkErrorRun(t *testing.T, out, runStart, code string, exit int) {
	t.Helper()
	lines := strings.SplitAfter(strings.TrimSuffix(out, "\n"), "\n")
	if len(lines) != 3 || lines[0] != runStart {
		t.Fatalf("got\n%s\nwant the fixture's run_start, an error and a run_end", out)
	}
	if !strings.Contains(lines[1], `"type":"error","runId":"run_20260603_def456","code":"`+code+`"`) {
		t.Fatalf("error event %s, want code %s", lines[1], code)
	}
	if !strings.Contains(lines[2], `"status":"error","exitCode":`+strconv.Itoa(exit)+"}") {
		t.Fatalf("run_end %s, want exit code %d", lines[2], exit)
	}
	validLog(t, out)
}
