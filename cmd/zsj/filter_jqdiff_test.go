package main

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
	"unicode"

	"github.com/zsj-dev/zsj/internal/term"
)

// The differential suite: every program of testdata/jqdiff/programs.txt
// runs with jq and with zsj filter on the same input, and their standard
// outputs (byte for byte) and exit statuses are compared. Each difference
// must be listed in docs/jq.md with its reason, and each program listed
// there must still differ: a new difference fails, and so does one that
// went away and is still listed.

const (
	jqdiffDir  = "testdata/jqdiff"
	jqdiffDocs = "../../docs/jq.md"
)

// jqdiffCase is one line of programs.txt: the input, then the arguments.
type jqdiffCase struct {
	line  string // as written, which names it in docs/jq.md
	input string
	args  []string
}

func TestFilterAgainstJQ(t *testing.T) {
	if raceDetector {
		t.Skip("the differential suite runs without -race (go test ./...)")
	}
	jq, err := exec.LookPath("jq")
	if err != nil {
		if os.Getenv("ZSJ_REQUIRE_JQ") == "1" {
			t.Fatal("jq is required (ZSJ_REQUIRE_JQ=1) and not found; on Debian: apt-get install jq")
		}
		t.Skip("jq not found: the differential suite against jq is skipped (install jq 1.6; ZSJ_REQUIRE_JQ=1 makes this an error)")
	}
	version, _ := exec.Command(jq, "--version").Output()
	if !bytes.HasPrefix(version, []byte("jq-1.6")) {
		if os.Getenv("ZSJ_REQUIRE_JQ") == "1" {
			t.Fatalf("the differential suite compares with jq 1.6; found %s", bytes.TrimSpace(version))
		}
		t.Skipf("the differential suite compares with jq 1.6; found %s", bytes.TrimSpace(version))
	}
	cases := readJQDiffCases(t)
	if len(cases) < 200 {
		t.Fatalf("programs.txt has %d programs; the suite wants at least 200", len(cases))
	}
	documented := readJQDiffDocs(t)

	dir := jqdiffInputs(t)
	t.Chdir(dir)
	found := map[string]string{} // line -> how the outputs differ
	for _, c := range cases {
		if diff := runJQDiffCase(t, jq, c); diff != "" {
			found[c.line] = diff
		}
	}

	var missing []string
	for line, diff := range found {
		if _, ok := documented[line]; !ok {
			missing = append(missing, line)
			t.Errorf("differs from jq 1.6 and is not in docs/jq.md: %s\n%s", line, diff)
		}
	}
	for line := range documented {
		if _, ok := found[line]; !ok {
			t.Errorf("docs/jq.md lists a difference that is gone (remove its row): %s", line)
		}
	}
	if len(missing) > 0 {
		sort.Strings(missing)
		var b strings.Builder
		for _, line := range missing {
			fmt.Fprintf(&b, "| `%s` | REASON |\n", strings.ReplaceAll(line, "|", `\|`))
		}
		t.Logf("rows to add to docs/jq.md, with their reasons:\n%s", b.String())
	}
	t.Logf("%d programs, %d differ from jq 1.6, all listed in docs/jq.md", len(cases), len(found))
}

// runJQDiffCase runs one program with jq and with zsj filter, in the
// working folder, and describes how they differ, or returns "".
func runJQDiffCase(t *testing.T, jq string, c jqdiffCase) string {
	t.Helper()
	args := append([]string{}, c.args...)
	if c.input != "none" {
		args = append(args, jqdiffInputName(c.input))
	}
	cmd := exec.Command(jq, args...)
	cmd.Stdin = strings.NewReader("")
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
	zsjCode := run(io, append([]string{"filter"}, args...))
	var b strings.Builder
	if jqCode != zsjCode {
		fmt.Fprintf(&b, "exit status: jq %d, zsj %d\n", jqCode, zsjCode)
	}
	if !bytes.Equal(jqOut.Bytes(), zsjOut.Bytes()) {
		fmt.Fprintf(&b, "--- jq\n%s--- zsj\n%s", clip(jqOut.String()), clip(zsjOut.String()))
	}
	return b.String()
}

// clip keeps a long output readable in a test log.
func clip(s string) string {
	const max = 600
	if len(s) > max {
		return strconv.Quote(s[:max]) + "...\n"
	}
	return strconv.Quote(s) + "\n"
}

func jqdiffInputName(input string) string {
	switch input {
	case "events":
		return "events.jsonl"
	case "edge":
		return "edge.jsonl"
	case "nonlog":
		return "nonlog.json"
	case "badutf8", "broken":
		return input + ".jsonl"
	}
	return "raw.txt"
}

// jqdiffInputs writes the inputs into a temporary folder: the logs of
// testdata/v2 one after another, and the files of testdata/jqdiff.
func jqdiffInputs(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	var events []byte
	for _, name := range []string{"v2/run.jsonl", "v2/failed.jsonl", "v2/interleaved.jsonl"} {
		data, err := os.ReadFile(filepath.Join("..", "..", "testdata", name))
		if err != nil {
			t.Fatal(err)
		}
		events = append(events, data...)
	}
	writeFile(t, filepath.Join(dir, "events.jsonl"), events)
	for _, name := range []string{"edge.jsonl", "nonlog.json", "raw.txt", "prog.jq", "badutf8.jsonl", "broken.jsonl"} {
		data, err := os.ReadFile(filepath.Join(jqdiffDir, name))
		if err != nil {
			t.Fatal(err)
		}
		writeFile(t, filepath.Join(dir, name), data)
	}
	return dir
}

func readJQDiffCases(t *testing.T) []jqdiffCase {
	t.Helper()
	f, err := os.Open(filepath.Join(jqdiffDir, "programs.txt"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var cases []jqdiffCase
	seen := map[string]bool{}
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		words, err := shellWords(line)
		if err != nil || len(words) < 2 {
			t.Fatalf("programs.txt:%d: %q: want INPUT ARGS... (%v)", n, line, err)
		}
		switch words[0] {
		case "events", "edge", "nonlog", "raw", "badutf8", "broken", "none":
		default:
			t.Fatalf("programs.txt:%d: unknown input %q", n, words[0])
		}
		if seen[line] {
			t.Fatalf("programs.txt:%d: %q is there twice", n, line)
		}
		seen[line] = true
		cases = append(cases, jqdiffCase{line: line, input: words[0], args: words[1:]})
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return cases
}

// shellWords splits a line as sh would, for what programs.txt uses:
// words separated by spaces, '...' quoting everything, "..." quoting with
// \" and \\ escapes, pieces next to each other making one word.
func shellWords(line string) ([]string, error) {
	var words []string
	var word strings.Builder
	inWord := false
	for i := 0; i < len(line); i++ {
		c := line[i]
		switch {
		case c == '\'':
			end := strings.IndexByte(line[i+1:], '\'')
			if end < 0 {
				return nil, fmt.Errorf("unclosed '")
			}
			word.WriteString(line[i+1 : i+1+end])
			i += end + 1
			inWord = true
		case c == '"':
			i++
			for ; i < len(line) && line[i] != '"'; i++ {
				if line[i] == '\\' && i+1 < len(line) && (line[i+1] == '"' || line[i+1] == '\\') {
					i++
				}
				word.WriteByte(line[i])
			}
			if i >= len(line) {
				return nil, fmt.Errorf(`unclosed "`)
			}
			inWord = true
		case unicode.IsSpace(rune(c)):
			if inWord {
				words = append(words, word.String())
				word.Reset()
				inWord = false
			}
		default:
			word.WriteByte(c)
			inWord = true
		}
	}
	if inWord {
		words = append(words, word.String())
	}
	return words, nil
}

// readJQDiffDocs reads the programs listed in the tables of docs/jq.md:
// rows whose first cell is a program of programs.txt in backquotes, with
// | written \|; the second cell is the reason, which must be given.
func readJQDiffDocs(t *testing.T) map[string]string {
	t.Helper()
	data, err := os.ReadFile(jqdiffDocs)
	if err != nil {
		t.Fatal(err)
	}
	listed := map[string]string{}
	for n, row := range strings.Split(string(data), "\n") {
		if !strings.HasPrefix(row, "| `") {
			continue
		}
		cells := splitRow(row)
		if len(cells) < 2 || !strings.HasPrefix(cells[0], "`") || !strings.HasSuffix(cells[0], "`") {
			t.Fatalf("docs/jq.md:%d: want | `PROGRAM` | REASON |", n+1)
		}
		program := strings.Trim(cells[0], "`")
		reason := strings.TrimSpace(cells[1])
		if reason == "" || reason == "REASON" {
			t.Errorf("docs/jq.md:%d: %s has no reason", n+1, program)
		}
		if _, ok := listed[program]; ok {
			t.Errorf("docs/jq.md:%d: %s is listed twice", n+1, program)
		}
		listed[program] = reason
	}
	return listed
}

// splitRow splits a Markdown table row into its cells, trimmed, with \|
// read as |.
func splitRow(row string) []string {
	row = strings.TrimSpace(row)
	row = strings.TrimPrefix(strings.TrimSuffix(row, "|"), "|")
	var cells []string
	var cell strings.Builder
	for i := 0; i < len(row); i++ {
		switch {
		case row[i] == '\\' && i+1 < len(row) && row[i+1] == '|':
			cell.WriteByte('|')
			i++
		case row[i] == '|':
			cells = append(cells, strings.TrimSpace(cell.String()))
			cell.Reset()
		default:
			cell.WriteByte(row[i])
		}
	}
	return append(cells, strings.TrimSpace(cell.String()))
}
