package replay

import (
	"slices"
	"testing"
	"time"
)

const ms = time.Millisecond

func TestPacer(t *testing.T) {
	type line struct {
		blank bool
		spent time.Duration // time the write took, before the next line
	}
	plain := []line{{}, {}, {}, {}}
	for _, tc := range []struct {
		name  string
		pace  Pacing
		lines []line
		want  []time.Duration
	}{
		{"no pacing", Pacing{}, plain, nil},
		{"delay between events, not before the first", Pacing{Delay: 10 * ms}, plain, []time.Duration{10 * ms, 10 * ms, 10 * ms}},
		{"delay skips blank lines", Pacing{Delay: 10 * ms}, []line{{}, {blank: true}, {}}, []time.Duration{10 * ms}},
		{"recorded gaps, from the start",
			Pacing{Offsets: []time.Duration{5 * ms, 5 * ms, 25 * ms, 100 * ms}}, plain,
			[]time.Duration{5 * ms, 20 * ms, 75 * ms}},
		{"speed divides the gaps",
			Pacing{Offsets: []time.Duration{40 * ms, 80 * ms}, Speed: 4}, plain[:2],
			[]time.Duration{10 * ms, 10 * ms}},
		{"max-idle caps each gap after speed",
			Pacing{Offsets: []time.Duration{10 * ms, 5010 * ms, 5020 * ms}, Speed: 2, MaxIdle: 100 * ms}, plain[:3],
			[]time.Duration{5 * ms, 100 * ms, 5 * ms}},
		{"time spent writing is not waited again",
			Pacing{Offsets: []time.Duration{10 * ms, 30 * ms, 40 * ms}}, []line{{spent: 5 * ms}, {spent: 50 * ms}, {}},
			[]time.Duration{10 * ms, 15 * ms}},
		{"lines past the timing file do not wait",
			Pacing{Offsets: []time.Duration{10 * ms}}, plain[:3], []time.Duration{10 * ms}},
		{"offsets that go back do not wait",
			Pacing{Offsets: []time.Duration{10 * ms, 5 * ms, 15 * ms}}, plain[:3], []time.Duration{10 * ms, 5 * ms}},
		{"blank lines keep their recorded time",
			Pacing{Offsets: []time.Duration{10 * ms, 20 * ms, 30 * ms}}, []line{{}, {blank: true}, {}},
			[]time.Duration{10 * ms, 10 * ms, 10 * ms}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			clock := newFakeClock()
			p := newPacer(tc.pace, clock)
			for i, l := range tc.lines {
				p.beforeLine(i+1, l.blank)
				clock.elapse(l.spent)
			}
			if !slices.Equal(clock.slept, tc.want) {
				t.Fatalf("slept %v, want %v", clock.slept, tc.want)
			}
		})
	}
}

func TestPacerKeepsGapsAfterAStall(t *testing.T) {
	clock := newFakeClock()
	p := newPacer(Pacing{Offsets: []time.Duration{10 * ms, 20 * ms, 30 * ms}}, clock)
	p.beforeLine(1, false)
	clock.Sleep(time.Second) // stall=2:1s
	p.stalled(time.Second)
	p.beforeLine(2, false)
	p.beforeLine(3, false)
	if want := []time.Duration{10 * ms, time.Second, 10 * ms, 10 * ms}; !slices.Equal(clock.slept, want) {
		t.Fatalf("slept %v, want %v", clock.slept, want)
	}
}
