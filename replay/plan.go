package replay

import (
	"fmt"
	"io"
	"math/rand/v2"
	"syscall"
	"time"
)

// faultPlan is the faults of a replay arranged for the loop to look up by
// event number.
type faultPlan struct {
	at          map[int][]Fault // faults pinned to an event
	splitWrites bool
	stderrNoise bool
	exit        int // exit=CODE; -1 when not given
}

// planFaults arranges faults and refuses combinations that contradict
// each other, so a test never silently runs a different fault than it
// names.
func planFaults(faults []Fault) (faultPlan, error) {
	plan := faultPlan{at: map[int][]Fault{}, exit: -1}
	for _, f := range faults {
		switch f.Kind {
		case SplitWrites:
			plan.splitWrites = true
		case StderrNoise:
			plan.stderrNoise = true
		case ExitWith:
			if plan.exit >= 0 && plan.exit != f.Code {
				return faultPlan{}, fmt.Errorf("two exit codes asked for: %d and %d", plan.exit, f.Code)
			}
			plan.exit = f.Code
		case Crash:
			if sig, ok := plan.crash(f.N); ok && sig != f.Signal {
				return faultPlan{}, fmt.Errorf("two signals asked for at event %d", f.N)
			}
			plan.at[f.N] = append(plan.at[f.N], f)
		default:
			plan.at[f.N] = append(plan.at[f.N], f)
		}
	}
	for n := range plan.at {
		if plan.has(CutLine, n) && plan.has(Drop, n) {
			return faultPlan{}, fmt.Errorf("event %d cannot be both cut and dropped", n)
		}
	}
	return plan, nil
}

func (p faultPlan) count(k FaultKind, n int) int {
	c := 0
	for _, f := range p.at[n] {
		if f.Kind == k {
			c++
		}
	}
	return c
}

func (p faultPlan) has(k FaultKind, n int) bool { return p.count(k, n) > 0 }

// stall is the pause before event n; several stalls add up.
func (p faultPlan) stall(n int) time.Duration {
	var d time.Duration
	for _, f := range p.at[n] {
		if f.Kind == Stall {
			d += f.Pause
		}
	}
	return d
}

func (p faultPlan) crash(n int) (syscall.Signal, bool) {
	for _, f := range p.at[n] {
		if f.Kind == Crash {
			return f.Signal, true
		}
	}
	return 0, false
}

// exitCode is exit=CODE when given, else the code the stream asked for.
func (p faultPlan) exitCode(fromStream int) int {
	if p.exit >= 0 {
		return p.exit
	}
	return fromStream
}

// noiseLines are what a busy producer prints on stderr: logs, progress,
// even JSON. A client must not take any of it for an event.
var noiseLines = []string{
	"zero: loading config from ~/.config/zero/config.toml",
	"[debug] provider connection pool: 2 idle, 0 busy",
	`{"level":"info","msg":"telemetry disabled","schemaVersion":2,"type":"text"}`,
	"warning: terminal does not support colors, falling back to plain text",
	"⠋ thinking…",
	"retrying request (attempt 2 of 3) after HTTP 429",
}

// garbageLines stand for what corrupts a stream in practice: a stray log
// line, a proxy's error page, an event that breaks off.
var garbageLines = [][]byte{
	[]byte("zero: warning: lost connection to the provider, retrying in 1s"),
	[]byte(`<!DOCTYPE html><html><title>502 Bad Gateway</title></html>`),
	[]byte(`{"schemaVersion":2,"type":"text","runId":`),
}

// noise writes stderr-noise. A nil *noise writes nothing, so the replay
// loop need not ask.
type noise struct {
	w   io.Writer
	rng *rand.Rand
}

// say writes one noise line: at the start and at the end of the replay.
func (n *noise) say() {
	if n == nil {
		return
	}
	// stderr is best effort, as for any producer's diagnostics.
	fmt.Fprintln(n.w, noiseLines[n.rng.IntN(len(noiseLines))])
}

// maybe writes a noise line before about one event in four.
func (n *noise) maybe() {
	if n != nil && n.rng.IntN(4) == 0 {
		n.say()
	}
}
