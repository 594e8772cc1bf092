package main

import (
	"github.com/spf13/cobra"

	"github.com/zsj-dev/zsj/gen"
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

--secrets plants fake credentials (shaped like real API keys, tokens, JWTs,
private keys, passwords in URLs) for testing 'zsj redact'. --faults plants
one invalid line or broken run per run for testing 'zsj validate'.`,
		Example: `  zsj gen --runs 3 --seed 7
  zsj gen --profile output-heavy --size 500MB > big.jsonl
  zsj gen --profile chatty --size 130MB --schema-version 1 | zsj upgrade
  zsj gen --secrets --runs 20 | zsj redact
  zsj gen --faults --runs 30 | zsj validate -
  zsj gen --input --runs 2`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return c.Run(a.io.Out)
		},
	}
	f := cmd.Flags()
	f.IntVar(&c.Runs, "runs", gen.DefaultRuns, "number of runs to write (ignored with --size)")
	f.StringVar(&c.Size, "size", "", "write runs until at least this much is out, e.g. 500MB, 2GiB, 4096 (overrides --runs)")
	f.Int64Var(&c.Seed, "seed", 0, "seed of the generator: same seed and flags, same bytes")
	f.IntVar(&c.SchemaVersion, "schema-version", 2, "schema version of the events: 1 (violation) or 2 (block)")
	f.StringVar(&c.Profile, "profile", string(gen.Mixed), "shape of the runs: output-heavy, chatty or mixed")
	f.BoolVar(&c.Secrets, "secrets", false, "plant fake credentials in strings (for redaction tests)")
	f.BoolVar(&c.Faults, "faults", false, "plant an invalid line or broken run in each run (for validator tests)")
	f.BoolVar(&c.Input, "input", false, "write input events (message, prompt) instead of output events")
	return cmd
}
