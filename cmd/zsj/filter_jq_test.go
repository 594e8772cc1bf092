package main

import (
	"bytes"
	"encoding/json"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/zsj-dev/zsj/internal/term"
)

// jqCase is one command line run by both jq and zsj filter.
type jqCase struct {
	args []string // flags and expression; the input file follows
	// sorted runs on the events with their keys sorted at every level, for
	// expressions that iterate over objects: gojq iterates in sorted key
	// order, jq 1.6 in insertion order (a documented difference).
	sorted bool
	// raw compares the output text byte for byte; otherwise both outputs
	// are read as JSON values and compared with sorted keys.
	raw bool
}

func jqSame(args ...string) jqCase   { return jqCase{args: args} }
func jqSorted(args ...string) jqCase { return jqCase{args: args, sorted: true} }
func jqRaw(args ...string) jqCase    { return jqCase{args: args, raw: true} }

// jqCases cover selection, paths, map, reduce, string functions, formats,
// -r, -s, -n with inputs and --arg.
var jqCases = []jqCase{
	jqSame("."),
	jqSame(".type"),
	jqSame(`select(.type == "tool_call")`),
	jqSame(`select(.type == "usage") | .totalTokens`),
	jqSame(`select(.type == "usage" and .totalTokens > 2000) | {runId, totalTokens}`),
	jqSame(".args.path"),
	jqSame(".risk.categories[0]"),
	jqSame(`.block.risk.level // "none"`),
	jqSame("{type, id}"),
	jqSame(`{t: .type, n: (.delta // "" | length)}`),
	jqSame(`.a.b.c`),
	jqSame(`has("block")`),
	jqSame(`del(.runId) | .x = 1`),
	jqSame(`getpath(["risk", "level"])`),
	jqSame(`if .type == "usage" then .totalTokens elif .type == "final" then "done" else empty end`),
	jqSame(`[.type | length, (.runId | length)]`),
	jqSame(`.runId | .[4:12]`),
	jqSame(`limit(2; .type, .runId)`),
	jqSame(`try error("x") catch .`),
	jqSame(`keys_unsorted`),
	jqSame(`with_entries(.key |= ascii_upcase)`),
	jqSame(`[.[] | strings] | length`),
	jqSame(`select(.type == "usage") | .promptTokens / .completionTokens`),
	jqSame(`.costUsd // empty | . * 1000 | floor`),
	jqSame(`[.costUsd // empty | ., -., . * 3]`),
	jqSame(`.exitCode // empty | . + 0.5`),
	jqSame(`1e1000, 0.1 + 0.2, 100000000000000000000, 3.0, 1e-5, [nan]`),
	jqSame(`.totalTokens // empty | tostring`),
	jqSame(`[1.5, 100, 0.1, 1e100] | tojson`),
	jqSame(`.delta // empty | ascii_downcase`),
	jqSame(`.delta // empty | split(" ") | length`),
	jqSame(`.delta // empty | ltrimstr(" ") | rtrimstr(".")`),
	jqSame(`select(.type == "tool_call") | .name | startswith("read")`),
	jqSame(`.delta // empty | test("^The")`),
	jqSame(`.delta // empty | sub("the"; "THE")`),
	jqSame(`.delta // empty | gsub("e"; "E")`),
	jqSame(`.delta // empty | [match("[a-z]+"; "g").string] | length`),
	jqSame(`.delta // empty | [splits(", *")]`),
	jqSame(`.delta // empty | indices(", ")`),
	jqSame(`.delta // empty | explode | implode`),
	jqSame(`[.type, .runId] | join(":")`),
	jqSame(`.output // empty | utf8bytelength`),
	jqSame(`.runId | @base32 | @base32d`),
	jqSame(`.promptTokens // empty | todate`),
	jqSame(`map_values(type)`),
	jqSorted(`keys`),
	jqSorted(`to_entries | map(.key)`),
	jqSorted(`[.[]?]`),
	jqSorted(`[paths | map(tostring) | join(".")]`),
	jqSorted(`[leaf_paths] | length`),
	jqSorted(`tostream`),
	jqSorted(`tojson`),
	jqSorted(`tostring`),
	jqRaw("-r", ".type"),
	jqRaw("-r", `.output // empty | @base64`),
	jqRaw("-r", `.output // empty | @base64 | @base64d`),
	jqRaw("-r", `select(.type == "usage") | [.promptTokens, .completionTokens, .costUsd] | @csv`),
	jqRaw("-r", `select(.type == "usage") | [.type, .promptTokens, .costUsd] | @tsv`),
	jqRaw("-r", `select(.type == "tool_call") | [.id, .name] | @tsv`),
	jqRaw("-r", `.text // empty | @html`),
	jqRaw("-r", `.delta // empty | @sh`),
	jqRaw("-r", `.delta // empty | @json`),
	jqRaw("-j", `.type, "\n"`),
	jqRaw("-a", "-c", `.delta // empty`),
	jqSame("-s", `map(.type) | unique`),
	jqSame("-s", `map(select(.type == "usage").totalTokens) | add`),
	jqSame("-s", `map(.costUsd // empty) | add`),
	jqSame("-s", `group_by(.type) | map({type: .[0].type, n: length})`),
	jqSame("-s", `reduce .[] as $e ({}; .[$e.type] += 1)`),
	jqSame("-s", `[.[] | select(.type == "tool_result")] | sort_by(.id) | map(.status)`),
	jqSame("-s", `min_by(.totalTokens // 1e9) | .type`),
	jqSame("-n", `[inputs | .type] | length`),
	jqSame("-n", `reduce inputs as $e (0; . + ($e.totalTokens // 0))`),
	jqSame("-n", `input | .type`),
	jqSame("-n", `first(inputs | select(.type == "final")) | .text`),
	jqSame("--arg", "t", "usage", `select(.type == $t) | .totalTokens`),
	jqSame("--argjson", "n", "2", `select(.schemaVersion == $n) | .type`),
	jqSame("-n", "--arg", "a", "x", `$ARGS.named`),
	jqSame("-e", ".truncated"),
	jqSame("-e", "empty"),
	jqSame("input_filename"),
	jqSame("input_line_number"),
	jqSame("$__loc__"),
}

// knownDifferences are cases where zsj filter is known to differ from jq
// 1.6; filters/doc.go says why. They run, and their outcome is logged.
var knownDifferences = []jqCase{
	jqSame(`to_entries | map(.key)`), // insertion vs sorted key order
	jqSame(`tojson`),
	jqSame(`[-0]`),                        // gojq: 0
	jqSame(`ltrimstr(1)`),                 // gojq fails
	jqRaw("-r", `.delta // empty | @uri`), // gojq escapes '
	jqSame(`if .type == "run_start" then error("x") else 1 end`), // jq 1.6 exits with the last event's status
}

func TestFilterMatchesJQ(t *testing.T) {
	jq, err := exec.LookPath("jq")
	if err != nil {
		if os.Getenv("ZSJ_REQUIRE_JQ") == "1" {
			t.Fatal("jq is required (ZSJ_REQUIRE_JQ=1) and not found")
		}
		t.Skip("jq not found: the comparison with jq is skipped (ZSJ_REQUIRE_JQ=1 makes this an error)")
	}
	if out, _ := exec.Command(jq, "--version").Output(); !bytes.HasPrefix(out, []byte("jq-1.6")) {
		t.Logf("comparing with %s; the known differences are those of jq 1.6", bytes.TrimSpace(out))
	}
	dir := t.TempDir()
	events := filepath.Join(dir, "events.jsonl")
	var all []byte
	for _, name := range []string{"v2/run.jsonl", "v2/failed.jsonl", "v2/interleaved.jsonl"} {
		data, err := os.ReadFile(filepath.Join("..", "..", "testdata", name))
		if err != nil {
			t.Fatal(err)
		}
		all = append(all, data...)
	}
	writeFile(t, events, all)
	sortedEvents := filepath.Join(dir, "sorted.jsonl")
	out, err := exec.Command(jq, "-c", "-S", ".", events).Output()
	if err != nil {
		t.Fatal(err)
	}
	writeFile(t, sortedEvents, out)

	if len(jqCases) < 40 {
		t.Fatalf("only %d expressions", len(jqCases))
	}
	for _, tc := range jqCases {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			input := events
			if tc.sorted {
				input = sortedEvents
			}
			if diff := compareWithJQ(t, jq, tc, input); diff != "" {
				t.Error(diff)
			}
		})
	}
	for _, tc := range knownDifferences {
		if diff := compareWithJQ(t, jq, tc, events); diff != "" {
			t.Logf("known difference, %s: %s", strings.Join(tc.args, " "), firstLine(diff))
		} else {
			t.Logf("known difference, %s: none seen", strings.Join(tc.args, " "))
		}
	}
}

// compareWithJQ runs a case with jq and with zsj filter and describes how
// they differ, or returns "".
func compareWithJQ(t *testing.T, jq string, tc jqCase, input string) string {
	t.Helper()
	cmd := exec.Command(jq, append(append([]string{}, tc.args...), input)...)
	var jqOut bytes.Buffer
	cmd.Stdout = &jqOut
	jqCode := 0
	if err := cmd.Run(); err != nil {
		ee, ok := err.(*exec.ExitError)
		if !ok {
			t.Fatal(err)
		}
		jqCode = ee.ExitCode()
	}
	io, zsjOut, _ := term.Test("")
	zsjCode := run(io, append(append([]string{"filter"}, tc.args...), input))

	want, got := jqOut.String(), zsjOut.String()
	if !tc.raw {
		want, got = canonicalJSON(want), canonicalJSON(got)
	}
	switch {
	case jqCode != zsjCode:
		return "exit status: jq " + strconv.Itoa(jqCode) + ", zsj " + strconv.Itoa(zsjCode)
	case want != got:
		return "output differs:\n--- jq\n" + want + "--- zsj\n" + got
	}
	return ""
}

// canonicalJSON rewrites a stream of JSON values with sorted keys, one
// per line, and every number as a float64 in one spelling: what jq -S -c
// would make of both outputs, without running jq again. Text that is not
// JSON stays as it is.
func canonicalJSON(text string) string {
	dec := json.NewDecoder(strings.NewReader(text))
	dec.UseNumber()
	var b strings.Builder
	for {
		var v any
		if err := dec.Decode(&v); err == io.EOF {
			return b.String()
		} else if err != nil {
			return "not JSON: " + text
		}
		out, err := json.Marshal(floats(v))
		if err != nil {
			return "not JSON: " + text
		}
		b.Write(out)
		b.WriteByte('\n')
	}
}

// floats turns json.Numbers into float64s, as jq 1.6 holds all numbers.
func floats(v any) any {
	switch v := v.(type) {
	case json.Number:
		f, _ := strconv.ParseFloat(string(v), 64)
		return f
	case []any:
		for i := range v {
			v[i] = floats(v[i])
		}
	case map[string]any:
		for k := range v {
			v[k] = floats(v[k])
		}
	}
	return v
}

func writeFile(t *testing.T, path string, data []byte) {
	t.Helper()
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}
