package main

import (
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/zsj-dev/zsj/replay"
)

func init() { register(newReplayCmd) }

func newReplayCmd(a *app) *cobra.Command {
	c := replay.Command{Stdin: a.io.In, Stdout: a.io.Out, Stderr: a.io.ErrOut}
	cmd := &cobra.Command{
		Use:   "replay FIXTURE",
		Short: "Play a recorded stream-json log to a client, with pacing and faults",
		Long: `Replay writes the events of FIXTURE (a log, e.g. from 'zsj record'; '-'
reads standard input) to standard output, each line in one write of its
own, and exits with the exit code of the last run_end it reached. It is
Zero without Zero: a client under test reads a real stream, as slowly and
as broken as you ask.

Pacing (none by default): --delay waits between events; --realtime plays
at the times in FIXTURE.timing (written by 'zsj record': one line per
fixture line, milliseconds from the start), divided by --speed and each
gap capped by --max-idle.

Faults (--fault, repeatable; N counts the fixture's events from 1):
  split-writes        each line in 2-5 writes cut at random bytes, 2ms apart
  truncate-after=N    stop after event N: no run_end
  cut-line=N          write the first half of event N, no line end, and exit
  garbage-at=N        a line that is not JSON before event N
  duplicate=N         event N twice
  drop=N              no event N
  stall=N:DURATION    pause before event N
  stderr-noise        unrelated lines on stderr, some of them JSON
  crash=N:SIGNAL      die by SIGNAL (KILL, TERM, SEGV, ABRT, ... or a number)
                      before event N
  exit=CODE           exit with CODE (as --exit)
Random choices (split points, noise, garbage, fresh ids) follow --seed.
A fault pinned past the fixture's last event is a usage error, before
anything is played (from standard input: a warning at the end).

A stand-in for 'zero exec': --shim DIR writes DIR/zero, a script that runs
this zsj in Zero's place with the fixture and every other flag given here.
Put DIR first on the client's PATH. Called as 'zero exec
[--output-format stream-json] [--input-format stream-json] [--file F]
[PROMPT]', it reads the input events from stdin or --file and refuses bad
ones as Zero does (an error event with code invalid_input naming the input
line, then run_end with status error, exit code 2). With --expect-prompt, a
different prompt gets an error event with code unexpected_prompt (exit code
1). --capture-input saves what the client sent. Then it replays.

--exec 'CMD ARGS' runs the client through sh with the replay on its stdin
and exits with the client's exit code.

Exit status: the fixture's (see above) or --exit; 2 usage error; 3 the
fixture could not be read. A reader that goes away ends replay quietly.`,
		Example: `  zsj replay run.jsonl | my-client
  zsj replay --realtime --speed 4 --max-idle 1s run.jsonl | my-client
  zsj replay --fault split-writes --fault crash=5:KILL run.jsonl | my-client
  zsj replay --fresh-ids --as-version 1 --exec 'node client.js' run.jsonl
  zsj replay --shim /tmp/fake --fixture run.jsonl --expect-prompt @prompt.txt
  PATH=/tmp/fake:$PATH npm test`,
		RunE: func(cmd *cobra.Command, args []string) error {
			fl := cmd.Flags()
			c.SeedGiven, c.ExpectGiven = fl.Changed("seed"), fl.Changed("expect-prompt")
			c.PacingGiven = fl.Changed("speed") || fl.Changed("max-idle")
			fl.Visit(func(f *pflag.Flag) {
				values := []string{f.Value.String()}
				if sv, ok := f.Value.(pflag.SliceValue); ok {
					values = sv.GetSlice()
				}
				for _, v := range values {
					c.Given = append(c.Given, replay.ShimFlag{Name: f.Name, Value: v})
				}
			})
			return c.Run(args)
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&c.Fixture, "fixture", "", "the log to replay (instead of the FIXTURE argument)")
	fl.StringVar(&c.Exit, "exit", "", "exit with this code instead of the last run_end's")
	fl.StringArrayVar(&c.Faults, "fault", nil, "inject a fault (repeatable): "+replay.FaultHelp)
	fl.Uint64Var(&c.Seed, "seed", 0, "seed for the random choices of faults and --fresh-ids (default: a new one each run)")
	fl.DurationVar(&c.Delay, "delay", 0, "pause between events, e.g. 50ms")
	fl.BoolVar(&c.Realtime, "realtime", false, "play at the recorded pace of FIXTURE.timing")
	fl.Float64Var(&c.Speed, "speed", 1, "with --realtime: play this many times faster")
	fl.DurationVar(&c.MaxIdle, "max-idle", 0, "with --realtime: never wait longer than this between lines")
	fl.BoolVar(&c.FreshIDs, "fresh-ids", false, "give runs and sessions new ids of the same shape")
	fl.StringVar(&c.CWD, "cwd", "", "rewrite the cwd of run_start events")
	fl.IntVar(&c.AsVersion, "as-version", 0, "convert events to schema version 1 or 2 on the fly")
	fl.BoolVar(&c.Buffered, "buffered", false, "write through a large buffer, not one write per line (for throughput)")
	fl.StringVar(&c.Shim, "shim", "", "write DIR/zero, a stand-in for 'zero exec' that replays the fixture")
	fl.StringVar(&c.ExpectPrompt, "expect-prompt", "", "stand-in: the prompt the client must send, TEXT or @FILE")
	fl.StringVar(&c.CaptureInput, "capture-input", "", "stand-in: save what the client sent to this file")
	fl.StringVar(&c.Exec, "exec", "", "run this client command (through sh) with the replay on its stdin")
	fl.BoolVar(&c.AsZeroExec, replay.ZeroExecFlag, false, "act as 'zero' on the arguments after --")
	_ = fl.MarkHidden(replay.ZeroExecFlag)
	return cmd
}
