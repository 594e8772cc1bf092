package replay

import (
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"testing"
)

// The signals crash=N:SIGNAL accepts are listed by number, and each is
// read back by name, SIG name and number.
func TestSignalNames(t *testing.T) {
	names := signalNames()
	if runtime.GOOS == "linux" {
		const want = "HUP, INT, QUIT, ILL, TRAP, ABRT, BUS, FPE, KILL, USR1, SEGV, USR2, PIPE, ALRM, TERM, SYS"
		if names != want {
			t.Errorf("signalNames() = %q, want %q", names, want)
		}
	}
	last := syscall.Signal(0)
	for _, name := range strings.Split(names, ", ") {
		sig := crashSignals[name]
		if sig <= last {
			t.Errorf("%s (%d) listed after signal %d", name, sig, last)
		}
		last = sig
		for _, s := range []string{name, "sig" + strings.ToLower(name), strconv.Itoa(int(sig))} {
			if got, err := ParseSignal(s); err != nil || got != sig {
				t.Errorf("ParseSignal(%q) = %v, %v; want %v", s, got, err, sig)
			}
		}
	}
}
