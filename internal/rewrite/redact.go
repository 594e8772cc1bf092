package rewrite

import (
	"bytes"
	"errors"
	"fmt"
	"os"

	"github.com/zsj-dev/zsj/internal/exitcode"
	"github.com/zsj-dev/zsj/internal/input"
	"github.com/zsj-dev/zsj/internal/report"
	"github.com/zsj-dev/zsj/internal/term"
	"github.com/zsj-dev/zsj/protocol"
	"github.com/zsj-dev/zsj/redact"
)

// RedactOptions are the choices of zsj redact.
type RedactOptions struct {
	Flags
	Check       bool   // write nothing; list the secrets found
	Format      string // of --check's list and of problems: text, json, github or sarif
	DropInvalid bool   // drop lines that are not JSON instead of redacting their text

	Secrets     []string // exact values to redact
	SecretsFile string   // a file of values, one per line
	SecretEnvs  []string // names of environment variables whose values are redacted
	Keys        []string // more sensitive key names
	RulesFile   string   // a gitleaks TOML file of more rules
	NoDefaults  bool     // only the rules given here
	Replacement string   // what each secret is replaced with
	ReportOptions
}

// Validate rejects flag combinations that cannot mean anything sensible.
func (o *RedactOptions) Validate(args []string) error {
	switch {
	case o.Check && o.Writes():
		return errors.New("--check writes nothing: it cannot be used with -i or -o")
	case o.Replacement == "":
		return errors.New("--replacement must not be empty")
	}
	if err := o.Flags.Validate(args); err != nil {
		return err
	}
	if err := o.validateReport(); err != nil {
		return err
	}
	_, err := report.ParseFormat(o.Format)
	return err
}

// Redact is zsj redact: it redacts the inputs named by args, or with
// Check lists what it would redact, and returns the exit status as an
// error. Rules that cannot be read are a usage error.
func Redact(io *term.IO, args []string, opts RedactOptions) error {
	format, err := report.ParseFormat(opts.Format)
	if err != nil {
		return exitcode.New(exitcode.Usage, err)
	}
	rules, err := opts.ruleSet(io)
	if err != nil {
		return exitcode.New(exitcode.Usage, err)
	}
	if err := opts.readBaseline(); err != nil {
		return exitcode.New(exitcode.Usage, err)
	}
	opts.Check = opts.Check || opts.WriteBaseline != ""
	c, err := start(io, opts.Flags, args)
	if err != nil {
		return err
	}
	out := newRedactOutput(c, opts, format)
	// Each worker counts what it finds on its own; the counts are added
	// up once the run is over.
	var tallies []*redactOutput
	newTransform, deltas := redactMakers(rules, opts, func() *redactOutput {
		tally := &redactOutput{perRule: map[string]int{}}
		tallies = append(tallies, tally)
		return tally
	})
	stats, err := c.run(newTransform, opts.Mode(opts.Check), false, out.problem, out.file, deltas)
	for _, t := range tallies {
		out.add(t)
	}
	if ferr := out.w.Flush(); err == nil {
		err = ferr
	}
	if cerr := out.close(c.failed(stats)); err == nil {
		err = cerr
	}
	if err != nil {
		return err // the output failed; a closed pipe ends quietly
	}
	end := c.end(stats, out.summary(stats, c.failed(stats)), out.failing())
	if out.baselineErr != nil {
		return exitcode.New(exitcode.Failure, out.baselineErr)
	}
	return end
}

// ruleSet builds the rules from the options. Warnings about a rules file
// go to stderr; they name keys and rule ids, never values.
func (o *RedactOptions) ruleSet(io *term.IO) (*redact.RuleSet, error) {
	cfg := redact.Config{Secrets: o.Secrets, Keys: o.Keys, NoDefaultRules: o.NoDefaults, Replacement: o.Replacement}
	if o.SecretsFile != "" {
		data, err := os.ReadFile(o.SecretsFile)
		if err != nil {
			return nil, fmt.Errorf("--secrets-file: %w", err)
		}
		for _, line := range bytes.Split(data, []byte("\n")) {
			if line = bytes.TrimSuffix(line, []byte("\r")); len(line) > 0 {
				cfg.Secrets = append(cfg.Secrets, string(line))
			}
		}
	}
	for _, name := range o.SecretEnvs {
		v, ok := os.LookupEnv(name)
		if !ok || v == "" {
			return nil, fmt.Errorf("--secret-env %s: the environment variable is not set", name)
		}
		cfg.Secrets = append(cfg.Secrets, v)
	}
	if o.RulesFile != "" {
		data, err := os.ReadFile(o.RulesFile)
		if err != nil {
			return nil, fmt.Errorf("--rules: %w", err)
		}
		file, warnings, err := redact.ParseGitleaks(data, o.RulesFile)
		if err != nil {
			return nil, fmt.Errorf("--rules %s: %w", o.RulesFile, err)
		}
		for _, w := range warnings {
			fmt.Fprintf(io.ErrOut, "zsj: warning: %s: %s\n", o.RulesFile, w)
		}
		cfg.Rules, cfg.DisabledRules = file.Rules, file.DisabledRules
	}
	return redact.Compile(cfg)
}

// add adds the counts of a worker's tally to o's.
func (o *redactOutput) add(tally *redactOutput) {
	o.secrets += tally.secrets
	o.events += tally.events
	o.invalid += tally.invalid
	for id, n := range tally.perRule {
		o.perRule[id] += n
	}
}

// deltaMakers make the joiners of a run that redacts (see deltas.go).
type deltaMakers struct {
	joiner func() *deltaJoiner              // the serial feed's and the writer's
	worker func() (Transform, *deltaJoiner) // a worker's transform and joiner
}

// redactMakers returns the makers of what each goroutine of a redact run
// uses: a transform (the serial feed's), and the joiners. A worker's
// transform tells the worker's joiner the shape of each line, which then
// reads it with that (DeltaReader.OfShaped). tally makes the counts of
// each transform and joiner.
func redactMakers(rules *redact.RuleSet, opts RedactOptions, tally func() *redactOutput) (func() Transform, deltaMakers) {
	newJoiner := func() *deltaJoiner {
		return &deltaJoiner{rd: rules.NewRedactor(), repl: rules.Replacement(), check: opts.Check, tally: tally()}
	}
	newTransform := func() Transform { return redactTransform(rules.NewRedactor(), opts, tally(), nil) }
	newWorker := func() (Transform, *deltaJoiner) {
		j := newJoiner()
		return redactTransform(rules.NewRedactor(), opts, tally(), j), j
	}
	return newTransform, deltaMakers{joiner: newJoiner, worker: newWorker}
}

// redactTransform redacts each line, counts what it finds in out, and hands Run
// the problems to report: lines that are not JSON and, with Check, each
// secret. It tells j, when not nil, the shape of each line.
func redactTransform(rd *redact.Redactor, opts RedactOptions, out *redactOutput, j *deltaJoiner) Transform {
	return func(line input.Line, dst []byte) ([]byte, bool, []protocol.Problem) {
		if line.Blank() {
			j.noteShape(lineShape{})
			return dst, false, nil
		}
		text, res := rd.Line(line.Text, dst)
		if j != nil {
			var sh lineShape
			if res.Invalid == nil && !res.Changed {
				sh.start, sh.repeated = rd.Shape()
				sh.known = true
			}
			j.noteShape(sh)
		}
		out.count(res)
		var problems []protocol.Problem
		if opts.Check {
			for _, m := range res.Matches {
				problems = append(problems, matchProblem(line.Num, m))
			}
		}
		if res.Invalid != nil {
			problems = append(problems, invalidProblem(line, res, opts))
			if opts.DropInvalid {
				return nil, true, problems // dropped
			}
		}
		return text, res.Changed, problems
	}
}
