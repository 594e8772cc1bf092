package main

import (
	"bufio"
	"fmt"
	"slices"

	"github.com/spf13/cobra"

	"github.com/zsj-dev/zsj/gen"
)

func init() { register(newGenCmd) }

func newGenCmd(a *app) *cobra.Command {
	var (
		opts    gen.Options
		size    string
		profile string
	)
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
			if !slices.Contains(gen.Profiles, gen.Profile(profile)) {
				return usageError(fmt.Errorf("--profile must be output-heavy, chatty or mixed, not %q", profile))
			}
			opts.Profile = gen.Profile(profile)
			if opts.SchemaVersion != 1 && opts.SchemaVersion != 2 {
				return usageError(fmt.Errorf("--schema-version must be 1 or 2, not %d", opts.SchemaVersion))
			}
			if opts.Runs < 1 && size == "" {
				return usageError(fmt.Errorf("--runs must be at least 1, not %d", opts.Runs))
			}
			if size != "" {
				n, err := gen.ParseSize(size)
				if err != nil {
					return usageError(fmt.Errorf("--size: %w", err))
				}
				opts.Size = max(n, 1)
			}
			if opts.Input && opts.Faults {
				return usageError(fmt.Errorf("--faults and --input cannot be combined: faults are planted in output events"))
			}
			out := bufio.NewWriterSize(a.io.Out, 1<<20)
			if err := gen.Write(out, opts); err != nil {
				return err
			}
			return out.Flush()
		},
	}
	f := cmd.Flags()
	f.IntVar(&opts.Runs, "runs", gen.DefaultRuns, "number of runs to write (ignored with --size)")
	f.StringVar(&size, "size", "", "write runs until at least this much is out, e.g. 500MB, 2GiB, 4096 (overrides --runs)")
	f.Int64Var(&opts.Seed, "seed", 0, "seed of the generator: same seed and flags, same bytes")
	f.IntVar(&opts.SchemaVersion, "schema-version", 2, "schema version of the events: 1 (violation) or 2 (block)")
	f.StringVar(&profile, "profile", string(gen.Mixed), "shape of the runs: output-heavy, chatty or mixed")
	f.BoolVar(&opts.Secrets, "secrets", false, "plant fake credentials in strings (for redaction tests)")
	f.BoolVar(&opts.Faults, "faults", false, "plant an invalid line or broken run in each run (for validator tests)")
	f.BoolVar(&opts.Input, "input", false, "write input events (message, prompt) instead of output events")
	return cmd
}
