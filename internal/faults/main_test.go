package faults

import (
	"bytes"
	"crypto/sha256"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
)

var update = flag.Bool("update", false, "rewrite the table in RELIABILITY.md from this run's results")

// zsj is the path of the binary under test, built by TestMain.
var zsj string

func TestMain(m *testing.M) {
	flag.Parse()
	os.Exit(runSuite(m))
}

func runSuite(m *testing.M) int {
	dir, err := os.MkdirTemp("", "zsj-faults-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	defer os.RemoveAll(dir)
	zsj = filepath.Join(dir, "zsj")
	build := exec.Command("go", "build", "-o", zsj, "github.com/zsj-dev/zsj/cmd/zsj")
	build.Stderr = os.Stderr
	if err := build.Run(); err != nil {
		fmt.Fprintln(os.Stderr, "building zsj:", err)
		return 1
	}
	code := m.Run()
	if code != 0 {
		return code
	}
	if err := checkTable(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	return 0
}

// result is one row of the table in RELIABILITY.md.
type result struct {
	Fault     string
	Tries     int
	Outcome   string
	DataLost  int // tries that ended with neither the old nor the whole new content
	Leftovers int // files found beside the inputs that were not there before
}

var (
	resultsMu sync.Mutex
	results   []result
)

// record adds a case's row to the table, and fails the test if data was
// lost or something was left behind.
func record(t *testing.T, r result) {
	t.Helper()
	if r.DataLost > 0 || r.Leftovers > 0 {
		t.Errorf("%s: %d of %d tries lost data, %d files left behind", r.Fault, r.DataLost, r.Tries, r.Leftovers)
	}
	resultsMu.Lock()
	defer resultsMu.Unlock()
	results = append(results, r)
}

func (r result) row() string {
	return fmt.Sprintf("| %s | %d | %s | %d | %d |", r.Fault, r.Tries, r.Outcome, r.DataLost, r.Leftovers)
}

const (
	tablePath  = "../../RELIABILITY.md"
	tableBegin = "<!-- table: written by go test ./internal/faults -update -->"
	tableEnd   = "<!-- end of table -->"
	tableHead  = "| fault | tries | outcome | data lost | leftovers |\n| --- | --- | --- | --- | --- |"
)

// checkTable writes the rows of this run into RELIABILITY.md (-update), or
// checks that each row is there as it is: a case skipped here (no mount
// allowed, or the full-size hostile shapes without ZSJ_HOSTILE=1) leaves
// its row alone.
func checkTable() error {
	resultsMu.Lock()
	defer resultsMu.Unlock()
	doc, err := os.ReadFile(tablePath)
	if err != nil {
		return err
	}
	text := string(doc)
	i, j := strings.Index(text, tableBegin), strings.Index(text, tableEnd)
	if i < 0 || j < i {
		return fmt.Errorf("%s: no table markers", tablePath)
	}
	var rows []string
	for _, r := range results {
		rows = append(rows, r.row())
	}
	if *update {
		// Rows of cases that did not run here (skipped, or run at another
		// size) are kept; a case that ran replaces its row.
		kept := rows
		for _, line := range strings.Split(text[i:j], "\n") {
			if !strings.HasPrefix(line, "| ") || strings.HasPrefix(line, "| fault |") || strings.HasPrefix(line, "| --- |") {
				continue
			}
			if !slices.ContainsFunc(results, func(r result) bool { return strings.HasPrefix(line, "| "+r.Fault+" |") }) {
				kept = append(kept, line)
			}
		}
		slices.Sort(kept)
		table := tableBegin + "\n" + tableHead + "\n" + strings.Join(kept, "\n") + "\n"
		return os.WriteFile(tablePath, []byte(text[:i]+table+text[j:]), 0o644)
	}
	var missing []string
	for _, row := range rows {
		if !strings.Contains(text[i:j], row+"\n") {
			missing = append(missing, row)
		}
	}
	if len(missing) > 0 {
		return fmt.Errorf("%s does not hold these results of the fault suite (go test ./internal/faults -update):\n%s", tablePath, strings.Join(missing, "\n"))
	}
	return nil
}

// run runs zsj with args in dir and returns its stdout, stderr and exit
// code (-1 if a signal ended it). It gives up after a minute.
func run(t *testing.T, dir string, stdin []byte, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	cmd := exec.Command(zsj, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "NO_COLOR=1")
	if stdin != nil {
		cmd.Stdin = bytes.NewReader(stdin)
	}
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	timer := time.AfterFunc(time.Minute, func() { cmd.Process.Kill() })
	defer timer.Stop()
	cmd.Wait()
	return out.String(), errOut.String(), cmd.ProcessState.ExitCode()
}

// gen writes a log made by zsj gen with args to path and returns it.
func gen(t *testing.T, path string, args ...string) []byte {
	t.Helper()
	out, errOut, code := run(t, filepath.Dir(path), nil, append([]string{"gen"}, args...)...)
	if code != 0 {
		t.Fatalf("zsj gen %v: exit %d: %s", args, code, errOut)
	}
	if err := os.WriteFile(path, []byte(out), 0o644); err != nil {
		t.Fatal(err)
	}
	return []byte(out)
}

// upgraded is what zsj upgrade makes of data, from standard output.
func upgraded(t *testing.T, data []byte) []byte {
	t.Helper()
	out, errOut, code := run(t, t.TempDir(), data, "upgrade")
	if code != 0 {
		t.Fatalf("zsj upgrade: exit %d: %s", code, errOut)
	}
	return []byte(out)
}

func sum(b []byte) [32]byte { return sha256.Sum256(b) }

func fileSum(t *testing.T, path string) [32]byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return sum(b)
}

// names lists dir.
func names(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var ns []string
	for _, e := range entries {
		ns = append(ns, e.Name())
	}
	return ns
}

// leftovers counts the names in dir that are not in want.
func leftovers(t *testing.T, dir string, want ...string) int {
	t.Helper()
	left := strays(t, dir, want...)
	for _, name := range left {
		t.Errorf("left behind in %s: %s", dir, name)
	}
	return len(left)
}

// strays returns the names in dir other than want.
func strays(t *testing.T, dir string, want ...string) []string {
	t.Helper()
	var out []string
	for _, name := range names(t, dir) {
		if !slices.Contains(want, name) {
			out = append(out, name)
		}
	}
	return out
}

func writeFile(t *testing.T, path string, data []byte) {
	t.Helper()
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

func itoa(n int) string { return fmt.Sprint(n) }

func contains(s, sub string) bool { return strings.Contains(s, sub) }
