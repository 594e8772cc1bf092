package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"syscall"
	"time"

	"github.com/spf13/cobra"

	"github.com/zsj-dev/zsj/internal/exitcode"
	"github.com/zsj-dev/zsj/internal/input"
	"github.com/zsj-dev/zsj/replay"
)

func init() { register(newReplayCmd) }

type replayFlags struct {
	fixture      string
	exit         string
	faults       []string
	seed         uint64
	delay        time.Duration
	realtime     bool
	speed        float64
	maxIdle      time.Duration
	freshIDs     bool
	cwd          string
	asVersion    int
	buffered     bool
	shim         string
	expectPrompt string
	captureInput string
	exec         string
	asZeroExec   bool
}

func newReplayCmd(a *app) *cobra.Command {
	var f replayFlags
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
			if f.asZeroExec {
				return runAsZeroExec(a, cmd, f, args)
			}
			if len(args) > 1 {
				return usageError(fmt.Errorf("one fixture at a time, not %d", len(args)))
			}
			if len(args) == 1 {
				if f.fixture != "" {
					return usageError(errors.New("give the fixture as an argument or with --fixture, not both"))
				}
				f.fixture = args[0]
			}
			if f.fixture == "" {
				return usageError(errors.New("no fixture given: zsj replay FIXTURE"))
			}
			return runReplay(a, cmd, f)
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&f.fixture, "fixture", "", "the log to replay (instead of the FIXTURE argument)")
	fl.StringVar(&f.exit, "exit", "", "exit with this code instead of the last run_end's")
	fl.StringArrayVar(&f.faults, "fault", nil, "inject a fault (repeatable): "+replay.FaultHelp)
	fl.Uint64Var(&f.seed, "seed", 0, "seed for the random choices of faults and --fresh-ids (default: a new one each run)")
	fl.DurationVar(&f.delay, "delay", 0, "pause between events, e.g. 50ms")
	fl.BoolVar(&f.realtime, "realtime", false, "play at the recorded pace of FIXTURE.timing")
	fl.Float64Var(&f.speed, "speed", 1, "with --realtime: play this many times faster")
	fl.DurationVar(&f.maxIdle, "max-idle", 0, "with --realtime: never wait longer than this between lines")
	fl.BoolVar(&f.freshIDs, "fresh-ids", false, "give runs and sessions new ids of the same shape")
	fl.StringVar(&f.cwd, "cwd", "", "rewrite the cwd of run_start events")
	fl.IntVar(&f.asVersion, "as-version", 0, "convert events to schema version 1 or 2 on the fly")
	fl.BoolVar(&f.buffered, "buffered", false, "write through a large buffer, not one write per line (for throughput)")
	fl.StringVar(&f.shim, "shim", "", "write DIR/zero, a stand-in for 'zero exec' that replays the fixture")
	fl.StringVar(&f.expectPrompt, "expect-prompt", "", "stand-in: the prompt the client must send, TEXT or @FILE")
	fl.StringVar(&f.captureInput, "capture-input", "", "stand-in: save what the client sent to this file")
	fl.StringVar(&f.exec, "exec", "", "run this client command (through sh) with the replay on its stdin")
	fl.BoolVar(&f.asZeroExec, replay.ZeroExecFlag, false, "act as 'zero' on the arguments after --")
	_ = fl.MarkHidden(replay.ZeroExecFlag)
	return cmd
}

func runReplay(a *app, cmd *cobra.Command, f replayFlags) error {
	standIn := cmd.Flags().Changed("expect-prompt") || f.captureInput != ""
	switch {
	case f.shim != "" && f.exec != "":
		return usageError(errors.New("--shim and --exec cannot be used together"))
	case standIn && f.shim == "":
		return usageError(errors.New("--expect-prompt and --capture-input are for the stand-in: add --shim DIR"))
	case f.fixture == "-" && (f.shim != "" || f.realtime):
		return usageError(errors.New("--shim and --realtime need a fixture file, not standard input"))
	}
	opts, err := replayOptions(a, cmd, f)
	if err != nil {
		return err
	}
	if f.shim != "" {
		return writeShim(a, cmd, f)
	}
	s, err := openFixture(a, f.fixture)
	if err != nil {
		return err
	}
	defer s.Close()
	if f.exec != "" {
		opts.Kill = func(syscall.Signal) {} // the client sees its stdin end
		code, err := replay.ExecClient(f.exec, a.io.Out, a.io.ErrOut, func(w io.Writer) error {
			_, err := play(s, w, opts)
			return err
		})
		return exitWith(code, err)
	}
	res, err := play(s, a.io.Out, opts)
	return exitWith(res.ExitCode, err)
}

// openFixture opens the fixture; "-" is standard input, for a fixture
// made on the fly (zsj gen | zsj replay -).
func openFixture(a *app, path string) (*input.Stream, error) {
	if path == "-" {
		return input.Open(input.Source{Name: input.StdinName, Explicit: true}, a.io.In)
	}
	return replay.OpenFixture(path)
}

func play(s *input.Stream, out io.Writer, opts replay.Options) (replay.Result, error) {
	p, err := replay.NewPlayer(out, opts)
	if err != nil {
		return replay.Result{}, usageError(err)
	}
	res, err := p.Play(s.Lines())
	var readErr *input.LineError
	if errors.As(err, &readErr) {
		err = fmt.Errorf("%s: %w", s.Name, err)
	}
	return res, err
}

// runAsZeroExec is what the shim runs: the arguments are the client's
// zero command line.
func runAsZeroExec(a *app, cmd *cobra.Command, f replayFlags, args []string) error {
	if f.fixture == "" {
		return usageError(errors.New("--" + replay.ZeroExecFlag + " needs --fixture"))
	}
	opts, err := replayOptions(a, cmd, f)
	if err != nil {
		return err
	}
	z := &replay.ZeroExec{
		Fixture:      f.fixture,
		Options:      opts,
		ExpectPrompt: f.expectPrompt,
		HasExpect:    cmd.Flags().Changed("expect-prompt"),
		CaptureInput: f.captureInput,
		Stdin:        a.io.In,
		Stdout:       a.io.Out,
		Stderr:       a.io.ErrOut,
	}
	code, err := z.Run(args)
	return exitWith(code, err)
}

// replayOptions checks the flags and turns them into replay options.
func replayOptions(a *app, cmd *cobra.Command, f replayFlags) (replay.Options, error) {
	opts := replay.Options{
		FreshIDs: f.freshIDs, CWD: f.cwd, AsVersion: f.asVersion, Buffered: f.buffered,
		Seed: f.seed, Stderr: a.io.ErrOut,
	}
	opts.Delay = f.delay
	if !cmd.Flags().Changed("seed") {
		opts.Seed = uint64(time.Now().UnixNano()) ^ uint64(os.Getpid())<<32
	}
	for _, spec := range f.faults {
		fault, err := replay.ParseFault(spec)
		if err != nil {
			return opts, usageError(fmt.Errorf("--fault: %w", err))
		}
		opts.Faults = append(opts.Faults, fault)
	}
	if f.exit != "" {
		code, err := replay.ParseExitCode(f.exit)
		if err != nil {
			return opts, usageError(fmt.Errorf("--exit: %w", err))
		}
		opts.Faults = append(opts.Faults, replay.Fault{Kind: replay.ExitWith, Code: code})
	}
	paced := cmd.Flags().Changed("speed") || cmd.Flags().Changed("max-idle")
	switch {
	case f.asVersion != 0 && f.asVersion != 1 && f.asVersion != 2:
		return opts, usageError(fmt.Errorf("--as-version must be 1 or 2, not %d", f.asVersion))
	case f.delay < 0 || f.maxIdle < 0:
		return opts, usageError(errors.New("--delay and --max-idle must not be negative"))
	case f.speed <= 0:
		return opts, usageError(fmt.Errorf("--speed must be above 0, not %g", f.speed))
	case paced && !f.realtime:
		return opts, usageError(errors.New("--speed and --max-idle go with --realtime"))
	case f.realtime && f.delay > 0:
		return opts, usageError(errors.New("--delay and --realtime cannot be used together"))
	}
	if _, err := replay.NewPlayer(io.Discard, opts); err != nil {
		return opts, usageError(err) // faults that contradict each other
	}
	if f.realtime && f.shim != "" {
		if _, err := os.Stat(replay.TimingPath(f.fixture)); err != nil {
			return opts, fmt.Errorf("--realtime needs the timing that 'zsj record' writes: %w", err)
		}
	}
	if f.realtime && f.shim == "" {
		offsets, err := replay.ReadTiming(replay.TimingPath(f.fixture))
		if err != nil {
			return opts, fmt.Errorf("--realtime needs the timing that 'zsj record' writes: %w", err)
		}
		opts.Offsets, opts.Speed, opts.MaxIdle = offsets, f.speed, f.maxIdle
	}
	return opts, nil
}

// exitWith ends the command with a replay's or a client's exit code.
func exitWith(code int, err error) error {
	if err != nil {
		return err
	}
	if code != 0 {
		return exitcode.Silent(code)
	}
	return nil
}
