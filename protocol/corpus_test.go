package protocol

import (
	"bufio"
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// The invalid corpus in testdata/invalid names, for every case, the rule
// it must trigger: adding a case is adding a line (lines.txt) or a file
// (files/RULE.jsonl, files/RULE.N.jsonl). A rule with no case, or a case
// that no longer triggers its rule, fails here.

const corpusDir = "../testdata/invalid"

type corpusCase struct {
	name string // where the case is, for messages
	rule string
	data []byte // the whole input
}

// lineCases reads lines.txt: "RULE<TAB>LINE" per case, # for comments.
func lineCases(t *testing.T) []corpusCase {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(corpusDir, "lines.txt"))
	if err != nil {
		t.Fatal(err)
	}
	var cases []corpusCase
	for i, line := range bytes.Split(data, []byte("\n")) {
		if len(line) == 0 || line[0] == '#' {
			continue
		}
		rule, text, ok := bytes.Cut(line, []byte("\t"))
		if !ok {
			t.Fatalf("lines.txt:%d: want RULE<TAB>LINE", i+1)
		}
		cases = append(cases, corpusCase{name: "lines.txt:" + strconv.Itoa(i+1), rule: string(rule), data: text})
	}
	return cases
}

// fileCases reads files/: the file name up to the first dot is the rule.
func fileCases(t *testing.T) []corpusCase {
	t.Helper()
	paths, err := filepath.Glob(filepath.Join(corpusDir, "files", "*.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	var cases []corpusCase
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		rule, _, _ := strings.Cut(filepath.Base(p), ".")
		cases = append(cases, corpusCase{name: "files/" + filepath.Base(p), rule: rule, data: data})
	}
	return cases
}

// validateAll runs a whole input through a FileValidator the way the
// validate command does, splitting lines by hand so this package's tests
// need nothing else of the project.
func validateAll(data []byte, opts Options) []Problem {
	var problems []Problem
	v := NewFileValidator("case", opts, func(p Problem) { problems = append(problems, p) })
	if rest, ok := bytes.CutPrefix(data, []byte{0xef, 0xbb, 0xbf}); ok {
		v.BOM()
		data = rest
	}
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, 1<<30)
	sc.Split(splitKeepingEOL)
	num := 0
	for sc.Scan() {
		num++
		line := sc.Bytes()
		noEOL := !bytes.HasSuffix(line, []byte("\n"))
		line = bytes.TrimSuffix(bytes.TrimSuffix(line, []byte("\n")), []byte("\r"))
		v.Line(num, line, noEOL)
	}
	v.End()
	return problems
}

func splitKeepingEOL(data []byte, atEOF bool) (int, []byte, error) {
	if i := bytes.IndexByte(data, '\n'); i >= 0 {
		return i + 1, data[:i+1], nil
	}
	if atEOF && len(data) > 0 {
		return len(data), data, nil
	}
	return 0, nil, nil
}

func hasRule(problems []Problem, rule string) bool {
	for _, p := range problems {
		if p.Rule == rule {
			return true
		}
	}
	return false
}

func TestInvalidLines(t *testing.T) {
	for _, tc := range lineCases(t) {
		t.Run(tc.name, func(t *testing.T) {
			problems := validateAll(append(tc.data, '\n'), Options{NoRunChecks: true})
			if !hasRule(problems, tc.rule) {
				t.Errorf("%s: want rule %s, got %v\nline: %q", tc.name, tc.rule, problems, tc.data)
			}
			checkProblemShape(t, problems, 1)
		})
	}
}

func TestInvalidFiles(t *testing.T) {
	for _, tc := range fileCases(t) {
		t.Run(tc.name, func(t *testing.T) {
			opts := Options{}
			if tc.rule == RuleVersionMismatch {
				opts.SchemaVersion = 2
			}
			problems := validateAll(tc.data, opts)
			if tc.rule == RuleUnredactedSecret {
				// The rule lives with the redaction rules, which this package
				// cannot see: cmd/zsj/validate_secret_test.go checks the case.
				// Here the file must be a valid log apart from its secrets.
				if len(problems) > 0 {
					t.Errorf("%s: want no other problem, got %v", tc.name, problems)
				}
				return
			}
			if !hasRule(problems, tc.rule) {
				t.Errorf("%s: want rule %s, got %v", tc.name, tc.rule, problems)
			}
			checkProblemShape(t, problems, bytes.Count(tc.data, []byte("\n"))+1)
		})
	}
}

// checkProblemShape: every problem is on a real line, names a known rule,
// and has a message.
func checkProblemShape(t *testing.T, problems []Problem, lines int) {
	t.Helper()
	for _, p := range problems {
		if p.Line < 1 || p.Line > lines {
			t.Errorf("problem on line %d of a %d-line input: %+v", p.Line, lines, p)
		}
		if _, ok := ruleSeverity[p.Rule]; !ok {
			t.Errorf("unknown rule code %q", p.Rule)
		}
		if p.Message == "" || strings.HasSuffix(p.Message, ".") {
			t.Errorf("message %q: want plain words without a final period", p.Message)
		}
	}
}

// TestEveryRuleHasACase makes removing a rule's check fail a test: each
// rule code must be the annotation of at least one corpus case.
func TestEveryRuleHasACase(t *testing.T) {
	covered := map[string]bool{}
	for _, tc := range append(lineCases(t), fileCases(t)...) {
		covered[tc.rule] = true
	}
	for _, r := range Rules {
		if r.Code == RuleUnredactedSecret {
			continue // its case is checked by cmd/zsj/validate_secret_test.go, which sees the redaction rules
		}
		if !covered[r.Code] {
			t.Errorf("rule %s has no case in testdata/invalid", r.Code)
		}
	}
	for rule := range covered {
		if _, ok := ruleSeverity[rule]; !ok {
			t.Errorf("testdata/invalid names unknown rule %q", rule)
		}
	}
}

// TestValidFixtures: the valid logs in testdata pass even --strict.
func TestValidFixtures(t *testing.T) {
	paths, _ := filepath.Glob("../testdata/v[12]/*.jsonl")
	inputs, _ := filepath.Glob("../testdata/input/*.jsonl")
	paths = append(paths, inputs...)
	if len(paths) == 0 {
		t.Fatal("no fixtures found")
	}
	for _, p := range paths {
		t.Run(filepath.Base(filepath.Dir(p))+"/"+filepath.Base(p), func(t *testing.T) {
			data, err := os.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			if problems := validateAll(data, Options{Strict: true}); len(problems) > 0 {
				t.Errorf("%s: want no problems, got %v", p, problems)
			}
		})
	}
}
