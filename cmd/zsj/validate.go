package main

import (
	"errors"
	"fmt"
	"io"
	"slices"
	"sync"

	"github.com/spf13/cobra"

	"github.com/zsj-dev/zsj/internal/exitcode"
	"github.com/zsj-dev/zsj/internal/input"
	"github.com/zsj-dev/zsj/internal/report"
	"github.com/zsj-dev/zsj/internal/term"
	"github.com/zsj-dev/zsj/protocol"
	"github.com/zsj-dev/zsj/redact"
)

func init() { register(newValidateCmd) }

type validateOptions struct {
	format        string
	strict        bool
	lenient       bool
	schemaVersion int
	maxProblems   int
	quiet         bool
}

func newValidateCmd(a *app) *cobra.Command {
	var opts validateOptions
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
			format, err := report.ParseFormat(opts.format)
			if err != nil {
				return usageError(err)
			}
			if opts.schemaVersion != 0 && opts.schemaVersion != 1 && opts.schemaVersion != 2 {
				return usageError(fmt.Errorf("--schema-version must be 1 or 2, not %d", opts.schemaVersion))
			}
			if opts.strict && opts.lenient {
				return usageError(errors.New("--strict and --lenient cannot be used together"))
			}
			if opts.maxProblems < 0 {
				return usageError(errors.New("--max-problems must not be negative"))
			}
			return runValidate(a, args, format, opts)
		},
	}
	f := cmd.Flags()
	f.StringVar(&opts.format, "format", "text", "output format: text, json or github")
	f.BoolVar(&opts.strict, "strict", false, "treat warnings as errors")
	f.BoolVar(&opts.lenient, "lenient", false, "treat unknown event types and fields as warnings (logs from newer producers)")
	f.IntVar(&opts.schemaVersion, "schema-version", 0, "expect this schema version (1 or 2); default: the first event's")
	f.IntVar(&opts.maxProblems, "max-problems", 0, "print at most N problems per file (all are counted); 0 means no limit")
	f.BoolVarP(&opts.quiet, "quiet", "q", false, "print nothing; the exit status tells (without --strict, checks that can only warn are skipped)")
	return cmd
}

func runValidate(a *app, args []string, format report.Format, opts validateOptions) error {
	sources, openErrs, err := expandInputs(args)
	if err != nil {
		return err
	}
	var sum report.Summary
	for _, err := range openErrs {
		reportReadError(a, err)
		sum.Unreadable++
	}
	// A bar is for a person waiting on many files while the report goes
	// to a file or a pipe; on the terminal it would garble the report.
	var bar *term.Progress
	if a.io.ErrTTY && !a.io.OutTTY && !opts.quiet && len(sources) > 1 {
		bar = term.NewProgress(a.io.ErrOut, "validating", "files", len(sources))
	}
	readError := func(err error) {
		bar.Clear()
		reportReadError(a, err)
		sum.Unreadable++
	}
	out := io.Writer(a.io.Out)
	if opts.quiet {
		out = io.Discard
	}
	printer := report.NewPrinter(out, format, a.io.ColorEnabled())
	popts := protocol.Options{Strict: opts.strict, Lenient: opts.lenient, SchemaVersion: opts.schemaVersion}

	err = input.Each(sources, a.io.In,
		func(src input.Source, err error) {
			readError(err)
			bar.Add(1)
		},
		func(s *input.Stream) error {
			stats, readErr, err := validateStream(s, popts, printer, opts.maxProblems, secretsMatter(opts))
			sum.Files++
			sum.Lines += stats.Lines
			sum.Events += stats.Events
			sum.Runs += stats.Runs
			sum.Errors += stats.Errors
			sum.Warnings += stats.Warnings
			if readErr != nil {
				readError(fmt.Errorf("%s: %w", s.Name, readErr))
			}
			bar.Add(1)
			return err
		})
	bar.Clear()
	if err == nil {
		err = printer.Summary(sum)
	}
	if ferr := printer.Flush(); err == nil {
		err = ferr
	}
	if err != nil {
		return err
	}
	if !opts.quiet {
		fmt.Fprintf(a.io.ErrOut, "zsj: %s\n", sum.Line())
	}
	switch {
	case sum.Unreadable > 0:
		return exitcode.Silent(exitcode.Failure)
	case sum.Errors > 0:
		return exitcode.Silent(exitcode.Problems)
	}
	return nil
}

// validateStream checks one opened input. Lines are checked on their own
// on all cores and applied to the file's validator in order. readErr is a
// failure to read the input (reported, and the next file goes on); err is
// a failure to write the report, which stops everything.
func validateStream(s *input.Stream, opts protocol.Options, printer *report.Printer, maxProblems int, findSecrets bool) (stats protocol.Stats, readErr, err error) {
	shown, hidden := 0, 0
	v := protocol.NewFileValidator(s.Name, opts, func(p protocol.Problem) {
		if err != nil {
			return
		}
		if maxProblems > 0 && shown >= maxProblems {
			hidden++
			return
		}
		shown++
		err = printer.Problem(p)
	})
	workers := input.Workers()
	checkers := make([]*protocol.LineChecker, workers)
	for i := range checkers {
		checkers[i] = protocol.NewLineChecker(opts)
	}
	// Output events must be redacted (PROTOCOL.md section 4 rule 9): a
	// string a redaction rule matches is a warning, named by rule and
	// path, never by the secret.
	var secrets []*redact.Redactor
	if findSecrets {
		secrets = make([]*redact.Redactor, workers)
		for i := range secrets {
			secrets[i] = defaultRedaction().NewRedactor()
		}
	}
	check := func(worker int, b *input.Batch) {
		results, _ := b.Out.([]protocol.Checked)
		results = slices.Grow(results[:0], len(b.Lines))[:len(b.Lines)]
		for i, line := range b.Lines {
			checkers[worker].Check(line.Text, len(line.EOL) == 0, &results[i])
			if secrets == nil {
				continue
			}
			for _, m := range secrets[worker].Find(line.Text) {
				results[i].Add(protocol.RuleUnredactedSecret, m.Path, "string matches redaction rule "+m.Rule)
			}
		}
		b.Out = results
	}
	apply := func(b *input.Batch) error {
		results := b.Out.([]protocol.Checked)
		for i, line := range b.Lines {
			if line.BOM {
				v.BOM()
			}
			v.Apply(line.Num, &results[i])
		}
		if b.Err != nil {
			readErr = b.Err
		}
		return err
	}
	if perr := input.Lines(s.Lines(), workers, check, apply); perr != nil && err == nil {
		err = perr
	}
	if readErr == nil && err == nil {
		v.End()
	}
	if hidden > 0 && err == nil {
		err = printer.Note(fmt.Sprintf("%s: %d more problems not shown (--max-problems %d)", s.Name, hidden, maxProblems))
	}
	return v.Stats(), readErr, err
}

// secretsMatter reports whether the search for unredacted secrets can
// change what validate prints or returns. It costs as much as all the
// other checks together on logs of large tool outputs, and only ever
// warns: with --quiet and without --strict a warning is neither printed
// nor counted in the exit status, so the search is skipped, the way
// grep -q stops looking once the answer is known.
func secretsMatter(opts validateOptions) bool { return !opts.quiet || opts.strict }

func reportReadError(a *app, err error) {
	fmt.Fprintf(a.io.ErrOut, "zsj: error: %v\n", err)
}

// defaultRedaction is zsj redact's default rule set, compiled once.
var defaultRedaction = sync.OnceValue(func() *redact.RuleSet {
	rs, err := redact.Compile(redact.Config{})
	if err != nil {
		panic(err) // the default rules are fixed; a test compiles them
	}
	return rs
})
