package redact

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/klauspost/compress/zstd"
)

// The samples that gitleaks keeps beside each rule of its catalogue, taken
// from the module version go.mod pins (see internal/gitleakssamples).
//
//go:generate go run ./internal/gitleakssamples -o testdata/gitleaks-samples.json.zst

const recallSamplesFile = "testdata/gitleaks-samples.json.zst"

type recallSamples struct {
	Module  string       `json:"module"`
	Version string       `json:"version"`
	Rules   []recallRule `json:"rules"`
}

type recallRule struct {
	ID string `json:"id"`
	// PathOnly: the rule finds files by their path alone, and logs have
	// no paths; its true samples are left out of the recall.
	PathOnly bool           `json:"pathOnly"`
	True     []recallSample `json:"true"`
	False    []recallSample `json:"false"`
}

type recallSample struct {
	Sample string `json:"sample"`
	// Secrets are what gitleaks extracts from a true sample (its
	// secretGroup, or the whole match), each a substring of Sample.
	Secrets []string `json:"secrets"`
	// ByAllRules: gitleaks' whole default configuration finds the secret
	// in the sample alone (a false sample: finds anything in it).
	ByAllRules bool `json:"byAllRules"`
}

func loadRecallSamples(t testing.TB) *recallSamples {
	t.Helper()
	z, err := os.ReadFile(recallSamplesFile)
	if err != nil {
		t.Fatal(err)
	}
	dec, err := zstd.NewReader(nil)
	if err != nil {
		t.Fatal(err)
	}
	defer dec.Close()
	js, err := dec.DecodeAll(z, nil)
	if err != nil {
		t.Fatalf("%s: %v", recallSamplesFile, err)
	}
	var s recallSamples
	if err := json.Unmarshal(js, &s); err != nil {
		t.Fatalf("%s: %v", recallSamplesFile, err)
	}
	return &s
}

// TestGitleaksSamplesMatchPin: the samples are those of the gitleaks
// version go.mod requires, so a bump of the pin cannot leave the recall
// test measuring the old catalogue.
func TestGitleaksSamplesMatchPin(t *testing.T) {
	s := loadRecallSamples(t)
	gomod, err := os.ReadFile("../go.mod")
	if err != nil {
		t.Fatal(err)
	}
	pinned := requiredVersion(gomod, s.Module)
	if pinned == "" {
		t.Fatalf("go.mod does not require %s, which %s was taken from", s.Module, recallSamplesFile)
	}
	if s.Version != pinned {
		t.Fatalf("%s holds the samples of %s %s, go.mod requires %s: run go generate ./redact/",
			recallSamplesFile, s.Module, s.Version, pinned)
	}
	trues, falses := 0, 0
	for _, r := range s.Rules {
		trues += len(r.True)
		falses += len(r.False)
		for i, smp := range r.True {
			if len(smp.Secrets) == 0 {
				t.Errorf("%s: true sample %d has no secret", r.ID, i)
			}
			for _, sec := range smp.Secrets {
				if !strings.Contains(smp.Sample, sec) {
					t.Errorf("%s: true sample %d does not hold its secret", r.ID, i)
				}
			}
		}
	}
	// The catalogue has some 200 rules and thousands of samples; far
	// fewer means the collection broke.
	if len(s.Rules) < 150 || trues < 3000 || falses < 200 {
		t.Errorf("%d rules, %d true and %d false samples: too few", len(s.Rules), trues, falses)
	}
}

// requiredVersion returns the version of module that go.mod requires, or
// "" if it requires none.
func requiredVersion(gomod []byte, module string) string {
	sc := bufio.NewScanner(bytes.NewReader(gomod))
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) > 0 && f[0] == "require" {
			f = f[1:]
		}
		if len(f) >= 2 && f[0] == module {
			return f[1]
		}
	}
	return ""
}

func TestRequiredVersion(t *testing.T) {
	const mod = "github.com/zricethezav/gitleaks/v8"
	for _, tc := range []struct{ name, gomod, want string }{
		{"block", "module m\n\nrequire (\n\tgithub.com/a/b v1.0.0\n\t" + mod + " v8.30.1\n)\n", "v8.30.1"},
		{"one line", "module m\nrequire " + mod + " v8.31.0 // indirect\n", "v8.31.0"},
		{"longer path", "module m\nrequire " + mod + "/extra v1.2.3\n", ""},
		{"absent", "module m\nrequire github.com/a/b v1.0.0\n", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := requiredVersion([]byte(tc.gomod), mod); got != tc.want {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}
