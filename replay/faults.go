package replay

import (
	"fmt"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// FaultKind names one way a replay misbehaves on purpose, so a client can be
// tested against the failures a real producer shows.
type FaultKind uint8

// The faults --fault accepts. Faults pinned to an event count the fixture's
// events (its non-blank lines) from 1, whatever other faults drop or add.
const (
	SplitWrites   FaultKind = iota + 1 // every line in several small writes with short pauses
	TruncateAfter                      // stop after event N: no run_end
	CutLine                            // write the first half of event N, then exit
	GarbageAt                          // a line that is not JSON before event N
	Duplicate                          // event N twice
	Drop                               // event N not at all
	Stall                              // a pause before event N
	StderrNoise                        // unrelated lines on stderr
	Crash                              // the process kills itself with a signal before event N
	ExitWith                           // exit with this code, whatever the stream says
)

// faultNames are the spellings --fault takes, by kind.
var faultNames = [...]string{
	SplitWrites:   "split-writes",
	TruncateAfter: "truncate-after",
	CutLine:       "cut-line",
	GarbageAt:     "garbage-at",
	Duplicate:     "duplicate",
	Drop:          "drop",
	Stall:         "stall",
	StderrNoise:   "stderr-noise",
	Crash:         "crash",
	ExitWith:      "exit",
}

func (k FaultKind) String() string { return faultNames[k] }

// Fault is one parsed --fault value.
type Fault struct {
	Kind   FaultKind
	N      int            // the event it applies to (1-based); 0 for faults of the whole stream
	Pause  time.Duration  // Stall
	Signal syscall.Signal // Crash
	Code   int            // ExitWith
}

// String gives the fault back in the form ParseFault reads, so a shim can
// pass faults on to the process that replays.
func (f Fault) String() string {
	name := f.Kind.String()
	switch f.Kind {
	case TruncateAfter, CutLine, GarbageAt, Duplicate, Drop:
		return fmt.Sprintf("%s=%d", name, f.N)
	case Stall:
		return fmt.Sprintf("%s=%d:%s", name, f.N, f.Pause)
	case Crash:
		return fmt.Sprintf("%s=%d:%d", name, f.N, int(f.Signal))
	case ExitWith:
		return fmt.Sprintf("%s=%d", name, f.Code)
	}
	return name
}

// FaultHelp lists the accepted forms, for usage messages.
const FaultHelp = "split-writes, truncate-after=N, cut-line=N, garbage-at=N, duplicate=N, drop=N, " +
	"stall=N:DURATION, stderr-noise, crash=N:SIGNAL, exit=CODE"

// FaultPrefixes lists how each --fault value begins, for shell
// completion: the whole value of a fault that takes none
// ("split-writes"), the name and "=" of the others ("stall=").
func FaultPrefixes() []string {
	var prefixes []string
	for k, name := range faultNames {
		switch FaultKind(k) {
		case 0:
		case SplitWrites, StderrNoise:
			prefixes = append(prefixes, name)
		default:
			prefixes = append(prefixes, name+"=")
		}
	}
	return prefixes
}

// ParseFault reads one --fault value, such as "stall=3:250ms".
func ParseFault(s string) (Fault, error) {
	name, arg, hasArg := strings.Cut(s, "=")
	kind := FaultKind(0)
	for k, n := range faultNames {
		if n != "" && n == name {
			kind = FaultKind(k)
		}
	}
	if kind == 0 {
		return Fault{}, fmt.Errorf("unknown fault %q (want one of %s)", s, FaultHelp)
	}
	f := Fault{Kind: kind}
	switch kind {
	case SplitWrites, StderrNoise:
		if hasArg {
			return Fault{}, fmt.Errorf("fault %s takes no value", name)
		}
		return f, nil
	}
	if !hasArg || arg == "" {
		return Fault{}, fmt.Errorf("fault %s needs a value: %s", name, faultForm(kind))
	}
	var err error
	switch kind {
	case TruncateAfter, CutLine, GarbageAt, Duplicate, Drop:
		f.N, err = eventNumber(arg)
	case Stall:
		n, d, ok := strings.Cut(arg, ":")
		if !ok {
			return Fault{}, fmt.Errorf("fault %s needs %s", name, faultForm(kind))
		}
		if f.N, err = eventNumber(n); err == nil {
			f.Pause, err = time.ParseDuration(d)
			if err == nil && f.Pause < 0 {
				err = fmt.Errorf("negative duration %s", d)
			}
		}
	case Crash:
		n, sig, ok := strings.Cut(arg, ":")
		if !ok {
			return Fault{}, fmt.Errorf("fault %s needs %s", name, faultForm(kind))
		}
		if f.N, err = eventNumber(n); err == nil {
			f.Signal, err = ParseSignal(sig)
		}
	case ExitWith:
		f.Code, err = ParseExitCode(arg)
	}
	if err != nil {
		return Fault{}, fmt.Errorf("fault %s: %w", s, err)
	}
	return f, nil
}

func faultForm(k FaultKind) string {
	switch k {
	case Stall:
		return "stall=N:DURATION, e.g. stall=3:2s"
	case Crash:
		return "crash=N:SIGNAL, e.g. crash=3:KILL"
	case ExitWith:
		return "exit=CODE, e.g. exit=3"
	}
	return k.String() + "=N, an event number from 1"
}

func eventNumber(s string) (int, error) {
	n, err := strconv.Atoi(s)
	if err != nil || n < 1 {
		return 0, fmt.Errorf("%q is not an event number (1 or more)", s)
	}
	return n, nil
}

// ParseExitCode reads an exit code a process can end with: 0 to 255.
func ParseExitCode(s string) (int, error) {
	n, err := strconv.Atoi(s)
	if err != nil || n < 0 || n > 255 {
		return 0, fmt.Errorf("%q is not an exit code (0 to 255)", s)
	}
	return n, nil
}
