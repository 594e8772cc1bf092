package replay

import (
	"strings"
	"syscall"
	"testing"
	"time"
)

func TestParseFault(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want Fault
	}{
		{"split-writes", Fault{Kind: SplitWrites}},
		{"stderr-noise", Fault{Kind: StderrNoise}},
		{"truncate-after=3", Fault{Kind: TruncateAfter, N: 3}},
		{"cut-line=1", Fault{Kind: CutLine, N: 1}},
		{"garbage-at=2", Fault{Kind: GarbageAt, N: 2}},
		{"duplicate=4", Fault{Kind: Duplicate, N: 4}},
		{"drop=5", Fault{Kind: Drop, N: 5}},
		{"stall=2:1.5s", Fault{Kind: Stall, N: 2, Pause: 1500 * time.Millisecond}},
		{"crash=3:KILL", Fault{Kind: Crash, N: 3, Signal: syscall.SIGKILL}},
		{"crash=3:sigsegv", Fault{Kind: Crash, N: 3, Signal: syscall.SIGSEGV}},
		{"crash=1:15", Fault{Kind: Crash, N: 1, Signal: syscall.SIGTERM}},
		{"exit=0", Fault{Kind: ExitWith}},
		{"exit=255", Fault{Kind: ExitWith, Code: 255}},
	} {
		t.Run(tc.in, func(t *testing.T) {
			got, err := ParseFault(tc.in)
			if err != nil {
				t.Fatal(err)
			}
			if got != tc.want {
				t.Fatalf("got %+v, want %+v", got, tc.want)
			}
			// The shim passes faults on in String's form: it must read back.
			again, err := ParseFault(got.String())
			if err != nil || again != got {
				t.Fatalf("String %q reads back as %+v, %v", got.String(), again, err)
			}
		})
	}
}

func TestParseFaultRefuses(t *testing.T) {
	for _, tc := range []struct{ in, wantMsg string }{
		{"", "unknown fault"},
		{"explode", "unknown fault"},
		{"split-writes=3", "takes no value"},
		{"drop", "needs a value"},
		{"drop=", "needs a value"},
		{"drop=0", "not an event number"},
		{"drop=-1", "not an event number"},
		{"drop=x", "not an event number"},
		{"stall=3", "stall=N:DURATION"},
		{"stall=3:soon", "invalid duration"},
		{"stall=3:-1s", "negative duration"},
		{"crash=3", "crash=N:SIGNAL"},
		{"crash=3:NOPE", "unknown signal"},
		{"crash=3:STOP", "unknown signal"},
		{"crash=3:19", "does not end a process"},
		{"exit=256", "not an exit code"},
		{"exit=-1", "not an exit code"},
	} {
		t.Run(tc.in, func(t *testing.T) {
			_, err := ParseFault(tc.in)
			if err == nil || !strings.Contains(err.Error(), tc.wantMsg) {
				t.Fatalf("error %v, want one saying %q", err, tc.wantMsg)
			}
		})
	}
}

func TestPlanFaultsRefusesContradictions(t *testing.T) {
	for _, tc := range []struct {
		name   string
		faults []string
	}{
		{"two exit codes", []string{"exit=1", "exit=2"}},
		{"two signals at one event", []string{"crash=2:KILL", "crash=2:TERM"}},
		{"cut and drop one event", []string{"cut-line=2", "drop=2"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := planFaults(mustFaults(t, tc.faults...)); err == nil {
				t.Fatal("accepted")
			}
		})
	}
	if _, err := planFaults(mustFaults(t, "exit=3", "exit=3", "crash=2:KILL", "crash=2:9")); err != nil {
		t.Fatalf("the same fault twice is no contradiction: %v", err)
	}
}

func mustFaults(t *testing.T, specs ...string) []Fault {
	t.Helper()
	var faults []Fault
	for _, s := range specs {
		f, err := ParseFault(s)
		if err != nil {
			t.Fatal(err)
		}
		faults = append(faults, f)
	}
	return faults
}
