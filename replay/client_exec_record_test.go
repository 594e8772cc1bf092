package replay

// Client tests of --exec, --realtime after record, the shim through PATH,
// and record's signals; the harness is in client_test.go.

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

func TestExecRunsTheClientOnTheStream(t *testing.T) {
	dir := t.TempDir()
	got := filepath.Join(dir, "got.jsonl")
	for _, tc := range []struct {
		name   string
		client string
		exit   int
	}{
		{"the client's exit code, not the fixture's", "cat > '" + got + "'; exit 4", 4},
		{"a client that stops reading early", "head -n 1 > /dev/null", 0},
		{"a client killed by a signal", "kill -KILL $$", 128 + 9},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e := runClient(t, "replay", "--exec", tc.client, fixturePath("v2/failed.jsonl"))
			if e.status.ExitStatus() != tc.exit || e.stderr != "" {
				t.Fatalf("exit %d, stderr %q; want %d", e.status.ExitStatus(), e.stderr, tc.exit)
			}
		})
	}
	b, err := os.ReadFile(got)
	if err != nil || string(b) != strings.Join(fixtureLines(t, "v2/failed.jsonl"), "") {
		t.Fatalf("the client read %q, %v", b, err)
	}
}

// Replay schedules every line from its own start, which comes after the
// client started it: a line may never arrive before its scaled offset from
// the client's start, and may arrive late only by the start-up time and
// what a busy machine adds. Early is a bug at once; late is tried again
// (up to three times) before it counts, since a loaded machine can stall
// any process for a while, but a replay that ignores --speed or --max-idle
// is late every time.
func TestRecordThenReplayRealtime(t *testing.T) {
	dir := t.TempDir()
	fixture := filepath.Join(dir, "paced.jsonl")
	script := `echo '{"n":1}'; sleep 0.3; echo '{"n":2}'; sleep 0.1; echo '{"n":3}'`
	rec := exec.Command(zsj(t), "record", "-o", fixture, "--", "sh", "-c", script)
	if out, err := rec.Output(); err != nil || string(out) != "{\"n\":1}\n{\"n\":2}\n{\"n\":3}\n" {
		t.Fatalf("record passed through %q, %v", out, err)
	}
	offsets, err := ReadTiming(TimingPath(fixture))
	// The first line's time is taken when record reads it, which a busy
	// machine can delay by a few milliseconds after sh wrote it: the gap
	// it measures may fall short of the 0.3 s sleep by as much.
	if err != nil || len(offsets) != 3 || offsets[1]-offsets[0] < 250*time.Millisecond {
		t.Fatalf("timing %v, %v", offsets, err)
	}
	scaled := func(speed float64, maxIdle time.Duration) []time.Duration {
		var due []time.Duration
		var at, prev time.Duration
		for _, o := range offsets {
			gap := time.Duration(float64(o-prev) / speed)
			if maxIdle > 0 {
				gap = min(gap, maxIdle)
			}
			at, prev = at+gap, o
			due = append(due, at)
		}
		return due
	}
	const late = 200 * time.Millisecond
	for _, tc := range []struct {
		name string
		args []string
		due  []time.Duration
	}{
		{"as recorded", nil, scaled(1, 0)},
		{"twice as fast", []string{"--speed", "2"}, scaled(2, 0)},
		{"gaps capped", []string{"--max-idle", "50ms"}, scaled(1, 50*time.Millisecond)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			args := append([]string{"replay", "--realtime"}, tc.args...)
			var lateness string
			for range 3 {
				e := runClient(t, append(args, fixture)...)
				if e.text() != "{\"n\":1}\n{\"n\":2}\n{\"n\":3}\n" {
					t.Fatalf("replayed %q", e.text())
				}
				lateness = ""
				for i, due := range tc.due {
					got := e.lines[i].at.Sub(e.start)
					if got < due {
						t.Fatalf("line %d came %v after the start, before it was due at %v (recorded %v)", i+1, got, due, offsets)
					}
					if got > due+late {
						lateness += fmt.Sprintf("line %d came %v after the start, want %v to %v (recorded %v)\n", i+1, got, due, due+late, offsets)
					}
				}
				if lateness == "" {
					return
				}
			}
			t.Error(lateness)
		})
	}
}

func TestShimAnswersAClientThroughPath(t *testing.T) {
	dir := t.TempDir()
	shim := filepath.Join(dir, "bin")
	out, err := exec.Command(zsj(t), "replay", "--shim", shim, "--fixture", fixturePath("v2/failed.jsonl"),
		"--expect-prompt", "fix the build", "--fault", "truncate-after=2").CombinedOutput()
	if err != nil || strings.TrimSpace(string(out)) != filepath.Join(shim, "zero") {
		t.Fatalf("zsj replay --shim: %s, %v", out, err)
	}
	// The client runs "zero" by name, found on its PATH, from another
	// directory.
	client := exec.Command("/bin/sh", "-c", "exec zero exec --output-format stream-json --input-format stream-json")
	client.Dir = t.TempDir()
	client.Env = append(os.Environ(), "PATH="+shim+string(filepath.ListSeparator)+os.Getenv("PATH"))
	client.Stdin = strings.NewReader(`{"schemaVersion":2,"type":"prompt","content":"fix the build"}` + "\n")
	stdout, err := client.Output()
	if err != nil {
		t.Fatalf("zero exec: %v", err)
	}
	if want := strings.Join(fixtureLines(t, "v2/failed.jsonl")[:2], ""); string(stdout) != want {
		t.Fatalf("zero exec wrote\n%s\nwant\n%s", stdout, want)
	}
}

// An interrupted recording is still a recording: the signal goes to the
// command, which ends its own way, and what it wrote is saved.
func TestRecordPassesSignalsOn(t *testing.T) {
	fixture := filepath.Join(t.TempDir(), "stopped.jsonl")
	script := `trap 'echo "{\"stopped\":true}"; exit 7' TERM; echo '{"n":1}'; while :; do sleep 0.05; done`
	cmd := exec.Command(zsj(t), "record", "-o", fixture, "--", "sh", "-c", script)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	r := bufio.NewReader(out)
	if line, err := r.ReadString('\n'); err != nil || line != "{\"n\":1}\n" {
		t.Fatalf("first line %q, %v", line, err)
	}
	// The command has set its trap: it wrote after setting it.
	if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	rest, _ := io.ReadAll(r)
	cmd.Wait()
	if code := cmd.ProcessState.ExitCode(); code != 7 || string(rest) != "{\"stopped\":true}\n" {
		t.Fatalf("exit %d after %q; want the command's own exit 7 after its last line", code, rest)
	}
	saved, err := os.ReadFile(fixture)
	if err != nil || string(saved) != "{\"n\":1}\n{\"stopped\":true}\n" {
		t.Fatalf("saved %q, %v", saved, err)
	}
}
