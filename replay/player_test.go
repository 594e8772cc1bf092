package replay

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/zsj-dev/zsj/internal/input"
	"github.com/zsj-dev/zsj/protocol"
)

// writeLog remembers every write, to see how lines were cut up.
type writeLog struct{ writes [][]byte }

func (w *writeLog) Write(p []byte) (int, error) {
	w.writes = append(w.writes, bytes.Clone(p))
	return len(p), nil
}

func (w *writeLog) String() string { return string(bytes.Join(w.writes, nil)) }

// fixtureLines reads a shared fixture as lines with their "\n".
func fixtureLines(t testing.TB, name string) []string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(string(b), "\n")
	return lines[:len(lines)-1] // after the last "\n"
}

type played struct {
	out    *writeLog
	stderr bytes.Buffer
	clock  *fakeClock
	killed []syscall.Signal
	res    Result
}

func playString(t *testing.T, fixture string, opts Options) *played {
	t.Helper()
	p := &played{out: &writeLog{}, clock: newFakeClock()}
	opts.Clock, opts.Stderr = p.clock, &p.stderr
	opts.Kill = func(sig syscall.Signal) { p.killed = append(p.killed, sig) }
	player, err := NewPlayer(p.out, opts)
	if err != nil {
		t.Fatal(err)
	}
	p.res, err = player.Play(input.NewReader(strings.NewReader(fixture)))
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func TestPlayFaults(t *testing.T) {
	e := fixtureLines(t, "v2/failed.jsonl") // 7 events; the last is run_end with exitCode 3
	if len(e) != 7 {
		t.Fatalf("the fixture changed: %d lines", len(e))
	}
	all := strings.Join(e, "")
	join := func(lines ...string) string { return strings.Join(lines, "") }
	half := func(line string) string { return line[:len(line)/2] }
	for _, tc := range []struct {
		name    string
		faults  []string
		want    string
		exit    int
		events  int
		ending  Ending
		killed  []syscall.Signal
		garbage int // a line not JSON before this 0-based line of want
	}{
		{name: "none", want: all, exit: 3, events: 7},
		{name: "drop", faults: []string{"drop=2"}, want: join(e[0], e[2], e[3], e[4], e[5], e[6]), exit: 3, events: 7},
		{name: "drop the run_end, its code stays", faults: []string{"drop=7"}, want: join(e[:6]...), exit: 3, events: 7},
		{name: "duplicate", faults: []string{"duplicate=3"}, want: join(e[0], e[1], e[2], e[2], e[3], e[4], e[5], e[6]), exit: 3, events: 7},
		{name: "truncate", faults: []string{"truncate-after=3"}, want: join(e[:3]...), exit: 0, events: 3, ending: Truncated},
		{name: "truncate with exit", faults: []string{"truncate-after=3", "exit=137"}, want: join(e[:3]...), exit: 137, events: 3, ending: Truncated},
		{name: "cut", faults: []string{"cut-line=2"}, want: e[0] + half(e[1]), exit: 0, events: 2, ending: Cut},
		{name: "cut the run_end, no code from it", faults: []string{"cut-line=7"}, want: join(e[:6]...) + half(e[6]), exit: 0, events: 7, ending: Cut},
		{name: "crash", faults: []string{"crash=4:KILL"}, want: join(e[:3]...), exit: 0, events: 4, ending: Crashed, killed: []syscall.Signal{syscall.SIGKILL}},
		{name: "exit", faults: []string{"exit=9"}, want: all, exit: 9, events: 7},
		{name: "garbage", faults: []string{"garbage-at=2"}, want: "", exit: 3, events: 7, garbage: 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := playString(t, all, Options{Faults: mustFaults(t, tc.faults...)})
			got := p.out.String()
			if tc.garbage > 0 {
				lines := strings.SplitAfter(got, "\n")
				bad := lines[tc.garbage]
				if _, serr := protocol.ParseObject([]byte(strings.TrimSuffix(bad, "\n")), nil); serr == nil {
					t.Fatalf("inserted line %q is JSON", bad)
				}
				got = join(slices.Delete(lines, tc.garbage, tc.garbage+1)...)
				tc.want = all
			}
			if got != tc.want {
				t.Fatalf("wrote\n%s\nwant\n%s", got, tc.want)
			}
			want := Result{ExitCode: tc.exit, Events: tc.events, Ending: tc.ending}
			if p.res != want {
				t.Fatalf("result %+v, want %+v", p.res, want)
			}
			if !slices.Equal(p.killed, tc.killed) {
				t.Fatalf("killed by %v, want %v", p.killed, tc.killed)
			}
		})
	}
}

func TestPlayWritesEachLineOnce(t *testing.T) {
	in := "\xef\xbb\xbf" + `{"a":1}` + "\r\n\n  \n" + `{"type":"run_end","exitCode":4}` + "\n" + `{"b":2}`
	p := playString(t, in, Options{Faults: mustFaults(t, "drop=2")})
	want := []string{"\xef\xbb\xbf" + `{"a":1}` + "\r\n", "\n", "  \n", `{"b":2}`}
	var got []string
	for _, w := range p.out.writes {
		got = append(got, string(w))
	}
	if !slices.Equal(got, want) {
		t.Fatalf("writes %q, want %q (BOM, line ends and blank lines kept; blank lines not counted as events)", got, want)
	}
	if p.res.ExitCode != 4 {
		t.Fatalf("exit %d: a dropped run_end still gives its code", p.res.ExitCode)
	}
}

func TestPlayBufferedWritesAtOnce(t *testing.T) {
	all := strings.Join(fixtureLines(t, "v2/run.jsonl"), "")
	p := playString(t, all, Options{Buffered: true})
	if p.out.String() != all || len(p.out.writes) != 1 {
		t.Fatalf("%d writes; same bytes: %v", len(p.out.writes), p.out.String() == all)
	}
}

func TestPlaySplitWrites(t *testing.T) {
	lines := fixtureLines(t, "v2/run.jsonl")
	all := strings.Join(lines, "")
	run := func(seed uint64) *played {
		return playString(t, all, Options{Seed: seed, Faults: mustFaults(t, "split-writes")})
	}
	p := run(7)
	if p.out.String() != all {
		t.Fatal("the pieces do not add up to the fixture")
	}
	// Every line is cut: writes never span two lines, and there are more.
	pos, line := 0, 0
	pieces := make([]int, len(lines))
	for _, w := range p.out.writes {
		for len(w) > 0 {
			rest := len(lines[line]) - pos
			if len(w) > rest {
				t.Fatalf("a write spans lines %d and %d", line+1, line+2)
			}
			pos += len(w)
			pieces[line]++
			w = w[len(w):]
			if pos == len(lines[line]) {
				line, pos = line+1, 0
			}
		}
	}
	for i, n := range pieces {
		if n < 2 || n > 5 {
			t.Fatalf("line %d in %d pieces, want 2 to 5", i+1, n)
		}
	}
	if want := len(p.out.writes) - len(lines); len(p.clock.slept) != want {
		t.Fatalf("%d pauses, want one between pieces (%d)", len(p.clock.slept), want)
	}
	for _, d := range p.clock.slept {
		if d != splitPause {
			t.Fatalf("paused %v, want %v", d, splitPause)
		}
	}
	same, other := run(7), run(8)
	if !slices.EqualFunc(p.out.writes, same.out.writes, bytes.Equal) {
		t.Fatal("the same seed cut lines differently")
	}
	if slices.EqualFunc(p.out.writes, other.out.writes, bytes.Equal) {
		t.Fatal("another seed cut lines the same way")
	}
}

func TestPlayStall(t *testing.T) {
	all := strings.Join(fixtureLines(t, "v2/failed.jsonl"), "")
	p := playString(t, all, Options{Pacing: Pacing{Delay: 10 * ms}, Faults: mustFaults(t, "stall=3:2s")})
	want := []time.Duration{10 * ms, 10 * ms, 2 * time.Second, 10 * ms, 10 * ms, 10 * ms, 10 * ms}
	if !slices.Equal(p.clock.slept, want) {
		t.Fatalf("slept %v, want %v", p.clock.slept, want)
	}
}

func TestPlayStderrNoise(t *testing.T) {
	all := strings.Join(fixtureLines(t, "v2/run.jsonl"), "")
	p := playString(t, all, Options{Seed: 1, Faults: mustFaults(t, "stderr-noise")})
	if p.out.String() != all {
		t.Fatal("noise reached stdout")
	}
	noise := strings.Split(strings.TrimSuffix(p.stderr.String(), "\n"), "\n")
	if len(noise) < 3 { // one at the start, one at the end, some between
		t.Fatalf("only %d noise lines", len(noise))
	}
	for _, l := range noise {
		if !slices.Contains(noiseLines, l) {
			t.Fatalf("unexpected stderr line %q", l)
		}
	}
}

func TestPlayRewrites(t *testing.T) {
	v1 := strings.Join(fixtureLines(t, "v1/run.jsonl"), "")
	v2 := strings.Join(fixtureLines(t, "v2/run.jsonl"), "")
	if got := playString(t, v1, Options{AsVersion: 2}).out.String(); got != v2 {
		t.Fatal("v1 replayed as v2 differs from the v2 fixture")
	}
	if got := playString(t, v2, Options{AsVersion: 1}).out.String(); got != v1 {
		t.Fatal("v2 replayed as v1 differs from the v1 fixture")
	}
	fresh := playString(t, v2, Options{FreshIDs: true, Seed: 5}).out.String()
	if strings.Contains(fresh, "run_20260603_abc123") || strings.Contains(fresh, "zero_20260603100000_abc123") {
		t.Fatal("--fresh-ids left an old id")
	}
	if again := playString(t, v2, Options{FreshIDs: true, Seed: 5}).out.String(); again != fresh {
		t.Fatal("the same seed gave other ids")
	}
	if stats := validLog(t, fresh); stats.Runs != 1 {
		t.Fatalf("%d runs after renaming, want 1 (every event renamed alike)", stats.Runs)
	}
}

// validLog fails the test when log breaks a protocol rule.
func validLog(t *testing.T, log string) protocol.Stats {
	t.Helper()
	v := protocol.NewFileValidator("replayed", protocol.Options{Strict: true}, func(p protocol.Problem) {
		t.Errorf("line %d: %s [%s]", p.Line, p.Message, p.Rule)
	})
	for i, l := range strings.SplitAfter(strings.TrimSuffix(log, "\n"), "\n") {
		v.Line(i+1, []byte(strings.TrimSuffix(l, "\n")), false)
	}
	v.End()
	return v.Stats()
}

func TestPlayBufferedFlushesBeforeEveryPause(t *testing.T) {
	lines := fixtureLines(t, "v2/failed.jsonl")
	p := playString(t, strings.Join(lines, ""), Options{Buffered: true, Pacing: Pacing{Delay: 10 * ms}})
	// Each line leaves the buffer before the pause after it: a paced
	// client gets every event on time, not when the buffer fills.
	if len(p.out.writes) != len(lines) {
		t.Fatalf("%d writes for %d lines paced apart", len(p.out.writes), len(lines))
	}
}
