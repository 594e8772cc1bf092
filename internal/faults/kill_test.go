//go:build unix

package faults

import (
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/zsj-dev/zsj/internal/atomicfile"
)

// killTries is how many times the in-place rewrite is killed.
const killTries = 20

// SIGKILL at random moments of upgrade -i on a 50 MB log: each time the
// file holds the old content or the whole new one, and nothing else is in
// its folder, not even a temporary file, once the next run over the
// folder has cleared the one a kill may leave: the complete file, named
// for its rename a system call before it (see atomicfile.Write).
func TestKillDuringInPlaceRewrite(t *testing.T) {
	if testing.Short() {
		t.Skip("rewrites a 50 MB file 20 times")
	}
	src := filepath.Join(t.TempDir(), "v1.jsonl")
	orig := gen(t, src, "--size", "50MB", "--schema-version", "1", "--seed", "18")
	want := upgraded(t, orig)
	origSum, wantSum := sum(orig), sum(want)

	// How long a whole run takes: kills are spread over it and a little
	// beyond, so that some come after the rename.
	dir := t.TempDir()
	path := filepath.Join(dir, "run.jsonl")
	copyFile(t, src, path)
	start := time.Now()
	if _, errOut, code := run(t, dir, nil, "upgrade", "-i", "run.jsonl"); code != 0 {
		t.Fatalf("upgrade -i: exit %d: %s", code, errOut)
	}
	whole := time.Since(start)
	if fileSum(t, path) != wantSum {
		t.Fatal("an uninterrupted upgrade -i did not give upgrade's output")
	}

	seed := uint64(time.Now().UnixNano())
	rng := rand.New(rand.NewPCG(seed, 18))
	var kept, done, lost, left, named int
	for i := range killTries {
		copyFile(t, src, path)
		delay := time.Duration(rng.Int64N(int64(whole) * 13 / 10)) // some after the end
		cmd := exec.Command(zsj, "upgrade", "-i", "run.jsonl")
		cmd.Dir = dir
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		time.Sleep(delay)
		cmd.Process.Kill()
		cmd.Wait()
		switch fileSum(t, path) {
		case origSum:
			kept++
		case wantSum:
			done++
		default:
			lost++
			t.Errorf("try %d, killed after %v: the file is neither the original nor the result", i+1, delay)
		}
		if strays := strays(t, dir, "run.jsonl"); len(strays) > 0 {
			named++
			_, errOut, code := run(t, dir, nil, "upgrade", "-i", "run.jsonl")
			if code != 0 {
				t.Fatalf("try %d: the run after the kill: exit %d: %s", i+1, code, errOut)
			}
			for _, name := range strays {
				if !contains(errOut, "zsj: removed "+name+", ") {
					t.Errorf("try %d, killed after %v: the next run does not say it removed %s: %q", i+1, delay, name, errOut)
				}
			}
		}
		left += leftovers(t, dir, "run.jsonl")
		clearExcept(t, dir, "run.jsonl") // each try counts its own
	}
	t.Logf("seed %d, a whole run %v: %d kills left the original, %d the complete result, %d a name the next run removed", seed, whole.Round(time.Millisecond), kept, done, named)
	record(t, result{
		Fault:     "SIGKILL at a random point of `upgrade -i` on a 50 MB log",
		Tries:     killTries,
		Outcome:   "the original or the complete result, every time",
		DataLost:  lost,
		Leftovers: left,
	})
}

// A temporary file a killed run left under the named fallback (other
// systems, file systems without O_TMPFILE) is removed by the next run over
// its folder, which says so; one of a running process is kept, and so is
// one written by another host sharing the folder, whatever its process id.
func TestStaleTempRemoved(t *testing.T) {
	if !atomicfile.HostNamed() {
		t.Skip("this host has no name: zsj removes no temporary file here")
	}
	dir := t.TempDir()
	orig := gen(t, filepath.Join(dir, "a.jsonl"), "--runs", "2", "--schema-version", "1")
	gone := exec.Command(zsj, "--version")
	if err := gone.Run(); err != nil {
		t.Fatal(err)
	}
	stale := ".a.jsonl.zsj-" + atomicfile.HostTag() + "-" + itoa(gone.Process.Pid) + "-1f.tmp"
	live := ".a.jsonl.zsj-" + atomicfile.HostTag() + "-1-2f.tmp" // pid 1 always runs
	elsewhere := ".a.jsonl.zsj-" + otherHost(atomicfile.HostTag()) + "-" + itoa(gone.Process.Pid) + "-3f.tmp"
	for _, name := range []string{stale, live, elsewhere} {
		writeFile(t, filepath.Join(dir, name), orig[:100])
	}
	_, errOut, code := run(t, t.TempDir(), nil, "upgrade", "-i", dir)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	want := "zsj: removed " + filepath.Join(dir, stale) + ", a temporary file left by process " + itoa(gone.Process.Pid) + ", which no longer runs\n"
	if !contains(errOut, want) {
		t.Errorf("stderr %q does not say %q", errOut, want)
	}
	for _, kept := range []string{live, elsewhere} {
		if _, err := os.Stat(filepath.Join(dir, kept)); err != nil {
			t.Errorf("%s was removed: %v", kept, err)
		}
	}
	lost := 0
	if fileSum(t, filepath.Join(dir, "a.jsonl")) != sum(upgraded(t, orig)) {
		lost++
	}
	record(t, result{
		Fault:     "a temporary file left by a killed run (named fallback); one of another host in the same folder",
		Tries:     1,
		Outcome:   "removed by the next `-i` run over the folder, told on stderr; the other host's kept",
		DataLost:  lost,
		Leftovers: leftovers(t, dir, "a.jsonl", live, elsewhere),
	})
}

// otherHost returns a host tag that is not tag.
func otherHost(tag string) string {
	if tag == "0badf00d" {
		return "0badcafe"
	}
	return "0badf00d"
}

func copyFile(t *testing.T, from, to string) {
	t.Helper()
	r, err := os.Open(from)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	w, err := os.Create(to)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := io.Copy(w, r); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
}

// clearExcept removes from dir every name but keep.
func clearExcept(t *testing.T, dir, keep string) {
	t.Helper()
	for _, name := range names(t, dir) {
		if name != keep {
			if err := os.Remove(filepath.Join(dir, name)); err != nil {
				t.Fatal(err)
			}
		}
	}
}
