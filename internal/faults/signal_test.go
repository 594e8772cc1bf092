//go:build unix

package faults

import (
	"bytes"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"
)

// endless feeds w the lines of log over and over until w fails (the
// reader is gone); it reports how many bytes it wrote.
func endless(w io.WriteCloser, log []byte, wrote *int64, mu *sync.Mutex) {
	defer w.Close()
	for {
		n, err := w.Write(log)
		mu.Lock()
		*wrote += int64(n)
		mu.Unlock()
		if err != nil {
			return
		}
	}
}

// interruptFed starts cmd with log fed to its stdin over and over, sends
// SIGINT once more than after bytes went in, and returns its exit status
// (the process is killed if it has not ended 10 s later).
func interruptFed(t *testing.T, cmd *exec.Cmd, log []byte, after int64) int {
	t.Helper()
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	var wrote int64
	go endless(stdin, log, &wrote, &mu)
	for {
		mu.Lock()
		n := wrote
		mu.Unlock()
		if n > after {
			break
		}
		time.Sleep(10 * time.Millisecond)
	}
	cmd.Process.Signal(os.Interrupt)
	timer := time.AfterFunc(10*time.Second, func() { cmd.Process.Kill() })
	cmd.Wait()
	timer.Stop()
	return cmd.ProcessState.ExitCode()
}

// SIGINT while validate and filter read an endless stream: the output
// written so far comes out whole (flushed, every line complete) and the
// exit status is 130.
func TestInterrupt(t *testing.T) {
	log := gen(t, filepath.Join(t.TempDir(), "a.jsonl"), "--runs", "20", "--faults", "--seed", "9")
	lines := map[string]bool{}
	for _, l := range strings.SplitAfter(string(log), "\n") {
		lines[l] = true
	}
	problem := regexp.MustCompile(`^<stdin>:\d+: (error|warning): `)
	var tries, lost int
	for _, tc := range []struct {
		args  []string
		valid func(line string) bool // each line of output
	}{
		{[]string{"filter", "."}, func(l string) bool { return lines[l] }},
		{[]string{"validate"}, func(l string) bool { return problem.MatchString(l) }},
	} {
		tries++
		cmd := exec.Command(zsj, tc.args...)
		var out, errOut bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &errOut
		code := interruptFed(t, cmd, log, 20<<20)
		got := out.String()
		bad := 0
		outLines := strings.SplitAfter(got, "\n")
		if outLines[len(outLines)-1] == "" {
			outLines = outLines[:len(outLines)-1]
		}
		for _, l := range outLines {
			if !tc.valid(l) {
				bad++
			}
		}
		if code != 130 || len(outLines) == 0 || bad > 0 {
			t.Errorf("zsj %v, SIGINT after 20 MB in: exit %d, %d lines out, %d of them cut or wrong; stderr %q",
				tc.args, code, len(outLines), bad, tail(errOut.String()))
			lost++
		}
	}
	record(t, result{
		Fault:     "SIGINT during `validate` and `filter` of an endless stream",
		Tries:     tries,
		Outcome:   "exit 130; the output so far flushed, in whole lines",
		DataLost:  lost,
		Leftovers: 0,
	})
}

// A reader that goes away (zsj ... | head) ends every command quietly.
func TestClosedStdout(t *testing.T) {
	dir := t.TempDir()
	gen(t, filepath.Join(dir, "a.jsonl"), "--size", "5MB", "--faults", "--schema-version", "1")
	tries := 0
	for _, args := range [][]string{
		{"filter", "."}, {"validate"}, {"validate", "--format", "json"}, {"upgrade"},
		{"redact"}, {"pretty"}, {"runs"}, {"usage", "--by", "run"},
	} {
		tries++
		r, w, err := os.Pipe()
		if err != nil {
			t.Fatal(err)
		}
		r.Close() // gone before the first byte
		cmd := exec.Command(zsj, append(args, "a.jsonl")...)
		cmd.Dir = dir
		var errOut bytes.Buffer
		cmd.Stdout, cmd.Stderr = w, &errOut
		err = cmd.Run()
		w.Close()
		code := cmd.ProcessState.ExitCode()
		if code != 0 || strings.Contains(errOut.String(), "error") {
			t.Errorf("zsj %v | (closed): exit %d (%v), stderr %q; want a quiet exit", args, code, err, tail(errOut.String()))
		}
	}
	record(t, result{
		Fault:     "stdout closed by its reader (`filter`, `validate`, `upgrade`, `redact`, `pretty`, `runs`, `usage`)",
		Tries:     tries,
		Outcome:   "exit 0, no error message",
		DataLost:  0,
		Leftovers: leftovers(t, dir, "a.jsonl"),
	})
}

// tail is the end of a long stderr, for messages.
func tail(s string) string {
	if len(s) > 400 {
		return "..." + s[len(s)-400:]
	}
	return s
}

// SIGINT while upgrade -o FILE and export --to parquet DIR read an
// endless stream: what was asked for was not read, so FILE keeps its old
// content, DIR is not made, and nothing is left beside them.
func TestInterruptLeavesOutputs(t *testing.T) {
	log := gen(t, filepath.Join(t.TempDir(), "a.jsonl"), "--runs", "20", "--seed", "9", "--schema-version", "1")
	var tries, lost, left int
	for _, args := range [][]string{{"upgrade", "-o", "out.jsonl"}, {"export", "--to", "parquet", "outdir"}} {
		tries++
		dir := t.TempDir()
		writeFile(t, filepath.Join(dir, "out.jsonl"), []byte("kept\n"))
		cmd := exec.Command(zsj, args...)
		cmd.Dir = dir
		var errOut bytes.Buffer
		cmd.Stderr = &errOut
		code := interruptFed(t, cmd, log, 10<<20)
		got, _ := os.ReadFile(filepath.Join(dir, "out.jsonl"))
		if code != 130 || string(got) != "kept\n" {
			t.Errorf("zsj %v, SIGINT after 10 MB in: exit %d, out.jsonl %d bytes; stderr %q", args, code, len(got), tail(errOut.String()))
			lost++
		}
		left += leftovers(t, dir, "out.jsonl")
	}
	record(t, result{
		Fault:     "SIGINT during `upgrade -o FILE` and `export --to parquet DIR` of an endless stream",
		Tries:     tries,
		Outcome:   "exit 130; FILE as it was, DIR not made",
		DataLost:  lost,
		Leftovers: left,
	})
}

// SIGINT while export waits on a stream that sends nothing: it cannot
// notice, so the process is ended after the grace time, and its
// temporary folder goes with it.
func TestForcedExitCleansUp(t *testing.T) {
	dir := t.TempDir()
	cmd := exec.Command(zsj, "export", "--to", "parquet", "outdir")
	cmd.Dir = dir
	stdin, err := cmd.StdinPipe() // open, and never written to
	if err != nil {
		t.Fatal(err)
	}
	defer stdin.Close()
	var errOut bytes.Buffer
	cmd.Stderr = &errOut
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	// Its temporary folder appears before it reads.
	for deadline := time.Now().Add(10 * time.Second); len(names(t, dir)) == 0 && time.Now().Before(deadline); {
		time.Sleep(20 * time.Millisecond)
	}
	cmd.Process.Signal(os.Interrupt)
	timer := time.AfterFunc(20*time.Second, func() { cmd.Process.Kill() })
	cmd.Wait()
	timer.Stop()
	code := cmd.ProcessState.ExitCode()
	if code != 130 {
		t.Errorf("exit %d after SIGINT, want 130; stderr %q", code, tail(errOut.String()))
	}
	record(t, result{
		Fault:     "SIGINT while `export` waits on a silent stream (ended after the grace time)",
		Tries:     1,
		Outcome:   "exit 130, its temporary folder removed",
		DataLost:  0,
		Leftovers: leftovers(t, dir),
	})
}
