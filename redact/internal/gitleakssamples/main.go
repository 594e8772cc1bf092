// Command gitleakssamples collects the true- and false-positive samples that
// gitleaks keeps beside each rule of its catalogue, for the redaction recall
// test of package redact.
//
// The samples live in the pinned gitleaks module's cmd/generate/config/rules
// package as arguments to utils.Validate and utils.ValidateWithPaths, and
// many are built at run time by helpers (sample templates, secrets drawn
// from a rule's regular expression). Reading them as literals would miss
// those, so the samples are taken by running that package: its module is
// copied from the module cache into a temporary folder, Validate and
// ValidateWithPaths are swapped for functions that record their arguments
// (with, for each true sample, the secret the rule's own detector extracts,
// and for every sample whether gitleaks' whole default configuration
// flags it), the random secret generator is seeded, and every rule of the
// catalogue is built, twice, to check that the seed reaches every draw.
// The version is the one go.mod pins, so `go generate ./redact/` after a
// bump collects the new catalogue's samples.
//
// Run from package redact by go generate; -o names the output, written as
// zstd-compressed JSON (see dataFile).
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
)

// gitleaksModule is the module whose catalogue is sampled.
const gitleaksModule = "github.com/zricethezav/gitleaks/v8"

func main() {
	out := flag.String("o", "testdata/gitleaks-samples.json.zst", "output `file`")
	seed := flag.Int64("seed", 1, "seed of the random secrets the sample helpers draw")
	keep := flag.Bool("keep", false, "keep the temporary module, for debugging")
	flag.Parse()
	if err := run(*out, *seed, *keep); err != nil {
		fmt.Fprintf(os.Stderr, "gitleakssamples: %v\n", err)
		os.Exit(1)
	}
}

func run(out string, seed int64, keep bool) error {
	mod, err := locateModule(gitleaksModule)
	if err != nil {
		return err
	}
	tmp, err := os.MkdirTemp("", "gitleakssamples-")
	if err != nil {
		return err
	}
	if keep {
		fmt.Fprintf(os.Stderr, "gitleakssamples: temporary module in %s\n", tmp)
	} else {
		defer os.RemoveAll(tmp)
	}
	recorded, err := collect(mod, tmp, seed)
	if err != nil {
		return err
	}
	license, err := os.ReadFile(filepath.Join(mod.Dir, "LICENSE"))
	if err != nil {
		return fmt.Errorf("gitleaks' license: %v", err)
	}
	data := newDataFile(mod.Version, string(license), seed, recorded)
	if missing := data.rulesWithoutSamples(defaultRuleIDs()); len(missing) > 0 {
		fmt.Fprintf(os.Stderr, "gitleakssamples: %d rules of the default catalogue have no samples: %v\n", len(missing), missing)
	}
	if err := data.write(out); err != nil {
		return err
	}
	fmt.Fprintf(os.Stderr, "gitleakssamples: %s %s: %d rules, %d true and %d false samples -> %s\n",
		gitleaksModule, mod.Version, len(data.Rules), data.count(true), data.count(false), out)
	return nil
}
