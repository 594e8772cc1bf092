package replay

import (
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"syscall"
	"time"

	"github.com/zsj-dev/zsj/internal/exitcode"
	"github.com/zsj-dev/zsj/internal/input"
)

// Command is zsj replay's command line: the flags as given, which Run
// checks against each other and carries out. Faults and Exit are in the
// form of their flags (see ParseFault, ParseExitCode).
type Command struct {
	Fixture      string
	Exit         string
	Faults       []string
	Seed         uint64
	Delay        time.Duration
	Realtime     bool
	Speed        float64
	MaxIdle      time.Duration
	FreshIDs     bool
	CWD          string
	AsVersion    int
	Buffered     bool
	Shim         string
	ExpectPrompt string
	CaptureInput string
	Exec         string
	AsZeroExec   bool

	// Which flags were given, where their zero value is a choice too.
	SeedGiven, ExpectGiven, PacingGiven bool
	// Given is every flag given, for the stand-in to pass on (WriteShim).
	Given []ShimFlag

	Stdin          io.Reader
	Stdout, Stderr io.Writer
}

// ShimFlag is one flag of the command line, with one value.
type ShimFlag struct{ Name, Value string }

// usage marks err as a mistake on the command line.
func usage(err error) error { return exitcode.New(exitcode.Usage, err) }

// Run carries the command out on its arguments and returns the exit
// status as an error: the fixture's (or a client's, or --exit's), or a
// usage error.
func (c *Command) Run(args []string) error {
	if c.AsZeroExec {
		return c.runAsZeroExec(args)
	}
	if len(args) > 1 {
		return usage(fmt.Errorf("one fixture at a time, not %d", len(args)))
	}
	if len(args) == 1 {
		if c.Fixture != "" {
			return usage(errors.New("give the fixture as an argument or with --fixture, not both"))
		}
		c.Fixture = args[0]
	}
	standIn := c.ExpectGiven || c.CaptureInput != ""
	switch {
	case c.Fixture == "":
		return usage(errors.New("no fixture given: zsj replay FIXTURE"))
	case c.Shim != "" && c.Exec != "":
		return usage(errors.New("--shim and --exec cannot be used together"))
	case standIn && c.Shim == "":
		return usage(errors.New("--expect-prompt and --capture-input are for the stand-in: add --shim DIR"))
	case c.Fixture == "-" && (c.Shim != "" || c.Realtime):
		return usage(errors.New("--shim and --realtime need a fixture file, not standard input"))
	}
	opts, err := c.options()
	if err != nil {
		return err
	}
	if c.Shim != "" {
		return c.writeShim()
	}
	s, err := c.openFixture()
	if err != nil {
		return err
	}
	defer s.Close()
	if c.Exec != "" {
		opts.Kill = func(syscall.Signal) {} // the client sees its stdin end
		code, err := ExecClient(c.Exec, c.Stdout, c.Stderr, func(w io.Writer) error {
			_, err := play(s, w, opts)
			return err
		})
		return ExitStatus(code, err)
	}
	res, err := play(s, c.Stdout, opts)
	if err == nil && res.Ending == Complete {
		c.warnUnreached(opts.Faults, res.Events)
	}
	return ExitStatus(res.ExitCode, err)
}

// checkReached refuses, before anything is played, faults pinned to an
// event past the fixture's last: counting a file's events first is cheap
// next to a test that passes because its fault never happened. Standard
// input can be read only once; it is checked at the end (warnUnreached).
// A fixture that cannot be read is left for opening it to report.
func (c *Command) checkReached(faults []Fault) error {
	if c.Fixture == "-" || len(Unreached(faults, 0)) == 0 {
		return nil
	}
	events, err := CountEvents(c.Fixture)
	if err != nil {
		return nil
	}
	if given := c.givenFaults(Unreached(faults, events)); len(given) > 0 {
		return usage(unreachedError(given, events))
	}
	return nil
}

// warnUnreached says on stderr which faults a fixture read from standard
// input never reached.
func (c *Command) warnUnreached(faults []Fault, events int) {
	if given := c.givenFaults(Unreached(faults, events)); len(given) > 0 {
		fmt.Fprintf(c.Stderr, "zsj: warning: %v\n", unreachedError(given, events))
	}
}

// givenFaults names faults as the user spelled them (crash=9:KILL, not
// the parsed crash=9:9).
func (c *Command) givenFaults(faults []Fault) []string {
	var given []string
	for _, spec := range c.Faults {
		f, err := ParseFault(spec)
		if err == nil && slices.Contains(faults, f) {
			given = append(given, spec)
		}
	}
	return given
}

// openFixture opens the fixture; "-" is standard input, for a fixture
// made on the fly (zsj gen | zsj replay -).
func (c *Command) openFixture() (*input.Stream, error) {
	if c.Fixture == "-" {
		return input.Open(input.Source{Name: input.StdinName, Explicit: true}, c.Stdin)
	}
	return OpenFixture(c.Fixture)
}

func play(s *input.Stream, out io.Writer, opts Options) (Result, error) {
	p, err := NewPlayer(out, opts)
	if err != nil {
		return Result{}, usage(err)
	}
	res, err := p.Play(s.Lines())
	var readErr *input.LineError
	if errors.As(err, &readErr) {
		err = input.ReadError(s.Source, err)
	}
	return res, err
}

// runAsZeroExec is what the shim runs: the arguments are the client's
// zero command line.
func (c *Command) runAsZeroExec(args []string) error {
	if c.Fixture == "" {
		return usage(errors.New("--" + ZeroExecFlag + " needs --fixture"))
	}
	opts, err := c.options()
	if err != nil {
		return err
	}
	z := &ZeroExec{
		Fixture:      c.Fixture,
		Options:      opts,
		ExpectPrompt: c.ExpectPrompt,
		HasExpect:    c.ExpectGiven,
		CaptureInput: c.CaptureInput,
		Stdin:        c.Stdin,
		Stdout:       c.Stdout,
		Stderr:       c.Stderr,
	}
	code, err := z.Run(args)
	return ExitStatus(code, err)
}

// options checks the flags and turns them into the player's options.
func (c *Command) options() (Options, error) {
	opts := Options{
		FreshIDs: c.FreshIDs, CWD: c.CWD, AsVersion: c.AsVersion, Buffered: c.Buffered,
		Seed: c.Seed, Stderr: c.Stderr,
	}
	opts.Delay = c.Delay
	if !c.SeedGiven {
		opts.Seed = uint64(time.Now().UnixNano()) ^ uint64(os.Getpid())<<32
	}
	for _, spec := range c.Faults {
		fault, err := ParseFault(spec)
		if err != nil {
			return opts, usage(fmt.Errorf("--fault: %w", err))
		}
		opts.Faults = append(opts.Faults, fault)
	}
	if err := c.checkReached(opts.Faults); err != nil {
		return opts, err
	}
	if c.Exit != "" {
		code, err := ParseExitCode(c.Exit)
		if err != nil {
			return opts, usage(fmt.Errorf("--exit: %w", err))
		}
		opts.Faults = append(opts.Faults, Fault{Kind: ExitWith, Code: code})
	}
	switch {
	case c.AsVersion != 0 && c.AsVersion != 1 && c.AsVersion != 2:
		return opts, usage(fmt.Errorf("--as-version must be 1 or 2, not %d", c.AsVersion))
	case c.Delay < 0 || c.MaxIdle < 0:
		return opts, usage(errors.New("--delay and --max-idle must not be negative"))
	case c.Speed <= 0:
		return opts, usage(fmt.Errorf("--speed must be above 0, not %g", c.Speed))
	case c.PacingGiven && !c.Realtime:
		return opts, usage(errors.New("--speed and --max-idle go with --realtime"))
	case c.Realtime && c.Delay > 0:
		return opts, usage(errors.New("--delay and --realtime cannot be used together"))
	}
	if _, err := NewPlayer(io.Discard, opts); err != nil {
		return opts, usage(err) // faults that contradict each other
	}
	if c.Realtime && c.Shim != "" {
		if _, err := os.Stat(TimingPath(c.Fixture)); err != nil {
			return opts, fmt.Errorf("--realtime needs the timing that 'zsj record' writes: %w", err)
		}
	}
	if c.Realtime && c.Shim == "" {
		offsets, err := ReadTiming(TimingPath(c.Fixture))
		if err != nil {
			return opts, fmt.Errorf("--realtime needs the timing that 'zsj record' writes: %w", err)
		}
		opts.Offsets, opts.Speed, opts.MaxIdle = offsets, c.Speed, c.MaxIdle
	}
	return opts, nil
}

// ExitStatus ends a command with a replay's, a client's or a recorded
// command's exit code: err when there is one, else the code, quietly.
func ExitStatus(code int, err error) error {
	if err != nil {
		return err
	}
	if code != 0 {
		return exitcode.Silent(code)
	}
	return nil
}
