package replay

import (
	"cmp"
	"fmt"
	"maps"
	"os"
	"slices"
	"strconv"
	"strings"
	"syscall"
)

// crashSignals are the signals crash=N:SIGNAL accepts by name: those whose
// default action ends the process, which is what a crashed producer looks
// like to its client. Signals that only stop or are ignored by default
// (STOP, CHLD, WINCH...) would not end the replay, so they are refused.
// Unix systems have three more (moreCrashSignals).
var crashSignals = func() map[string]syscall.Signal {
	m := map[string]syscall.Signal{
		"HUP":  syscall.SIGHUP,
		"INT":  syscall.SIGINT,
		"QUIT": syscall.SIGQUIT,
		"ILL":  syscall.SIGILL,
		"TRAP": syscall.SIGTRAP,
		"ABRT": syscall.SIGABRT,
		"BUS":  syscall.SIGBUS,
		"FPE":  syscall.SIGFPE,
		"KILL": syscall.SIGKILL,
		"SEGV": syscall.SIGSEGV,
		"PIPE": syscall.SIGPIPE,
		"ALRM": syscall.SIGALRM,
		"TERM": syscall.SIGTERM,
	}
	maps.Copy(m, moreCrashSignals)
	return m
}()

// ParseSignal reads a signal given by name (KILL or SIGKILL, any case) or
// by number (9).
func ParseSignal(s string) (syscall.Signal, error) {
	if n, err := strconv.Atoi(s); err == nil {
		for _, sig := range crashSignals {
			if int(sig) == n {
				return sig, nil
			}
		}
		return 0, fmt.Errorf("signal %d does not end a process by default; use one of %s", n, signalNames())
	}
	name := strings.TrimPrefix(strings.ToUpper(s), "SIG")
	if sig, ok := crashSignals[name]; ok {
		return sig, nil
	}
	return 0, fmt.Errorf("unknown signal %q; use one of %s or a number", s, signalNames())
}

// signalNames lists crashSignals by number.
func signalNames() string {
	names := slices.Collect(maps.Keys(crashSignals))
	slices.SortFunc(names, func(a, b string) int { return cmp.Compare(crashSignals[a], crashSignals[b]) })
	return strings.Join(names, ", ")
}

// killSelf ends the process by sig, so that its parent sees death by that
// signal and not an exit code. Go's runtime handles SEGV, ABRT, QUIT and
// others itself (a SEGV sent by kill is even ignored), so the signal's
// default action is restored first where the system allows it. No core
// file is left behind: a crash on purpose is not worth one.
func killSelf(sig syscall.Signal) {
	noCoreFile()
	raiseDefault(sig)
	// Still alive: the signal could not be delivered with its default
	// action. End the way a shell reports death by signal.
	os.Exit(128 + int(sig))
}
