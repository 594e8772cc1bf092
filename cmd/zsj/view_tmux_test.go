//go:build unix

package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// requireTmux names the environment variable that makes a missing tmux a
// failure instead of a skip (.ci/run sets it, after installing tmux).
const requireTmux = "ZSJ_REQUIRE_TMUX"

// tmux drives one terminal session on a private server.
type tmux struct {
	t      *testing.T
	socket string
}

func newTmux(t *testing.T) *tmux {
	t.Helper()
	if _, err := exec.LookPath("tmux"); err != nil {
		if os.Getenv(requireTmux) != "" {
			t.Fatalf("tmux is not installed, and %s is set", requireTmux)
		}
		t.Skip("tmux is not installed: the end-to-end test of zsj view is skipped")
	}
	tm := &tmux{t: t, socket: filepath.Join(t.TempDir(), "tmux.sock")}
	t.Cleanup(func() { exec.Command("tmux", "-S", tm.socket, "kill-server").Run() })
	return tm
}

func (tm *tmux) run(args ...string) string {
	tm.t.Helper()
	out, err := exec.Command("tmux", append([]string{"-S", tm.socket}, args...)...).CombinedOutput()
	if err != nil {
		tm.t.Fatalf("tmux %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return string(out)
}

// start runs a shell command in a new session of 120 by 40.
func (tm *tmux) start(command string) {
	tm.run("new-session", "-d", "-x", "120", "-y", "40", "-s", "zsj", command)
}

func (tm *tmux) keys(keys ...string) { tm.run(append([]string{"send-keys", "-t", "zsj"}, keys...)...) }

func (tm *tmux) screen() string { return tm.run("capture-pane", "-p", "-t", "zsj") }

// waitFor waits until the screen shows want, and returns the screen.
func (tm *tmux) waitFor(want string) string {
	tm.t.Helper()
	deadline := time.Now().Add(15 * time.Second)
	for {
		s := tm.screen()
		if strings.Contains(s, want) {
			return s
		}
		if time.Now().After(deadline) {
			tm.t.Fatalf("the screen never showed %q:\n%s", want, s)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// afterView is the shell's tail behind zsj view: its exit status, then
// the terminal's modes (sttyTail).
const afterView = "; echo \"exit status $?\"" + sttyTail

// sttyTail ends every session: the terminal's modes, then a marker,
// because stty -a can reach the screen a line at a time and the modes are
// on its later lines.
const sttyTail = "; stty -a; echo " + sttyDone + "; sleep 60"

const sttyDone = "stty done"

// terminalRestored waits for the end of stty -a and fails the test unless
// the terminal is back in its cooked mode: canonical input and echo.
func (tm *tmux) terminalRestored(after string) {
	tm.t.Helper()
	s := tm.waitFor(sttyDone)
	if !strings.Contains(s, " icanon") || !strings.Contains(s, " echo") {
		tm.t.Errorf("the terminal is not restored after %s:\n%s", after, s)
	}
}

// cursorMoved waits, for a while, until the line under the cursor is no
// longer before, and returns it: a key's effect reaches the screen
// later on a busy machine, and pressing again too soon would overshoot.
func (tm *tmux) cursorMoved(before string) string {
	deadline := time.Now().Add(5 * time.Second)
	for {
		line := cursorLine(tm.screen())
		if line != before || time.Now().After(deadline) {
			return line
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// cursorLine is the line of the screen under the run page's cursor.
func cursorLine(screen string) string {
	for _, line := range strings.Split(screen, "\n") {
		if strings.HasPrefix(line, "▸ ") {
			return line
		}
	}
	return ""
}

// buildZsj builds the command into a temporary folder, with go build's
// extra flags.
func buildZsj(t *testing.T, flags ...string) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "zsj")
	args := append(append([]string{"build", "-o", bin}, flags...), ".")
	if out, err := exec.Command("go", args...).CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// TestViewInTmux drives the real binary in a terminal: a folder of logs,
// failed runs only, the first one opened, its error found, and the
// terminal given back in its former state.
func TestViewInTmux(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the binary")
	}
	tm := newTmux(t)
	bin := buildZsj(t)
	logs := t.TempDir()
	for _, name := range []string{"run.jsonl", "failed.jsonl", "interleaved.jsonl"} {
		data, err := os.ReadFile(filepath.Join("..", "..", "testdata", "v2", name))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(logs, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	tm.start(bin + " view " + logs + afterView)
	tm.waitFor("4 runs (1 failed)")

	tm.keys("f")
	s := tm.waitFor("failed only")
	if strings.Contains(s, "run_20260603_abc123") || !strings.Contains(s, "run_20260603_def456") {
		t.Fatalf("f does not leave the failed run alone:\n%s", s)
	}

	tm.keys("Enter")
	tm.waitFor("run run_20260603_def456 · error")
	const errorText = "the provider returned HTTP 503 three times in a row"
	for range 3 {
		before := cursorLine(tm.screen())
		tm.keys("e")
		if strings.Contains(tm.cursorMoved(before), "✖ error provider_error") {
			break
		}
	}
	s = tm.screen()
	if line := cursorLine(s); !strings.Contains(line, errorText) {
		t.Fatalf("e does not reach the error; cursor on %q:\n%s", line, s)
	}

	tm.keys("q")
	tm.waitFor("failed only")
	tm.keys("q")
	tm.waitFor("exit status 0")
	tm.terminalRestored("quitting")
}

// TestViewInTmuxInterrupt: ctrl+c leaves at once, from a page too, and
// gives the terminal back.
func TestViewInTmuxInterrupt(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the binary")
	}
	tm := newTmux(t)
	bin := buildZsj(t)
	sample := filepath.Join("..", "..", "testdata", "v2")
	abs, err := filepath.Abs(sample)
	if err != nil {
		t.Fatal(err)
	}
	tm.start(bin + " view " + abs + afterView)
	tm.waitFor("4 runs")
	tm.keys("Enter")
	tm.waitFor("row 1/")
	tm.keys("C-c")
	tm.waitFor("exit status ")
	tm.terminalRestored("ctrl+c")
}

// TestViewInTmuxPanic: an internal error leaves the terminal as it was,
// and says so. The binary is built with a key that panics.
func TestViewInTmuxPanic(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the binary")
	}
	tm := newTmux(t)
	bin := buildZsj(t, "-ldflags", "-X github.com/zsj-dev/zsj/view.crashKey=!")
	abs, err := filepath.Abs(filepath.Join("..", "..", "testdata", "v2"))
	if err != nil {
		t.Fatal(err)
	}
	errFile := filepath.Join(t.TempDir(), "stderr")
	tm.start(bin + " view " + abs + " 2>" + errFile + "; echo \"exit status $?\"; tail -n 1 " + errFile + sttyTail)
	tm.waitFor("4 runs")
	tm.keys("Enter")
	tm.waitFor("row 1/")
	tm.keys("!")
	tm.waitFor("exit status 3")
	tm.waitFor("zsj: error: view stopped on an internal error, shown above (the terminal was restored)")
	tm.terminalRestored("a panic")
}

// TestViewInTmuxSIGINT: the signal, not the key, also leaves and gives the
// terminal back.
func TestViewInTmuxSIGINT(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the binary")
	}
	tm := newTmux(t)
	bin := buildZsj(t)
	abs, err := filepath.Abs(filepath.Join("..", "..", "testdata", "v2"))
	if err != nil {
		t.Fatal(err)
	}
	tm.start(bin + " view " + abs + afterView)
	tm.waitFor("4 runs")
	shell := strings.TrimSpace(tm.run("display-message", "-p", "-t", "zsj", "#{pane_pid}"))
	// The shell's child is zsj (Linux names a process's children in /proc).
	children, err := os.ReadFile("/proc/" + shell + "/task/" + shell + "/children")
	if err != nil {
		t.Skipf("cannot find the process of zsj: %v", err)
	}
	pid, err := strconv.Atoi(strings.Fields(string(children))[0])
	if err != nil {
		t.Fatal(err)
	}
	if err := syscall.Kill(pid, syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	tm.waitFor("exit status ")
	tm.terminalRestored("SIGINT")
}
