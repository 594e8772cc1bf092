package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"testing"
)

// TestVersionFromGit builds zsj as a user would and checks that --version
// names the commit. The scripts cannot: there zsj is the test binary,
// which carries no commit.
func TestVersionFromGit(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	// The go command records the commit only under a .git directory: not
	// in an export, nor in a git worktree, whose .git is a file.
	if fi, err := os.Stat(filepath.Join(root, ".git")); err != nil || !fi.IsDir() {
		t.Skip("not a git checkout (no .git directory): no commit to show")
	}
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	bin := filepath.Join(t.TempDir(), "zsj")
	build := exec.Command("go", "build", "-buildvcs=true", "-o", bin, ".")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	out, err := exec.Command(bin, "--version").Output()
	if err != nil {
		t.Fatalf("zsj --version: %v", err)
	}
	want := regexp.MustCompile(`^zsj version \S+ rev [0-9a-f]{12}(\+dirty)? \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ\n$`)
	if !want.Match(out) {
		t.Errorf("zsj --version printed %q, want it to match %s", out, want)
	}
}
