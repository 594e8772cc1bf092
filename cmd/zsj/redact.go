package main

import (
	"bytes"
	"errors"
	"fmt"
	"os"

	"github.com/spf13/cobra"

	"github.com/zsj-dev/zsj/internal/exitcode"
	"github.com/zsj-dev/zsj/internal/input"
	"github.com/zsj-dev/zsj/internal/report"
	"github.com/zsj-dev/zsj/internal/rewrite"
	"github.com/zsj-dev/zsj/protocol"
	"github.com/zsj-dev/zsj/redact"
)

func init() { register(newRedactCmd) }

type redactOptions struct {
	rewriteFlags
	check       bool
	format      string
	dropInvalid bool

	secrets     []string
	secretsFile string
	secretEnvs  []string
	keys        []string
	rulesFile   string
	noDefaults  bool
	replacement string
}

func newRedactCmd(a *app) *cobra.Command {
	var opts redactOptions
	cmd := &cobra.Command{
		Use:   "redact [PATH...]",
		Short: "Replace secrets in logs (API keys, tokens, passwords, private keys)",
		Long: `Redact replaces credentials in event logs with [REDACTED]: the whole value of
a member whose key is sensitive ("apiKey", "password", "token", ...), and
inside every string (tool output, commands, messages, reasons) private keys,
key=value assignments, Authorization and Cookie headers, passwords in URLs,
and token shapes (sk-..., ghp_..., AKIA..., JWTs and more). Rules see
decoded strings, so escaped secrets are found; only strings that change are
rewritten, and every other byte of a line stays as it was. The protocol's
own fields (type, runId, id, sessionId, status...) are never changed, so a
redacted log still validates.

A line that is not JSON is never passed on as it was: the text rules are
applied to it and it is reported, or with --drop-invalid it is dropped
(and counted).

Output goes to standard output, to a file with -o, or back into each file
with -i (atomically, in its own compression). --check writes nothing and
lists what would be redacted as
  file:line: rule-id at $.json.path (fingerprint 1a2b3c4d)
where the fingerprint is the start of the secret's SHA-256, so the same
secret can be found again without being shown. Nothing zsj prints holds
a secret.

Exit status: 0 done, 1 --check found secrets or a line was not JSON,
2 usage error, 3 a file could not be read or written.`,
		Example: `  zsj redact run.jsonl > clean.jsonl
  zsj redact -i logs/                          # every log below, in place
  zsj redact --check --format github logs/     # in CI: fail on any secret
  zsj redact --secret-env DEPLOY_TOKEN run.jsonl -o clean.jsonl.zst
  zsj redact --rules gitleaks.toml --key sessionCode run.jsonl`,
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := opts.validate(args); err != nil {
				return usageError(err)
			}
			format, err := report.ParseFormat(opts.format)
			if err != nil {
				return usageError(err)
			}
			rules, err := opts.ruleSet(a)
			if err != nil {
				return usageError(err)
			}
			return runRedact(a, args, opts, format, rules)
		},
	}
	f := cmd.Flags()
	opts.rewriteFlags.register(f, "its redaction")
	f.BoolVar(&opts.check, "check", false, "write nothing; list the secrets found and exit 1 if there are any")
	f.StringVar(&opts.format, "format", "text", "how --check and problems are printed: text, json or github")
	f.BoolVar(&opts.dropInvalid, "drop-invalid", false, "drop lines that are not JSON instead of redacting their text")
	f.StringArrayVar(&opts.secrets, "secret", nil, "also redact this exact `VALUE` (repeatable; prefer --secret-env, the command line is visible to other users)")
	f.StringVar(&opts.secretsFile, "secrets-file", "", "also redact the values in `FILE`, one per line")
	f.StringArrayVar(&opts.secretEnvs, "secret-env", nil, "also redact the value of the environment variable `NAME` (repeatable)")
	f.StringArrayVar(&opts.keys, "key", nil, "also treat the key `NAME` as sensitive (repeatable; compared as apiKey ~ api_key ~ API-KEY)")
	f.StringVar(&opts.rulesFile, "rules", "", "add the rules of a gitleaks TOML `FILE` (id, regex, secretGroup, keywords)")
	f.BoolVar(&opts.noDefaults, "no-default-rules", false, "use only --secret, --key and --rules")
	f.StringVar(&opts.replacement, "replacement", redact.DefaultReplacement, "what each secret is replaced with")
	return cmd
}

// validate rejects flag combinations that cannot mean anything sensible.
func (o *redactOptions) validate(args []string) error {
	switch {
	case o.check && o.writes():
		return errors.New("--check writes nothing: it cannot be used with -i or -o")
	case o.replacement == "":
		return errors.New("--replacement must not be empty")
	}
	return o.rewriteFlags.validate(args)
}

// ruleSet builds the rules from the flags. Warnings about a rules file
// go to stderr; they name keys and rule ids, never values.
func (o *redactOptions) ruleSet(a *app) (*redact.RuleSet, error) {
	cfg := redact.Config{Secrets: o.secrets, Keys: o.keys, NoDefaultRules: o.noDefaults, Replacement: o.replacement}
	if o.secretsFile != "" {
		data, err := os.ReadFile(o.secretsFile)
		if err != nil {
			return nil, fmt.Errorf("--secrets-file: %w", err)
		}
		for _, line := range bytes.Split(data, []byte("\n")) {
			if line = bytes.TrimSuffix(line, []byte("\r")); len(line) > 0 {
				cfg.Secrets = append(cfg.Secrets, string(line))
			}
		}
	}
	for _, name := range o.secretEnvs {
		v, ok := os.LookupEnv(name)
		if !ok || v == "" {
			return nil, fmt.Errorf("--secret-env %s: the environment variable is not set", name)
		}
		cfg.Secrets = append(cfg.Secrets, v)
	}
	if o.rulesFile != "" {
		data, err := os.ReadFile(o.rulesFile)
		if err != nil {
			return nil, fmt.Errorf("--rules: %w", err)
		}
		rules, warnings, err := redact.ParseGitleaksRules(data)
		if err != nil {
			return nil, fmt.Errorf("--rules %s: %w", o.rulesFile, err)
		}
		for _, w := range warnings {
			fmt.Fprintf(a.io.ErrOut, "zsj: warning: %s: %s\n", o.rulesFile, w)
		}
		cfg.Rules = rules
	}
	return redact.Compile(cfg)
}

func (o *redactOptions) mode() rewrite.Mode { return o.rewriteFlags.mode(o.check) }

func runRedact(a *app, args []string, opts redactOptions, format report.Format, rules *redact.RuleSet) error {
	sources, openErrs, err := expandInputs(args)
	if err != nil {
		return err
	}
	for _, err := range openErrs {
		reportReadError(a, err)
	}
	mode := opts.mode()
	out := newRedactOutput(a, opts, format)
	stats, err := rewrite.Run(sources, redactTransform(rules.NewRedactor(), opts, out), rewrite.Options{
		Mode:   mode,
		Stdin:  a.io.In,
		Out:    a.io.Out,
		Output: opts.output,
		Backup: opts.backup,
		Report: out.problem,
		OnFile: out.file,
	})
	if ferr := out.flush(); err == nil {
		err = ferr
	}
	if err != nil {
		return err // the output failed; a closed pipe ends quietly in run
	}
	failed := stats.Failed + len(openErrs)
	fmt.Fprintf(a.io.ErrOut, "zsj: %s\n", out.summary(stats, failed))
	switch {
	case failed > 0:
		return exitcode.Silent(exitcode.Failure)
	case opts.check && out.secrets > 0, out.invalid > 0 && !opts.dropInvalid:
		return exitcode.Silent(exitcode.Problems)
	}
	return nil
}

// redactTransform redacts each line, counts what it finds, and hands
// rewrite the problems to report: lines that are not JSON and, with
// --check, each secret.
func redactTransform(rd *redact.Redactor, opts redactOptions, out *redactOutput) rewrite.Transform {
	return func(line input.Line, dst []byte) ([]byte, bool, []protocol.Problem) {
		if line.Blank() {
			return dst, false, nil
		}
		text, res := rd.Line(line.Text, dst)
		out.count(res)
		var problems []protocol.Problem
		if opts.check {
			for _, m := range res.Matches {
				problems = append(problems, matchProblem(line.Num, m))
			}
		}
		if res.Invalid != nil {
			problems = append(problems, invalidProblem(line, res, opts))
			if opts.dropInvalid {
				return nil, true, problems // dropped
			}
		}
		return text, res.Changed, problems
	}
}
