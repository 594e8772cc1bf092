package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
)

// Where, inside the gitleaks module, the catalogue is built.
const (
	generatorDir = "cmd/generate/config" // main.go lists every rule
	rulesPkg     = generatorDir + "/rules"
	utilsDir     = generatorDir + "/utils" // Validate, ValidateWithPaths
	secretsDir   = "cmd/generate/secrets"  // NewSecret
)

// recordFile replaces Validate and ValidateWithPaths in the copied utils
// package: instead of stopping on a sample the rule gets wrong, they note
// every sample and, for a true one, the secrets gitleaks' own detector
// (built the way the replaced functions build it) extracts from it.
const recordFile = `package utils

import (
	"strings"

	"github.com/zricethezav/gitleaks/v8/config"
	"github.com/zricethezav/gitleaks/v8/detect"
	"github.com/zricethezav/gitleaks/v8/report"
)

type RecordedSample struct {
	Sample  string   ` + "`json:\"sample\"`" + `
	Path    string   ` + "`json:\"path,omitempty\"`" + `
	Secrets []string ` + "`json:\"secrets,omitempty\"`" + `
	ByAll   bool     ` + "`json:\"byAllRules,omitempty\"`" + `
}

var allRules *detect.Detector

// byAllRules reports whether gitleaks' whole default configuration, on
// the sample alone, finds secret in it (secret "": finds anything).
func byAllRules(sample, secret string) bool {
	if allRules == nil {
		d, err := detect.NewDetectorDefaultConfig()
		if err != nil {
			panic(err)
		}
		allRules = d
	}
	for _, f := range allRules.DetectString(sample) {
		if secret == "" || strings.Contains(f.Secret, secret) {
			return true
		}
	}
	return false
}

func firstOf(s []string) string {
	if len(s) == 0 {
		return "\x00"
	}
	return s[0]
}

type RecordedRule struct {
	ID       string           ` + "`json:\"id\"`" + `
	PathOnly bool             ` + "`json:\"pathOnly,omitempty\"`" + `
	True  []RecordedSample ` + "`json:\"true\"`" + `
	False []RecordedSample ` + "`json:\"false\"`" + `
}

var Recorded []RecordedRule

func secretsOf(findings []report.Finding) []string {
	var out []string
	seen := map[string]bool{}
	for _, f := range findings {
		if !seen[f.Secret] {
			seen[f.Secret] = true
			out = append(out, f.Secret)
		}
	}
	return out
}

func Validate(rule config.Rule, truePositives []string, falsePositives []string) *config.Rule {
	r := &rule
	d := createSingleRuleDetector(r)
	rec := RecordedRule{ID: r.RuleID, PathOnly: r.Regex == nil}
	for _, s := range truePositives {
		secrets := secretsOf(d.DetectString(s))
		rec.True = append(rec.True, RecordedSample{Sample: s, Secrets: secrets, ByAll: byAllRules(s, firstOf(secrets))})
	}
	for _, s := range falsePositives {
		rec.False = append(rec.False, RecordedSample{Sample: s, ByAll: byAllRules(s, "")})
	}
	Recorded = append(Recorded, rec)
	return r
}

func ValidateWithPaths(rule config.Rule, truePositives map[string]string, falsePositives map[string]string) *config.Rule {
	r := &rule
	d := createSingleRuleDetector(r)
	rec := RecordedRule{ID: r.RuleID, PathOnly: r.Regex == nil}
	for path, s := range truePositives {
		secrets := secretsOf(d.Detect(detect.Fragment{Raw: s, FilePath: path}))
		rec.True = append(rec.True, RecordedSample{Sample: s, Path: path, Secrets: secrets, ByAll: byAllRules(s, firstOf(secrets))})
	}
	for path, s := range falsePositives {
		rec.False = append(rec.False, RecordedSample{Sample: s, Path: path, ByAll: byAllRules(s, "")})
	}
	Recorded = append(Recorded, rec)
	return r
}
`

// seededFile replaces NewSecret, which draws a string from a regular
// expression with a time-seeded generator, by one seeded from a fixed
// sequence, so that the same pin gives the same samples.
const seededFile = `package secrets

import (
	"math/rand"

	"github.com/lucasjones/reggen"
)

var seeds = rand.New(rand.NewSource(%d))

func NewSecret(regex string) string {
	g, err := reggen.NewGenerator(regex)
	if err != nil {
		panic(err)
	}
	g.SetSeed(seeds.Int63())
	return g.Generate(1)
}
`

const harnessGoMod = `module gitleakssamples.harness

go 1.24

require github.com/zricethezav/gitleaks/v8 %s

replace github.com/zricethezav/gitleaks/v8 => ./gitleaks
`

// recordedRule mirrors the harness's RecordedRule.
type recordedRule struct {
	ID string `json:"id"`
	// PathOnly: the rule has no regular expression and finds files by
	// their path alone, which logs do not have.
	PathOnly bool             `json:"pathOnly,omitempty"`
	True     []recordedSample `json:"true"`
	False    []recordedSample `json:"false"`
}

type recordedSample struct {
	Sample  string   `json:"sample"`
	Path    string   `json:"path,omitempty"`
	Secrets []string `json:"secrets,omitempty"`
	// ByAllRules: gitleaks' whole default configuration, on the sample
	// alone and without its path, finds the secret (a false sample:
	// finds anything). A yardstick for the recall test.
	ByAllRules bool `json:"byAllRules,omitempty"`
}

// collect builds, in dir, a module that runs every rule function of the
// catalogue with the recording Validate, runs it, and returns what it
// recorded, in the catalogue's order.
func collect(mod module, dir string, seed int64) ([]recordedRule, error) {
	gl := filepath.Join(dir, "gitleaks")
	if err := copyModule(mod.Dir, gl); err != nil {
		return nil, err
	}
	swaps := []struct{ dir, fn, file, text string }{
		{utilsDir, "Validate", "zz_record.go", recordFile},
		{utilsDir, "ValidateWithPaths", "", ""},
		{secretsDir, "NewSecret", "zz_seeded.go", fmt.Sprintf(seededFile, seed)},
	}
	for _, swap := range swaps {
		if err := renameFuncIn(filepath.Join(gl, swap.dir), swap.fn); err != nil {
			return nil, err
		}
	}
	// Ours go in once every upstream one is renamed.
	for _, swap := range swaps {
		if swap.file != "" {
			if err := os.WriteFile(filepath.Join(gl, swap.dir, swap.file), []byte(swap.text), 0o644); err != nil {
				return nil, err
			}
		}
	}
	calls, err := ruleFuncs(filepath.Join(mod.Dir, generatorDir, "main.go"))
	if err != nil {
		return nil, err
	}
	if err := os.WriteFile(filepath.Join(dir, "main.go"), harnessMain(calls), 0o644); err != nil {
		return nil, err
	}
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), fmt.Appendf(nil, harnessGoMod, mod.Version), 0o644); err != nil {
		return nil, err
	}
	if sum, err := os.ReadFile(filepath.Join(mod.Dir, "go.sum")); err == nil {
		if err := os.WriteFile(filepath.Join(dir, "go.sum"), sum, 0o644); err != nil {
			return nil, err
		}
	}
	if err := goCmd(dir, nil, "mod", "tidy"); err != nil {
		return nil, err
	}
	if err := goCmd(dir, nil, "build", "-o", "harness", "."); err != nil {
		return nil, err
	}
	// Run twice: a helper drawing randomness the seed does not reach
	// would make the data file change on every go generate. (The order
	// of samples may change: some come from maps; newDataFile sorts.)
	var runs [2][]recordedRule
	for i := range runs {
		var out bytes.Buffer
		cmd := exec.Command(filepath.Join(dir, "harness"))
		cmd.Stdout, cmd.Stderr = &out, os.Stderr
		if err := cmd.Run(); err != nil {
			return nil, fmt.Errorf("running the harness: %v", err)
		}
		if err := json.Unmarshal(out.Bytes(), &runs[i]); err != nil {
			return nil, fmt.Errorf("reading the harness's output: %v", err)
		}
	}
	if !reflect.DeepEqual(newDataFile("", "", 0, runs[0]), newDataFile("", "", 0, runs[1])) {
		return nil, fmt.Errorf("two runs of the harness recorded different samples: some randomness is not seeded")
	}
	return runs[0], nil
}

// renameFuncIn renames func name in whichever file of dir declares it.
func renameFuncIn(dir, name string) error {
	files, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		return err
	}
	var found []string
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			return err
		}
		if bytes.Contains(b, []byte("\nfunc "+name+"(")) {
			found = append(found, f)
		}
	}
	if len(found) != 1 {
		return fmt.Errorf("%s: want func %s declared in one file, found %d", dir, name, len(found))
	}
	return renameFunc(found[0], name)
}

// ruleFuncs returns the rule functions that the catalogue's generator
// calls (rules.X()), in its order: these are the catalogue's rules.
func ruleFuncs(mainFile string) ([]string, error) {
	f, err := parser.ParseFile(token.NewFileSet(), mainFile, nil, 0)
	if err != nil {
		return nil, err
	}
	var names []string
	seen := map[string]bool{}
	ast.Inspect(f, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || len(call.Args) != 0 {
			return true
		}
		sel, ok := call.Fun.(*ast.SelectorExpr)
		if !ok {
			return true
		}
		if pkg, ok := sel.X.(*ast.Ident); ok && pkg.Name == "rules" && !seen[sel.Sel.Name] {
			seen[sel.Sel.Name] = true
			names = append(names, sel.Sel.Name)
		}
		return true
	})
	if len(names) == 0 {
		return nil, fmt.Errorf("%s: no rules.X() calls found", mainFile)
	}
	return names, nil
}

// harnessMain is the harness's main: build every rule, print the samples.
func harnessMain(calls []string) []byte {
	var b strings.Builder
	b.WriteString("package main\n\nimport (\n\t\"encoding/json\"\n\t\"os\"\n\n")
	fmt.Fprintf(&b, "\t%q\n\t%q\n)\n\nfunc main() {\n", gitleaksModule+"/"+rulesPkg, gitleaksModule+"/"+utilsDir)
	for _, c := range calls {
		fmt.Fprintf(&b, "\trules.%s()\n", c)
	}
	b.WriteString("\tif err := json.NewEncoder(os.Stdout).Encode(utils.Recorded); err != nil {\n\t\tpanic(err)\n\t}\n}\n")
	return []byte(b.String())
}
