package replay

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func TestShimPassesArgumentsIntact(t *testing.T) {
	dir := t.TempDir()
	// A stand-in for zsj that prints the arguments it gets, one per line.
	self := filepath.Join(dir, "print args")
	script := "#!/bin/sh\nfor a in \"$@\"; do printf '[%s]\\n' \"$a\"; done\n"
	if err := os.WriteFile(self, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	tricky := []string{"--fixture=/tmp/it's here/f.jsonl", `--expect-prompt=a "quoted" $HOME \n ` + "`x`\nline two", "--fault=stall=2:1s", ""}
	shimDir := filepath.Join(dir, "bin dir")
	path, err := WriteShim(shimDir, self, tricky)
	if err != nil {
		t.Fatal(err)
	}
	if path != filepath.Join(shimDir, "zero") {
		t.Fatalf("shim at %s", path)
	}
	info, err := os.Stat(path)
	if err != nil || info.Mode().Perm()&0o111 == 0 {
		t.Fatalf("shim not executable: %v %v", info, err)
	}
	out, err := exec.Command(path, "exec", "--input-format", "stream-json", "it's $PATH").Output()
	if err != nil {
		t.Fatal(err)
	}
	want := append([]string{"replay", "--" + ZeroExecFlag}, tricky...)
	want = append(want, "--", "exec", "--input-format", "stream-json", "it's $PATH")
	var got []string
	for _, l := range strings.Split(strings.TrimSuffix(string(out), "]\n"), "]\n") {
		got = append(got, strings.TrimPrefix(l, "["))
	}
	if !slices.Equal(got, want) {
		t.Fatalf("arguments\n%q\nwant\n%q", got, want)
	}
	if left, _ := filepath.Glob(filepath.Join(shimDir, ".*")); len(left) != 0 {
		t.Fatalf("temporary files left: %v", left)
	}
}

func TestWriteShimWantsAnAbsoluteBinary(t *testing.T) {
	if _, err := WriteShim(t.TempDir(), "zsj", nil); err == nil {
		t.Fatal("a relative binary path was accepted")
	}
}
