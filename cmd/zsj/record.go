package main

import (
	"errors"

	"github.com/spf13/cobra"

	"github.com/zsj-dev/zsj/redact"
	"github.com/zsj-dev/zsj/replay"
)

func init() { register(newRecordCmd) }

type recordFlags struct {
	output   string
	noRedact bool
}

func newRecordCmd(a *app) *cobra.Command {
	var f recordFlags
	cmd := &cobra.Command{
		Use:   "record -o FIXTURE -- COMMAND [ARGS...]",
		Short: "Run a command and save its stream-json output as a fixture for replay",
		Long: `Record runs COMMAND (for example 'zero exec --output-format stream-json ...')
with standard input and standard error passed through, and its standard
output passed through unchanged while it is also saved, line by line, to
FIXTURE. The time each line arrived goes to FIXTURE.timing (one line per
fixture line: milliseconds from the start, e.g. 1503.250), which
'zsj replay --realtime' plays back.

Lines are redacted with the default rules of 'zsj redact' before they are
saved, so a fixture of a real session can be committed; --no-redact keeps
them as they came. What passes through to standard output is never
changed.

Interrupting record (Ctrl-C) passes the signal to COMMAND and still saves
what it wrote; if the reader of zsj's output goes away, COMMAND goes on
and its output is still saved. FIXTURE and its timing are replaced when
COMMAND's output ends, never left half written.

Exit status: COMMAND's (128+N when signal N ended it); 126 or 127 when it
could not be run; 2 usage error; 3 the fixture could not be written.`,
		Example: `  zsj record -o fixtures/fix-bug.jsonl -- zero exec --output-format stream-json "fix the bug"
  zsj replay --realtime fixtures/fix-bug.jsonl | my-client`,
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) == 0 {
				return usageError(errors.New("no command to record: zsj record -o FIXTURE -- COMMAND [ARGS...]"))
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			if f.output == "" {
				return usageError(errors.New("-o FIXTURE is required"))
			}
			return runRecord(a, f, args)
		},
	}
	// COMMAND's own flags belong to it, even without "--".
	cmd.Flags().SetInterspersed(false)
	cmd.Flags().StringVarP(&f.output, "output", "o", "", "the fixture to write (its timing goes to FIXTURE.timing)")
	cmd.Flags().BoolVar(&f.noRedact, "no-redact", false, "save lines as they came, secrets and all")
	return cmd
}

func runRecord(a *app, f recordFlags, command []string) error {
	rec := replay.Recording{Command: command, Fixture: f.output, Stdin: a.io.In, Stdout: a.io.Out, Stderr: a.io.ErrOut}
	if !f.noRedact {
		rules, err := redact.Compile(redact.Config{})
		if err != nil {
			return err
		}
		rec.Redact = rules.NewRedactor().Rewriter()
	}
	return rec.Run()
}
