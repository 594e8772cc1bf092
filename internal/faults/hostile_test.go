//go:build linux

package faults

import (
	"bufio"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// The commands every hostile shape is given to.
var hostileCommands = [][]string{
	{"validate"}, {"filter", "."}, {"pretty"}, {"runs"}, {"usage"},
	{"upgrade"}, {"redact"}, {"upgrade", "--to", "1"},
}

// The memory bounds the README states (## Limits).
const (
	baseMemory      = 100 << 20 // bytes any command may use on top
	perOpenRun      = 2 << 10   // bytes per run open at once
	perLineByteMult = 10        // times the longest line
)

// runMeasured runs zsj with args in dir and returns its exit code, peak
// resident memory in bytes, and the start of its output, stdout then
// stderr.
func runMeasured(t *testing.T, dir string, args ...string) (code int, peak int64, said string) {
	t.Helper()
	cmd := exec.Command(zsj, args...)
	cmd.Dir = dir
	var out, errOut headWriter
	cmd.Stdout, cmd.Stderr = &out, &errOut
	cmd.Run()
	ru := cmd.ProcessState.SysUsage().(*syscall.Rusage)
	return cmd.ProcessState.ExitCode(), int64(ru.Maxrss) << 10, out.String() + errOut.String() // Maxrss: KB, an int32 on 32-bit systems
}

// headWriter keeps the first 64 KB written to it.
type headWriter struct{ b []byte }

func (h *headWriter) Write(p []byte) (int, error) {
	if room := 64<<10 - len(h.b); room > 0 {
		h.b = append(h.b, p[:min(room, len(p))]...)
	}
	return len(p), nil
}

func (h *headWriter) String() string { return string(h.b) }

// hostile runs every command on the file name in dir and checks that each
// ends by itself (an exit status, not a signal such as the OOM killer's)
// within limit bytes; check, if set, looks at what each said.
func hostile(t *testing.T, fault, dir, name string, limit int64, check func(args []string, code int, said string)) {
	var over int
	for _, args := range hostileCommands {
		start := time.Now()
		code, peak, said := runMeasured(t, dir, append(args, name)...)
		t.Logf("%-16s %s: exit %d, peak %d MB, %v", strings.Join(args, " "), name, code, peak>>20, time.Since(start).Round(time.Millisecond))
		if code < 0 || code > 3 {
			t.Errorf("zsj %v %s: exit %d (%s)", args, name, code, tail(said))
		}
		if peak > limit {
			t.Errorf("zsj %v %s: peak memory %d MB, over the bound of %d MB", args, name, peak>>20, limit>>20)
			over++
		}
		if check != nil {
			check(args, code, said)
		}
	}
	record(t, result{
		Fault:   fault,
		Tries:   len(hostileCommands),
		Outcome: "every command ends by itself within the README's memory bound",
		// A command over the bound is counted as lost: it could be killed.
		DataLost:  over,
		Leftovers: leftovers(t, dir, name),
	})
}

// writeLines writes the lines made by each, one per call, to path.
func writeLines(t *testing.T, path string, n int, each func(w *bufio.Writer, i int)) {
	t.Helper()
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	w := bufio.NewWriterSize(f, 1<<20)
	for i := range n {
		each(w, i)
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
}

// full says whether the hostile shapes are made at their full size
// (ZSJ_HOSTILE=1), which takes minutes, or smaller for every test run.
func full() bool { return os.Getenv("ZSJ_HOSTILE") != "" }

// Runs open at once, their events interleaved: 100,000 (20,000 unless
// ZSJ_HOSTILE=1).
func TestHostileOpenRuns(t *testing.T) {
	runs := 20_000
	if full() {
		runs = 100_000
	}
	dir := t.TempDir()
	writeLines(t, filepath.Join(dir, "runs.jsonl"), 2*runs, func(w *bufio.Writer, i int) {
		if i < runs {
			fmt.Fprintf(w, `{"schemaVersion":2,"type":"run_start","runId":"r%06d","sessionId":"s","cwd":"/w","provider":"p","model":"m"}`+"\n", i)
		} else {
			fmt.Fprintf(w, `{"schemaVersion":2,"type":"text","runId":"r%06d","delta":"hello"}`+"\n", i-runs)
		}
	})
	hostile(t, fmt.Sprintf("%s runs open at once, interleaved (8 commands)", thousands(runs)), dir, "runs.jsonl", baseMemory+int64(runs)*perOpenRun, nil)
}

// An object nested 100,000 deep: every command stops at the protocol's
// depth limit and names the file and line.
func TestHostileDeepNesting(t *testing.T) {
	const depth = 100_000
	dir := t.TempDir()
	line := `{"schemaVersion":2,"type":"tool_call","runId":"r1","id":"c1","name":"x","args":{"a":` +
		strings.Repeat("[", depth) + strings.Repeat("]", depth) + "}}\n"
	writeFile(t, filepath.Join(dir, "deep.jsonl"), []byte(line))
	hostile(t, "an object nested 100,000 deep (8 commands)", dir, "deep.jsonl", baseMemory+perLineByteMult*int64(len(line)),
		func(args []string, code int, said string) {
			if args[0] == "usage" {
				return // usage reads only the events that carry usage
			}
			if !strings.Contains(said, "deep.jsonl:1") && !strings.Contains(said, "line 1") {
				t.Errorf("zsj %v: %q does not name deep.jsonl and line 1", args, tail(said))
			}
			if !strings.Contains(said, "nest deeper than 512") {
				t.Errorf("zsj %v: %q does not say the nesting is too deep", args, tail(said))
			}
		})
}

// An object with many keys: 10 million (100,000 unless ZSJ_HOSTILE=1).
func TestHostileManyKeys(t *testing.T) {
	keys := 100_000
	if full() {
		keys = 10_000_000
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "keys.jsonl")
	writeLines(t, path, 1, func(w *bufio.Writer, _ int) {
		w.WriteString(`{"schemaVersion":2,"type":"tool_call","runId":"r1","id":"c1","name":"x","args":{`)
		for i := range keys {
			if i > 0 {
				w.WriteByte(',')
			}
			w.WriteString(`"k` + strconv.Itoa(i) + `":1`)
		}
		w.WriteString("}}\n")
	})
	info, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	size := info.Size()
	hostile(t, fmt.Sprintf("an object of %s keys (8 commands)", thousands(keys)), dir, "keys.jsonl", baseMemory+perLineByteMult*size, nil)
}

// One line of 1 GB (a tool's output), with ZSJ_HOSTILE=1 and where the
// machine has the memory the bound allows.
func TestHostileGigabyteLine(t *testing.T) {
	if !full() {
		t.Skip("set ZSJ_HOSTILE=1 to run the 1 GB line")
	}
	const size = 1 << 30
	if avail := memAvailable(t); avail < perLineByteMult*size+baseMemory {
		t.Skipf("%d MB of memory available, the bound for a 1 GB line is %d MB", avail>>20, (perLineByteMult*size+baseMemory)>>20)
	}
	dir := t.TempDir()
	chunk := strings.Repeat("abcdefghij", 100) + `\n`
	writeLines(t, filepath.Join(dir, "line.jsonl"), 3, func(w *bufio.Writer, i int) {
		switch i {
		case 0:
			w.WriteString(`{"schemaVersion":2,"type":"run_start","runId":"r1","sessionId":"s","cwd":"/w","provider":"p","model":"m"}` + "\n")
		case 1:
			w.WriteString(`{"schemaVersion":2,"type":"tool_call","runId":"r1","id":"c1","name":"bash","args":{"cmd":"x"}}` + "\n")
		case 2:
			w.WriteString(`{"schemaVersion":2,"type":"tool_result","runId":"r1","id":"c1","status":"ok","truncated":false,"output":"`)
			for range size / len(chunk) {
				w.WriteString(chunk)
			}
			w.WriteString(`"}` + "\n")
		}
	})
	hostile(t, "one line of 1 GB (8 commands)", dir, "line.jsonl", baseMemory+perLineByteMult*size, nil)
}

// memAvailable reads MemAvailable from /proc/meminfo.
func memAvailable(t *testing.T) int64 {
	b, err := os.ReadFile("/proc/meminfo")
	if err != nil {
		t.Skip("no /proc/meminfo")
	}
	for _, l := range strings.Split(string(b), "\n") {
		if rest, ok := strings.CutPrefix(l, "MemAvailable:"); ok {
			kb, _ := strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(rest), "kB")), 10, 64)
			return kb << 10
		}
	}
	return 0
}

func thousands(n int) string {
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
