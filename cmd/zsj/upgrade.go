package main

import (
	"github.com/spf13/cobra"

	"github.com/zsj-dev/zsj/internal/rewrite"
)

func init() { register(newUpgradeCmd) }

func newUpgradeCmd(a *app) *cobra.Command {
	var opts rewrite.UpgradeOptions
	cmd := &cobra.Command{
		Use:   "upgrade [PATH...]",
		Short: "Rewrite logs to schema version 2 (or back to 1), changing nothing else",
		Long: `Upgrade rewrites events to schema version 2: it sets schemaVersion to 2 and
renames a top-level violation key to block, in its place. No other byte of a
line changes: key order, spacing, number spelling, string escapes and line
ends stay as they were. Version 2 lines pass through untouched, so running
upgrade twice changes nothing. --to 1 does the reverse, for clients that only
speak version 1, and a round trip gives back the same bytes, with two
exceptions: a renamed key spelled with escapes ("vio\u006cation") is written
plainly (block, then violation: escapes in a key are not remembered), and a
version spelled other than as its digit with zeros after it (10e-1, not 1.0
or 1e0) comes back as the digit.

Lines that are not events (not a JSON object, or no schemaVersion of 1 or 2)
and events with both violation and block are kept as they are and reported
on stderr as
  file:line: error: message [rule-code]

By default the result goes to standard output. With -i each file is replaced
atomically (a temporary file in the same folder, unnamed on Linux, synced,
then renamed; mode, owner and extended attributes kept, gzip and zstd files
written back compressed); a file with nothing to change is not touched. A
symlink's target is replaced; a file with other hard links, and anything but
a regular file (a FIFO, a pipe), are refused before they are read. Directories are walked for *.jsonl and *.ndjson
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
			if err := opts.Validate(args); err != nil {
				return usageError(err)
			}
			return rewrite.Upgrade(a.io, args, opts)
		},
	}
	f := cmd.Flags()
	f.IntVar(&opts.To, "to", 2, "the schema version to rewrite to: 2, or 1 to downgrade")
	opts.Register(f, "its upgrade")
	f.BoolVarP(&opts.DryRun, "dry-run", "n", false, "write nothing; print how many events each file would change")
	f.BoolVar(&opts.Check, "check", false, "write nothing; exit 1 if any file needs upgrading")
	f.BoolVar(&opts.Strict, "strict", false, "write nothing of a file that has a line that cannot be upgraded")
	return cmd
}
