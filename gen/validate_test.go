package gen

import (
	"bytes"
	"fmt"
	"slices"
	"testing"

	"github.com/zsj-dev/zsj/protocol"
)

// validate runs the project's validator over data in strict mode and
// returns every problem it reports.
func validate(t *testing.T, data []byte) []protocol.Problem {
	t.Helper()
	var problems []protocol.Problem
	v := protocol.NewFileValidator("gen", protocol.Options{Strict: true}, func(p protocol.Problem) {
		problems = append(problems, p)
	})
	num := 0
	for len(data) > 0 {
		num++
		line, rest, found := bytes.Cut(data, []byte{'\n'})
		v.Line(num, line, !found)
		data = rest
	}
	v.End()
	return problems
}

// Every profile, both versions, several seeds: the output of gen passes
// zsj validate --strict with nothing to say, not even a warning.
func TestOutputIsValid(t *testing.T) {
	for _, profile := range Profiles {
		for _, version := range []int{1, 2} {
			for seed := int64(0); seed < 4; seed++ {
				opts := Options{Profile: profile, SchemaVersion: version, Seed: seed, Size: 3 << 20}
				t.Run(fmt.Sprintf("%s/v%d/seed%d", profile, version, seed), func(t *testing.T) {
					problems := validate(t, generate(t, opts))
					for i, p := range problems {
						if i == 10 {
							t.Fatalf("... %d problems in all", len(problems))
						}
						t.Errorf("line %d: %s %s %s: %s", p.Line, p.Type, p.Rule, p.Path, p.Message)
					}
				})
			}
		}
	}
}

type lineRule struct {
	line int
	rule string
}

// With faults, the validator reports each planted fault at its line, and
// nothing anywhere else: a fault breaks one rule and leaves its run intact.
func TestFaultsAreReported(t *testing.T) {
	for _, profile := range Profiles {
		for _, version := range []int{1, 2} {
			for seed := int64(0); seed < 3; seed++ {
				t.Run(fmt.Sprintf("%s/v%d/seed%d", profile, version, seed), func(t *testing.T) {
					var want []lineRule
					opts := Options{Profile: profile, SchemaVersion: version, Seed: seed, Runs: 30, Faults: true,
						OnFault: func(line int, rule string) { want = append(want, lineRule{line, rule}) }}
					if profile == OutputHeavy {
						opts.Runs = 14 // one of each fault, and a few MB less
					}
					problems := validate(t, generate(t, opts))
					rules := map[string]bool{}
					for _, w := range want {
						rules[w.rule] = true
					}
					if len(rules) != int(numFaults)-1 {
						t.Errorf("%d kinds of fault planted, want %d: %v", len(rules), numFaults-1, rules)
					}
					var got []lineRule
					for _, p := range problems {
						got = append(got, lineRule{p.Line, p.Rule})
					}
					for _, w := range want {
						if !slices.Contains(got, w) {
							t.Errorf("planted %s at line %d, not reported", w.rule, w.line)
						}
					}
					for _, p := range problems {
						if !slices.Contains(want, lineRule{p.Line, p.Rule}) {
							t.Errorf("unplanted problem at line %d: %s %s: %s", p.Line, p.Rule, p.Path, p.Message)
						}
					}
				})
			}
		}
	}
}

// Planted secrets break no rule but the redaction check; input events
// break none at all.
func TestSecretsAndInputAreOtherwiseValid(t *testing.T) {
	for _, opts := range []Options{
		{Secrets: true, Runs: 20, Seed: 2},
		{Secrets: true, Runs: 20, Seed: 2, SchemaVersion: 1, Profile: Chatty},
		{Input: true, Runs: 20, Seed: 2},
		{Input: true, Runs: 20, Seed: 2, SchemaVersion: 1, Secrets: true},
	} {
		t.Run(name(opts), func(t *testing.T) {
			for _, p := range validate(t, generate(t, opts)) {
				if p.Rule != protocol.RuleUnredactedSecret || !opts.Secrets {
					t.Errorf("line %d: %s %s %s: %s", p.Line, p.Type, p.Rule, p.Path, p.Message)
				}
			}
		})
	}
}
