package main

import (
	"github.com/spf13/cobra"

	"github.com/zsj-dev/zsj/gen"
	"github.com/zsj-dev/zsj/protocol"
	"github.com/zsj-dev/zsj/validate"
)

func init() { register(newGenCmd) }

func newGenCmd(a *app) *cobra.Command {
	var c gen.Command
	cmd := &cobra.Command{
		Use:   "gen",
		Short: "Write synthetic Zero stream-json logs",
		Long: `gen writes synthetic but valid Zero stream-json logs to standard output:
runs with every event type, permission flows, sandbox blocks, tool results,
usage, warnings and errors. Without --faults the output passes
'zsj validate --strict'. The same seed and flags give the same bytes.

Profiles:
  output-heavy  tool results of a few KB to about 1 MB
  chatty        many short text and reasoning deltas
  mixed         in between, and now and then two runs interleaved (default)
  realistic     real files: see below

realistic runs show the files of a content tree (--content DIR; default:
$GOROOT, else the Go toolchain's root, which every machine with Go has):
file reads and cat show a file as it is (cut after 64 KiB, as tools cut,
with truncated set), grep shows path:line:text lines of a word over a
directory, find lists real paths, go test and go run print the tree's own
test names and functions, write_file args carry real file bodies, and text
and reasoning stream the tree's comments and docs a few words per delta.
Usage events carry every token field. The tree is walked in sorted order;
files over 256 KiB, binary or non-UTF-8 files, names starting with a dot,
and files in which the redaction rules find a secret are never shown, so
the log passes 'zsj validate --strict' like the others. run_start's cwd and
a line on standard error name the tree: the same seed, the same tree at the
same path and the same zsj (whose redaction rules choose what is left out)
give the same bytes.

--secrets plants fake credentials (shaped like real API keys, tokens, JWTs,
private keys, passwords in URLs) for testing 'zsj redact'. --faults plants
one invalid line or broken run per run for testing 'zsj validate'.`,
		Example: `  zsj gen --runs 3 --seed 7
  zsj gen --profile output-heavy --size 500MB > big.jsonl
  zsj gen --profile chatty --size 130MB --schema-version 1 | zsj upgrade
  zsj gen --secrets --runs 20 | zsj redact
  zsj gen --faults --runs 30 | zsj validate -
  zsj gen --input --runs 2
  zsj gen --profile realistic --size 300MB > real.jsonl
  zsj gen --profile realistic --content ~/src/project --runs 5`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			c.HasSecret = hasSecret()
			return c.Run(a.io.Out, a.io.ErrOut)
		},
	}
	f := cmd.Flags()
	f.IntVar(&c.Runs, "runs", gen.DefaultRuns, "number of runs to write (ignored with --size)")
	f.StringVar(&c.Size, "size", "", "write runs until at least this much is out, e.g. 500MB, 2GiB, 4096 (overrides --runs)")
	f.Int64Var(&c.Seed, "seed", 0, "seed of the generator: same seed and flags, same bytes")
	f.IntVar(&c.SchemaVersion, "schema-version", 2, "schema version of the events: 1 (violation) or 2 (block)")
	f.StringVar(&c.Profile, "profile", string(gen.Mixed), "shape of the runs: output-heavy, chatty, mixed or realistic")
	f.StringVar(&c.Content, "content", "", "directory whose files realistic runs show (default: the Go toolchain's GOROOT)")
	f.BoolVar(&c.Secrets, "secrets", false, "plant fake credentials in strings (for redaction tests)")
	f.BoolVar(&c.Faults, "faults", false, "plant an invalid line or broken run in each run (for validator tests)")
	f.BoolVar(&c.Input, "input", false, "write input events (message, prompt) instead of output events")
	_ = cmd.MarkFlagDirname("content")
	return cmd
}

// hasSecret reports whether a line holds a string that validate's secret
// search finds, so realistic content never makes a log that fails it.
func hasSecret() func(line []byte) bool {
	var finder validate.SecretFinder
	return func(line []byte) bool {
		if finder == nil {
			finder = newSecretFinder()
		}
		return len(finder.FindSecrets(line, protocol.NoShape)) > 0
	}
}
