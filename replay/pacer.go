package replay

import "time"

// Clock is the time a replay paces itself by. Tests pass a fake one, so
// pacing is checked without waiting or depending on the machine's speed.
type Clock interface {
	Now() time.Time
	Sleep(time.Duration)
}

type systemClock struct{}

func (systemClock) Now() time.Time        { return time.Now() }
func (systemClock) Sleep(d time.Duration) { time.Sleep(d) }

// SystemClock is the real clock.
var SystemClock Clock = systemClock{}

// Pacing says how fast lines are written.
type Pacing struct {
	// Delay is a pause before every event but the first.
	Delay time.Duration
	// Offsets, when not nil, are the recorded times of the fixture's lines
	// (see the timing file); lines are written at those times.
	Offsets []time.Duration
	// Speed divides the recorded gaps: 2 plays twice as fast. 0 means 1.
	Speed float64
	// MaxIdle, when not 0, caps every recorded gap (after Speed).
	MaxIdle time.Duration
}

// pacer waits before each line as Pacing says.
type pacer struct {
	Pacing
	clock    Clock
	due      time.Time     // when the previous line was due (realtime)
	previous time.Duration // the previous line's recorded offset
	events   int           // events written so far (delay)
}

func newPacer(p Pacing, clock Clock) *pacer {
	if p.Speed <= 0 {
		p.Speed = 1
	}
	return &pacer{Pacing: p, clock: clock, due: clock.Now()}
}

// beforeLine waits until line num (1-based, blank lines counted) is due.
// Lines are scheduled against the start rather than the previous write, so
// time spent writing does not add up into drift over a long fixture.
func (p *pacer) beforeLine(num int, blank bool) {
	if p.Offsets != nil {
		p.due = p.due.Add(p.gap(num))
		if wait := p.due.Sub(p.clock.Now()); wait > 0 {
			p.clock.Sleep(wait)
		}
	}
	if blank {
		return
	}
	if p.Delay > 0 && p.events > 0 {
		p.clock.Sleep(p.Delay)
	}
	p.events++
}

// gap is the scaled, capped time between line num and the one before it.
func (p *pacer) gap(num int) time.Duration {
	if num > len(p.Offsets) {
		return 0
	}
	gap := p.Offsets[num-1] - p.previous
	if gap <= 0 {
		return 0 // an offset that goes back is taken as "at once"
	}
	p.previous = p.Offsets[num-1]
	gap = time.Duration(float64(gap) / p.Speed)
	if p.MaxIdle > 0 && gap > p.MaxIdle {
		gap = p.MaxIdle
	}
	return gap
}

// stalled moves the schedule back by d after a deliberate pause, so the
// lines after a stall keep their recorded gaps instead of rushing out.
func (p *pacer) stalled(d time.Duration) { p.due = p.due.Add(d) }
