package main

import (
	"errors"
	"fmt"
	"sync"

	"github.com/spf13/cobra"

	"github.com/zsj-dev/zsj/internal/report"
	"github.com/zsj-dev/zsj/protocol"
	"github.com/zsj-dev/zsj/redact"
	"github.com/zsj-dev/zsj/validate"
)

func init() { register(newValidateCmd) }

func newValidateCmd(a *app) *cobra.Command {
	opts := validate.Options{IO: a.io, Secrets: newSecretFinder}
	var format string
	cmd := &cobra.Command{
		Use:   "validate [PATH...]",
		Short: "Check that logs follow the stream-json protocol",
		Long: `Validate checks every line of every input against the protocol: each line one
JSON object, no duplicate keys, the fields and values of each event type,
one schema version per file, and the order of events within each run.

Problems are printed as
  file:line: error: message [rule-code] (type $.path)
followed by a summary on stderr. Warnings (unusual but valid values, runs
that never ended) do not fail the check unless --strict is given. Over
many files, with the report going to a file or a pipe, a progress bar on
the terminal counts the files done.

Exit status: 0 no errors, 1 problems found, 2 usage error, 3 a file could
not be read.`,
		Example: `  zsj validate run.jsonl
  zsj validate logs/                       # every *.jsonl, *.ndjson (+ .gz, .zst) below
  zero exec --output-format stream-json "fix it" | zsj validate
  zsj validate --strict --format github fixtures/   # annotations on a pull request
  zsj validate --format json old.jsonl | jq -r .rule | sort | uniq -c`,
		RunE: func(cmd *cobra.Command, args []string) error {
			var err error
			if opts.Format, err = report.ParseFormat(format); err != nil {
				return usageError(err)
			}
			switch v := opts.Protocol.SchemaVersion; {
			case v != 0 && v != 1 && v != 2:
				return usageError(fmt.Errorf("--schema-version must be 1 or 2, not %d", v))
			case opts.Protocol.Strict && opts.Protocol.Lenient:
				return usageError(errors.New("--strict and --lenient cannot be used together"))
			case opts.MaxProblems < 0:
				return usageError(errors.New("--max-problems must not be negative"))
			}
			// The rule set takes a few milliseconds to build, as many as
			// listing a folder of 2,000 logs does: the two go on at once.
			if validate.UsesSecretFinder(opts) {
				go defaultRedaction()
			}
			if opts.Sources, opts.Unreadable, err = expandInputs(args); err != nil {
				return err
			}
			return validate.Run(opts)
		},
	}
	f := cmd.Flags()
	f.StringVar(&format, "format", "text", "output format: text, json, github or sarif (one SARIF 2.1.0 document, for code scanning)")
	f.BoolVar(&opts.Protocol.Strict, "strict", false, "treat warnings as errors")
	f.BoolVar(&opts.Protocol.Lenient, "lenient", false, "treat unknown event types and fields as warnings (logs from newer producers)")
	f.IntVar(&opts.Protocol.SchemaVersion, "schema-version", 0, "expect this schema version (1 or 2); default: the first event's")
	f.IntVar(&opts.MaxProblems, "max-problems", 0, "print at most N problems per file (all are counted); 0 means no limit")
	f.BoolVarP(&opts.Quiet, "quiet", "q", false, "print nothing; the exit status tells (without --strict, checks that can only warn are skipped)")
	return cmd
}

// newSecretFinder finds secrets with zsj redact's default rules.
func newSecretFinder() validate.SecretFinder { return redactFinder{defaultRedaction().NewRedactor()} }

// redactFinder is a redactor seen as validate's secret stage.
type redactFinder struct{ r *redact.Redactor }

func (f redactFinder) FindSecrets(line []byte, shape protocol.LineShape) []validate.Secret {
	matches := f.r.FindShaped(line, shape)
	if len(matches) == 0 {
		return nil
	}
	secrets := make([]validate.Secret, len(matches))
	for i, m := range matches {
		secrets[i] = validate.Secret{Path: m.Path, Rule: m.Rule}
	}
	return secrets
}

// IsSecret reports whether a name matches a redaction rule.
func (f redactFinder) IsSecret(name []byte) bool { return len(f.r.Text(name)) > 0 }

// defaultRedaction is zsj redact's default rule set, compiled once.
var defaultRedaction = sync.OnceValue(func() *redact.RuleSet {
	rs, err := redact.Compile(redact.Config{})
	if err != nil {
		panic(err) // the default rules are fixed; a test compiles them
	}
	return rs
})
