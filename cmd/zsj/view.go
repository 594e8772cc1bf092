package main

import (
	"github.com/spf13/cobra"

	"github.com/zsj-dev/zsj/gen"
	"github.com/zsj-dev/zsj/view"
)

func init() { register(newViewCmd) }

func newViewCmd(a *app) *cobra.Command {
	opts := view.Options{IO: a.io}
	cacheLimit := "2GiB"
	cmd := &cobra.Command{
		Use:   "view PATH...",
		Short: "Browse many runs in the terminal: find why one failed",
		Long: `View is a full-screen browser of runs. It lists every run found in the files
and folders given (gzip and zstd too), newest first, with its status, exit
code, model, tokens, cost, tool calls, denied permissions, sandbox blocks
and the code of its error, while it indexes them in the background.

Enter opens a run as 'zsj pretty' draws it, with tool outputs and
reasoning folded to one line: space unfolds one, z all; e and E jump to
the next and previous error, b to the next block or denied permission,
/ searches, r shows the raw JSON of the event under the cursor with its
file and line. A run still being written grows on screen as its file
does. ? lists every key.

Only byte offsets are kept in memory, not the logs: a run page reads its
run's lines again. Compressed inputs are decompressed once into a
temporary folder (--cache-dir), up to --cache-limit bytes in all; past it,
a page decompresses its input again. Standard input ("-") cannot be
viewed: use 'zsj pretty' for a stream.

Exit status: 0 done, 2 usage error (no terminal, "-"), 3 an input could not
be read.`,
		Example: `  zsj view logs/
  zsj view archive/*.jsonl.zst
  NO_COLOR=1 zsj view run.jsonl`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			var err error
			if opts.CacheLimit, err = gen.ParseSize(cacheLimit); err != nil {
				return usageError(err)
			}
			for _, arg := range args {
				if arg == "-" {
					return usageError(view.ErrStdin)
				}
			}
			if opts.Sources, opts.Unreadable, err = expandInputs(args); err != nil {
				return err
			}
			return view.Run(opts)
		},
	}
	f := cmd.Flags()
	f.BoolVar(&opts.ASCII, "ascii", false, "draw with ASCII characters only (no Unicode symbols)")
	f.StringVar(&opts.CacheDir, "cache-dir", "", "where compressed inputs are decompressed (default: the system's temporary folder)")
	f.StringVar(&cacheLimit, "cache-limit", cacheLimit, "at most this many decompressed bytes in the cache (e.g. 500MB, 4GiB; 0: no cache)")
	f.BoolVar(&opts.IndexOnly, "index-only", false, "index, print the number of runs found and the time taken, and exit")
	f.MarkHidden("index-only")
	return cmd
}
