package replay

// These tests are clients: they run the zsj binary as a separate process,
// the way an editor extension runs Zero, and look only at what comes out
// of its pipes and how it ends.

import (
	"bufio"
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/zsj-dev/zsj/protocol"
)

var (
	buildOnce sync.Once
	binDir    string
	zsjBin    string
	buildErr  error
)

func TestMain(m *testing.M) {
	code := m.Run()
	if binDir != "" {
		os.RemoveAll(binDir)
	}
	os.Exit(code)
}

// zsj builds the zsj binary once, on first use, so the tests that do not
// need it do not wait for it. ZSJ_BIN names a binary built already (as
// .ci/run does for the Node.js client).
func zsj(t *testing.T) string {
	t.Helper()
	if bin := os.Getenv("ZSJ_BIN"); bin != "" {
		return bin
	}
	buildOnce.Do(func() {
		binDir, buildErr = os.MkdirTemp("", "zsj-replay-test")
		if buildErr != nil {
			return
		}
		zsjBin = filepath.Join(binDir, "zsj")
		out, err := exec.Command("go", "build", "-o", zsjBin, "github.com/zsj-dev/zsj/cmd/zsj").CombinedOutput()
		if err != nil {
			buildErr = errors.New("go build: " + err.Error() + "\n" + string(out))
		}
	})
	if buildErr != nil {
		t.Fatal(buildErr)
	}
	return zsjBin
}

// arrival is a line as a client got it, and when.
type arrival struct {
	text string // with its "\n"; without one for a last, cut line
	at   time.Time
}

// ended is how a zsj process ended and what it wrote.
type ended struct {
	start  time.Time // just before the process was started
	lines  []arrival
	reads  int // reads the client made
	cut    int // reads that ended inside a line
	stderr string
	status syscall.WaitStatus
}

func (e ended) text() string {
	var b strings.Builder
	for _, l := range e.lines {
		b.WriteString(l.text)
	}
	return b.String()
}

// runClient runs zsj with args and reads its stdout as a client does: in
// reads of whatever the pipe holds, cut into lines.
func runClient(t *testing.T, args ...string) ended {
	t.Helper()
	cmd := exec.Command(zsj(t), args...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	e := ended{start: time.Now()}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	var pending []byte
	buf := make([]byte, 64<<10)
	for {
		n, err := out.Read(buf)
		if n > 0 {
			e.reads++
			if buf[n-1] != '\n' {
				e.cut++
			}
			now := time.Now()
			pending = append(pending, buf[:n]...)
			for {
				i := bytes.IndexByte(pending, '\n')
				if i < 0 {
					break
				}
				e.lines = append(e.lines, arrival{string(pending[:i+1]), now})
				pending = pending[i+1:]
			}
		}
		if err != nil {
			break
		}
	}
	if len(pending) > 0 {
		e.lines = append(e.lines, arrival{string(pending), time.Now()})
	}
	var exitErr *exec.ExitError
	if err := cmd.Wait(); err != nil && !errors.As(err, &exitErr) {
		t.Fatal(err)
	}
	e.status = cmd.ProcessState.Sys().(syscall.WaitStatus)
	e.stderr = stderr.String()
	return e
}

func fixturePath(name string) string { return filepath.Join("..", "testdata", name) }

func TestClientGetsSplitWritesWholeAndInOrder(t *testing.T) {
	want := fixtureLines(t, "v2/run.jsonl")
	e := runClient(t, "replay", "--fault", "split-writes", "--seed", "1", fixturePath("v2/run.jsonl"))
	if e.status.ExitStatus() != 0 {
		t.Fatalf("exit %d: %s", e.status.ExitStatus(), e.stderr)
	}
	if len(e.lines) != len(want) {
		t.Fatalf("%d lines, want %d", len(e.lines), len(want))
	}
	for i, l := range e.lines {
		if l.text != want[i] {
			t.Fatalf("line %d:\n got %q\nwant %q", i+1, l.text, want[i])
		}
		if _, serr := protocol.ParseObject([]byte(strings.TrimSuffix(l.text, "\n")), nil); serr != nil {
			t.Fatalf("line %d is not a whole event: %s", i+1, serr.Msg)
		}
	}
	// The pieces reached the client as pieces: some reads ended inside a
	// line (2ms pauses between pieces, against a reader that is waiting;
	// a loaded machine may join some pieces, never all of them).
	if e.cut == 0 {
		t.Fatalf("%d reads for %d lines, none ended inside a line: the writes were not split", e.reads, len(want))
	}
}

func TestClientSeesEachFault(t *testing.T) {
	ok := fixtureLines(t, "v2/run.jsonl")        // ends with run_end exitCode 0
	failed := fixtureLines(t, "v2/failed.jsonl") // 7 events, run_end exitCode 3
	isJSON := func(s string) bool {
		_, serr := protocol.ParseObject([]byte(strings.TrimSuffix(s, "\n")), nil)
		return serr == nil
	}
	for _, tc := range []struct {
		name    string
		args    []string
		exit    int            // when signal is 0
		signal  syscall.Signal // the signal that must end zsj
		lines   []string       // what the client must read, in order
		garbage int            // with lines nil: line (1-based) must not be JSON
		check   func(t *testing.T, e ended)
	}{
		{name: "exit code of the last run_end", args: []string{fixturePath("v2/failed.jsonl")}, exit: 3, lines: failed},
		{name: "--exit overrides", args: []string{"--exit", "0", fixturePath("v2/failed.jsonl")}, exit: 0, lines: failed},
		{name: "exit=CODE", args: []string{"--fault", "exit=7", fixturePath("v2/run.jsonl")}, exit: 7, lines: ok},
		{name: "truncate-after: no run_end", args: []string{"--fault", "truncate-after=3", fixturePath("v2/failed.jsonl")},
			exit: 0, lines: failed[:3]},
		{name: "cut-line: half a line, no line end", args: []string{"--fault", "cut-line=2", fixturePath("v2/failed.jsonl")},
			exit: 0, lines: []string{failed[0], failed[1][:len(failed[1])/2]}},
		{name: "duplicate", args: []string{"--fault", "duplicate=2", fixturePath("v2/failed.jsonl")},
			exit: 3, lines: append([]string{failed[0], failed[1]}, failed[1:]...)},
		{name: "drop", args: []string{"--fault", "drop=2", fixturePath("v2/failed.jsonl")},
			exit: 3, lines: append([]string{failed[0]}, failed[2:]...)},
		{name: "garbage-at", args: []string{"--fault", "garbage-at=2", fixturePath("v2/failed.jsonl")}, exit: 3, garbage: 2},
		{name: "crash KILL", args: []string{"--fault", "crash=3:KILL", fixturePath("v2/failed.jsonl")},
			signal: syscall.SIGKILL, lines: failed[:2]},
		{name: "crash TERM", args: []string{"--fault", "crash=1:TERM", fixturePath("v2/failed.jsonl")},
			signal: syscall.SIGTERM, lines: nil},
		{name: "crash SEGV", args: []string{"--fault", "crash=3:SEGV", fixturePath("v2/failed.jsonl")},
			signal: syscall.SIGSEGV, lines: failed[:2]},
		{name: "crash ABRT", args: []string{"--fault", "crash=7:6", fixturePath("v2/failed.jsonl")},
			signal: syscall.SIGABRT, lines: failed[:6]},
		{name: "stderr-noise leaves stdout alone", args: []string{"--fault", "stderr-noise", fixturePath("v2/failed.jsonl")},
			exit: 3, lines: failed, check: func(t *testing.T, e ended) {
				if strings.Count(e.stderr, "\n") < 2 {
					t.Fatalf("stderr %q: no noise", e.stderr)
				}
			}},
		{name: "stall", args: []string{"--fault", "stall=2:300ms", fixturePath("v2/failed.jsonl")},
			exit: 3, lines: failed, check: func(t *testing.T, e ended) {
				// Never early; late only by what a busy machine adds.
				if at := e.lines[1].at.Sub(e.start); at < 300*time.Millisecond || at > 2*time.Second {
					t.Fatalf("event 2 came %v after the start, want 300ms or a little more", at)
				}
			}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			e := runClient(t, append([]string{"replay"}, tc.args...)...)
			switch {
			case tc.signal != 0:
				if !e.status.Signaled() || e.status.Signal() != tc.signal {
					t.Fatalf("ended %v, want death by %v; stderr %q", e.status, tc.signal, e.stderr)
				}
			case e.status.Signaled() || e.status.ExitStatus() != tc.exit:
				t.Fatalf("ended %v (exit %d), want exit %d; stderr %q", e.status, e.status.ExitStatus(), tc.exit, e.stderr)
			}
			if tc.garbage > 0 {
				if len(e.lines) != len(failed)+1 || isJSON(e.lines[tc.garbage-1].text) {
					t.Fatalf("no garbage at line %d: %q", tc.garbage, e.text())
				}
			} else if got, want := e.text(), strings.Join(tc.lines, ""); got != want {
				t.Fatalf("read\n%s\nwant\n%s", got, want)
			}
			if tc.check != nil {
				tc.check(t, e)
			}
		})
	}
}

func TestClientThatStopsReadingEndsReplayQuietly(t *testing.T) {
	cmd := exec.Command(zsj(t), "replay", "--delay", "5ms", bigFixture(t, 1000))
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	if _, err := bufio.NewReader(out).ReadString('\n'); err != nil {
		t.Fatal(err)
	}
	out.Close() // the client goes away after one event
	err = cmd.Wait()
	if err != nil || stderr.Len() > 0 {
		t.Fatalf("ended with %v, stderr %q; want a quiet exit 0", err, stderr.String())
	}
	// The whole replay takes at least 5s; ending well before shows the
	// closed pipe ended it.
	if took := time.Since(start); took > 3*time.Second {
		t.Fatalf("replay went on for %v after its reader left", took)
	}
}

// bigFixture writes a valid run of n text events and returns its path.
func bigFixture(t *testing.T, n int) string {
	t.Helper()
	var b strings.Builder
	b.WriteString(`{"schemaVersion":2,"type":"run_start","runId":"run_big","cwd":"/repo","provider":"p","model":"m"}` + "\n")
	for range n {
		b.WriteString(`{"schemaVersion":2,"type":"text","runId":"run_big","delta":"more "}` + "\n")
	}
	b.WriteString(`{"schemaVersion":2,"type":"run_end","runId":"run_big","status":"success","exitCode":0}` + "\n")
	path := filepath.Join(t.TempDir(), "big.jsonl")
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}
