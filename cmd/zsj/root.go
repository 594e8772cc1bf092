package main

import (
	"errors"
	"fmt"
	"os"
	"os/signal"
	"strings"
	"syscall"

	"github.com/spf13/cobra"

	"github.com/zsj-dev/zsj/internal/buildinfo"
	"github.com/zsj-dev/zsj/internal/exitcode"
	"github.com/zsj-dev/zsj/internal/interrupt"
	"github.com/zsj-dev/zsj/internal/term"
)

// version is set at build time with -ldflags "-X main.version=..."; when it
// is not, the module version from the build info is used. The commit the
// binary was built from follows either way.
var version = ""

// app is what every subcommand shares: the streams and the global flags.
type app struct {
	io        *term.IO
	colorFlag string
	hintStdin func() // turns on term.StdinHint for a command that reads logs
}

// subcommands holds the constructors registered by each command's file, so
// adding a command is adding a file.
var subcommands []func(*app) *cobra.Command

func register(newCmd func(*app) *cobra.Command) { subcommands = append(subcommands, newCmd) }

func newRootCmd(a *app, args []string) *cobra.Command {
	root := &cobra.Command{
		Use:   "zsj",
		Short: "Check, query and rewrite Zero stream-json event logs",
		Long: `zsj reads the JSONL event logs of Zero's stream-json protocol (the output of
'zero exec --output-format stream-json' and the input events clients send).

Inputs are files, directories (walked for *.jsonl and *.ndjson, also .gz or
.zst), or '-' for standard input; with no argument zsj reads standard input.
Compressed input is recognised by its content, not its name.

Where to start:
  a run failed    zsj runs --failed logs/       which runs, and why
                  zsj pretty run.jsonl          what the agent did
                  zsj filter --run ID logs/     the events of one run
  an archive      zsj validate logs/            what is wrong, where
                  zsj upgrade -i logs/          v1 to v2, in place
  a test fixture  zsj redact --check run.jsonl  no credential left in it
                  zsj replay run.jsonl          play it to a client

Exit codes: 0 ok, 1 problems found, 2 usage error, 3 I/O or internal failure.`,
		Example: `  zsj validate testdata/
  zcat run.jsonl.gz | zsj validate --format json -`,
		Version:       buildinfo.Version(version),
		SilenceErrors: true,
		SilenceUsage:  true,
		PersistentPreRunE: func(cmd *cobra.Command, args []string) error {
			if readsLogs(cmd) {
				a.hintStdin()
			}
			if cmd.DisableFlagParsing {
				return nil // its flags are not parsed yet: it decides itself
			}
			return a.decideColor("")
		},
	}
	root.SetIn(a.io.In)
	root.SetOut(a.io.Out)
	root.SetErr(a.io.ErrOut)
	root.PersistentFlags().StringVar(&a.colorFlag, "color", "auto", "color output: auto, always or never (NO_COLOR and TERM=dumb turn auto off)")
	root.SetFlagErrorFunc(func(_ *cobra.Command, err error) error { return usageError(err) })
	for _, newCmd := range subcommands {
		root.AddCommand(newCmd(a))
	}
	// Only the shell's completion requests need the flag values.
	if len(args) > 0 && strings.HasPrefix(args[0], cobra.ShellCompRequestCmd) {
		registerCompletions(root)
	}
	return root
}

// readsLogs reports whether cmd reads logs from standard input when it is
// given no path: the commands whose usage ends in [PATH...].
func readsLogs(cmd *cobra.Command) bool { return strings.HasSuffix(cmd.Use, "[PATH...]") }

// decideColor makes the one decision on color, from --color unless a
// command's own flag has the last word (zsj filter's -C and -M, as jq's).
func (a *app) decideColor(override term.ColorMode) error {
	mode, err := term.ParseColorMode(a.colorFlag)
	if err != nil {
		return usageError(err)
	}
	if override != "" {
		mode = override
	}
	a.io.DecideColor(mode)
	return nil
}

// run executes the command line and returns the process exit code. Errors
// are printed here, in one voice, and nowhere else.
func run(io *term.IO, args []string) int {
	// With SIGPIPE ignored a write to a closed pipe returns EPIPE, which is
	// turned below into a quiet exit instead of death by signal. It is done
	// here rather than in main so the end-to-end scripts, which call run,
	// behave the same.
	signal.Ignore(syscall.SIGPIPE)
	// Ctrl-C ends the reads; the command then finishes as on a read error,
	// flushing its output, and the exit status says it was interrupted.
	stopWatching := interrupt.Watch(os.Exit)
	defer stopWatching()
	a := &app{io: io, hintStdin: io.HintStdin(term.StdinHint)}
	root := newRootCmd(a, args)
	root.SetArgs(args)
	err := root.Execute()
	if interrupt.Requested() {
		return interrupt.ExitCode
	}
	if err == nil {
		return exitcode.OK
	}
	if errors.Is(err, syscall.EPIPE) {
		return exitcode.OK // the reader went away: nothing more to say
	}
	var coded *exitcode.Error
	if errors.As(err, &coded) && coded.Quiet {
		return coded.Code
	}
	code := exitcode.Of(err)
	if isCobraUsageError(err) {
		code = exitcode.Usage
	}
	fmt.Fprintf(io.ErrOut, "zsj: error: %s\n", strings.TrimSuffix(err.Error(), "."))
	if code == exitcode.Usage {
		fmt.Fprintln(io.ErrOut, "zsj: hint: run 'zsj help' or 'zsj COMMAND --help' for usage")
	}
	return code
}

// usageError marks err as a mistake on the command line.
func usageError(err error) error { return exitcode.New(exitcode.Usage, err) }

// isCobraUsageError recognises the errors cobra returns itself for an
// unknown command or a wrong number of arguments.
func isCobraUsageError(err error) bool {
	msg := err.Error()
	return strings.HasPrefix(msg, "unknown command") ||
		strings.HasPrefix(msg, "accepts ") ||
		strings.HasPrefix(msg, "requires ") ||
		strings.Contains(msg, "flag needs an argument") ||
		strings.HasPrefix(msg, "unknown flag") ||
		strings.HasPrefix(msg, "unknown shorthand flag")
}
