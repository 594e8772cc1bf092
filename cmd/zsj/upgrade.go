package main

import (
	"errors"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/zsj-dev/zsj/internal/exitcode"
	"github.com/zsj-dev/zsj/internal/input"
	"github.com/zsj-dev/zsj/internal/rewrite"
	"github.com/zsj-dev/zsj/protocol"
)

func init() { register(newUpgradeCmd) }

type upgradeOptions struct {
	to int
	rewriteFlags
	dryRun bool
	check  bool
	strict bool
}

func newUpgradeCmd(a *app) *cobra.Command {
	var opts upgradeOptions
	cmd := &cobra.Command{
		Use:   "upgrade [PATH...]",
		Short: "Rewrite logs to schema version 2 (or back to 1), changing nothing else",
		Long: `Upgrade rewrites events to schema version 2: it sets schemaVersion to 2 and
renames a top-level violation key to block, in its place. No other byte of a
line changes: key order, spacing, number spelling, string escapes and line
ends stay as they were. Version 2 lines pass through untouched, so running
upgrade twice changes nothing. --to 1 does the reverse, for clients that only
speak version 1.

Lines that are not events (not a JSON object, or no schemaVersion of 1 or 2)
and events with both violation and block are kept as they are and reported
on stderr as
  file:line: error: message [rule-code]

By default the result goes to standard output. With -i each file is replaced
atomically (a temporary file in the same folder, synced, then renamed; mode
kept, gzip and zstd files written back compressed); a file with nothing to
change is not touched. Directories are walked for *.jsonl and *.ndjson
(also .gz, .zst); symlinks found inside them are skipped.

Exit status: 0 done, 1 lines could not be upgraded (or --check found files
to upgrade), 2 usage error, 3 a file could not be read or written.`,
		Example: `  zsj upgrade old.jsonl > new.jsonl
  zsj upgrade -i logs/                      # every log below, in place
  zsj upgrade -i --backup .orig run.jsonl.gz
  zsj upgrade --check logs/                 # in CI: exit 1 if anything is not v2
  zsj upgrade --dry-run logs/               # how many events each file would change
  zsj upgrade --to 1 run.jsonl -o run-v1.jsonl
  zero exec --output-format stream-json "fix it" | zsj upgrade --to 1 | old-client`,
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := opts.validate(args); err != nil {
				return usageError(err)
			}
			return runUpgrade(a, args, opts)
		},
	}
	f := cmd.Flags()
	f.IntVar(&opts.to, "to", 2, "the schema version to rewrite to: 2, or 1 to downgrade")
	opts.rewriteFlags.register(f, "its upgrade")
	f.BoolVarP(&opts.dryRun, "dry-run", "n", false, "write nothing; print how many events each file would change")
	f.BoolVar(&opts.check, "check", false, "write nothing; exit 1 if any file needs upgrading")
	f.BoolVar(&opts.strict, "strict", false, "write nothing of a file that has a line that cannot be upgraded")
	return cmd
}

// validate rejects flag combinations that cannot mean anything sensible.
func (o *upgradeOptions) validate(args []string) error {
	switch {
	case o.to != 1 && o.to != 2:
		return fmt.Errorf("--to must be 1 or 2, not %d", o.to)
	case o.dryRun && o.check:
		return errors.New("--dry-run and --check cannot be used together")
	case (o.dryRun || o.check) && o.writes():
		return errors.New("--dry-run and --check write nothing: they cannot be used with -i or -o")
	}
	return o.rewriteFlags.validate(args)
}

func (o *upgradeOptions) mode() rewrite.Mode { return o.rewriteFlags.mode(o.dryRun || o.check) }

func runUpgrade(a *app, args []string, opts upgradeOptions) error {
	sources, openErrs, err := expandInputs(args)
	if err != nil {
		return err
	}
	for _, err := range openErrs {
		reportReadError(a, err)
	}
	mode := opts.mode()
	out := newUpgradeOutput(a, opts, mode, len(sources))
	stats, err := rewrite.Run(sources, upgradeTransform(opts.to), rewrite.Options{
		Mode:   mode,
		Stdin:  a.io.In,
		Out:    a.io.Out,
		Output: opts.output,
		Backup: opts.backup,
		Strict: opts.strict,
		Report: out.problem,
		OnFile: out.file,
	})
	out.done()
	if err != nil {
		return err // the output failed; a closed pipe ends quietly in run
	}
	failed := stats.Failed + len(openErrs)
	if mode != rewrite.Stdout || out.problems > 0 || failed > 0 {
		fmt.Fprintf(a.io.ErrOut, "zsj: %s\n", out.summary(stats, failed))
	}
	switch {
	case failed > 0:
		return exitcode.Silent(exitcode.Failure)
	case out.problems > 0, opts.check && stats.FilesChanged > 0:
		return exitcode.Silent(exitcode.Problems)
	}
	return nil
}

// upgradeTransform rewrites lines to version to and reports the ones it
// has to keep as they are.
func upgradeTransform(to int) rewrite.Transform {
	u := protocol.Upgrader{To: to}
	return func(line input.Line, dst []byte) ([]byte, bool, []protocol.Problem) {
		out, res := u.Line(line.Text, dst)
		switch res.Status {
		case protocol.Changed:
			return out, true, nil
		case protocol.Unchanged:
			return out, false, nil
		}
		rule, msg := res.Rule, res.Message
		if res.EOF && len(line.EOL) == 0 {
			rule, msg = protocol.RuleTruncatedLine, "the file ends in the middle of a JSON value (truncated last line)"
		}
		if res.Status == protocol.Invalid {
			msg += "; kept as it is"
		}
		return out, false, []protocol.Problem{{Line: line.Num, Path: res.Path, Rule: rule, Severity: protocol.Error, Message: msg}}
	}
}
