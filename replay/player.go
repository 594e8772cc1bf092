package replay

import (
	"fmt"
	"io"
	"math/rand/v2"
	"syscall"
	"time"

	"github.com/zsj-dev/zsj/internal/input"
	"github.com/zsj-dev/zsj/protocol"
)

// Options say how a fixture is replayed.
type Options struct {
	Pacing
	FreshIDs  bool    // new run and session ids of the same shape
	CWD       string  // when not "", the cwd of every run_start
	AsVersion int     // when not 0, convert every event to this schema version
	Faults    []Fault // deliberate misbehaviour, applied in the fixture's event order
	// Seed makes everything random (fresh ids, split points, noise,
	// garbage) repeatable.
	Seed uint64
	// Buffered writes through a large buffer instead of one write per
	// line: for throughput, when no client is watching the timing.
	Buffered bool

	Clock  Clock     // nil: the system clock
	Stderr io.Writer // where stderr-noise goes; nil: nowhere
	// Kill ends the process for crash=N:SIGNAL; nil: the process really
	// kills itself. Tests and --exec pass their own.
	Kill func(syscall.Signal)
}

// Ending says how a replay stopped.
type Ending uint8

// The ways a replay stops.
const (
	Complete  Ending = iota // every line of the fixture was played
	Truncated               // truncate-after=N
	Cut                     // cut-line=N: half a line, no line end
	Crashed                 // crash=N:SIGNAL, when Kill returned
)

var endingNames = [...]string{"complete", "truncated", "cut", "crashed"}

func (e Ending) String() string { return endingNames[e] }

// Result is what a replay did.
type Result struct {
	// ExitCode is the code the process should end with: exit=CODE when
	// given, else the exitCode of the last run_end among the fixture
	// events replay got to (written or dropped), else 0.
	ExitCode int
	Events   int // fixture events replay got to (written, dropped or cut)
	Ending   Ending
}

// Random streams, one per use, so that adding a fault does not change the
// ids or the split points another option drew.
const (
	streamIDs uint64 = iota + 1
	streamSplit
	streamNoise
	streamGarbage
)

// Player replays fixtures to one output.
type Player struct {
	opts    Options
	faults  faultPlan
	rw      *rewriter
	w       *lineWriter
	noise   *noise
	garbage *rand.Rand
	parser  protocol.Parser
	scratch []protocol.Member
}

// NewPlayer checks opts and prepares a replay to out.
func NewPlayer(out io.Writer, opts Options) (*Player, error) {
	plan, err := planFaults(opts.Faults)
	if err != nil {
		return nil, err
	}
	if opts.AsVersion != 0 && opts.AsVersion != 1 && opts.AsVersion != 2 {
		return nil, fmt.Errorf("schema version must be 1 or 2, not %d", opts.AsVersion)
	}
	if opts.Clock == nil {
		opts.Clock = SystemClock
	}
	if opts.Kill == nil {
		opts.Kill = killSelf
	}
	stream := func(n uint64) *rand.Rand { return rand.New(rand.NewPCG(opts.Seed, n)) }
	p := &Player{opts: opts, faults: plan, garbage: stream(streamGarbage)}
	var ids *idRenamer
	if opts.FreshIDs {
		ids = newIDRenamer(stream(streamIDs))
	}
	p.rw = newRewriter(ids, opts.CWD, opts.AsVersion)
	var split *rand.Rand
	if plan.splitWrites {
		split = stream(streamSplit)
	}
	p.w = newLineWriter(out, opts.Buffered, split, opts.Clock.Sleep)
	if plan.stderrNoise && opts.Stderr != nil {
		p.noise = &noise{w: opts.Stderr, rng: stream(streamNoise)}
	}
	return p, nil
}

// Play writes the lines of fixture to the output, paced and faulted as the
// options say. Write errors are returned as they are, so the caller can
// tell a reader that went away (EPIPE) from a real failure; read errors
// name the line. Whatever was written is flushed before Play returns.
func (p *Player) Play(fixture *input.Reader) (res Result, err error) {
	defer func() {
		if ferr := p.w.flush(); err == nil {
			err = ferr
		}
		res.ExitCode = p.faults.exitCode(res.ExitCode)
	}()
	pace := newPacer(p.opts.Pacing, flushingClock{p.opts.Clock, p.w})
	p.noise.say()
	var line input.Line
	for {
		err := fixture.NextInto(&line)
		if err == io.EOF {
			p.noise.say()
			return res, nil
		}
		if err != nil {
			return res, err
		}
		blank := line.Blank()
		pace.beforeLine(line.Num, blank)
		prefix := line.Prefix()
		if blank {
			if err := p.w.line(prefix, line.Text, line.EOL); err != nil {
				return res, err
			}
			continue
		}
		res.Events++
		n := res.Events
		crashed, err := p.before(n, pace)
		if err != nil {
			return res, err
		}
		if crashed {
			res.Ending = Crashed
			return res, nil
		}
		code, isEnd := p.runEndExit(line.Text)
		if p.faults.has(Drop, n) {
			if isEnd {
				res.ExitCode = code
			}
			continue
		}
		text := line.Text
		if p.rw.active() {
			text = p.rw.line(text)
		}
		if p.faults.has(CutLine, n) {
			res.Ending = Cut // and a run_end cut in half does not count
			whole := append(append(append([]byte(nil), prefix...), text...), line.EOL...)
			return res, p.w.raw(whole[:len(whole)/2])
		}
		if isEnd {
			res.ExitCode = code
		}
		for range 1 + p.faults.count(Duplicate, n) {
			if err := p.w.line(prefix, text, line.EOL); err != nil {
				return res, err
			}
		}
		if p.faults.has(TruncateAfter, n) {
			res.Ending = Truncated
			return res, nil
		}
	}
}

// flushingClock flushes --buffered output before every pause, so a paced
// client never waits for lines that sit in the buffer.
type flushingClock struct {
	Clock
	w *lineWriter
}

func (c flushingClock) Sleep(d time.Duration) {
	_ = c.w.flush() // a failed flush fails the next write, which reports it
	c.Clock.Sleep(d)
}

// before applies the faults that come before event n: a stall, noise, a
// garbage line, a crash. crashed is true after a crash that did not end
// the process (Kill was replaced).
func (p *Player) before(n int, pace *pacer) (crashed bool, err error) {
	if d := p.faults.stall(n); d > 0 {
		if err := p.w.flush(); err != nil {
			return false, err
		}
		p.opts.Clock.Sleep(d)
		pace.stalled(d)
	}
	p.noise.maybe()
	if p.faults.has(GarbageAt, n) {
		if err := p.w.line(nil, garbageLines[p.garbage.IntN(len(garbageLines))], []byte("\n")); err != nil {
			return false, err
		}
	}
	if sig, ok := p.faults.crash(n); ok {
		if err := p.w.flush(); err != nil {
			return false, err
		}
		p.opts.Kill(sig)
		return true, nil
	}
	return false, nil
}

// runEndExit returns the exitCode of a run_end line; isEnd is false for
// any other line.
func (p *Player) runEndExit(text []byte) (code int, isEnd bool) {
	code, isEnd, p.scratch = runEndExit(&p.parser, text, p.scratch)
	return code, isEnd
}
