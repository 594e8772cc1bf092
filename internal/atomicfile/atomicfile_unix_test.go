//go:build unix

package atomicfile

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// A new file gets 0644 whatever the umask: the mode is not left to
// whoever runs zsj.
func TestWriteNewFileIgnoresUmask(t *testing.T) {
	old := syscall.Umask(0o077)
	defer syscall.Umask(old)
	path := filepath.Join(t.TempDir(), "log.jsonl")
	if err := Write(path, Options{}, writeText(newText)); err != nil {
		t.Fatal(err)
	}
	if got := modeOf(t, path); got != 0o644 {
		t.Errorf("mode = %v under umask 077, want 0644", got)
	}
}

// Root rewriting someone else's file must not take it over.
func TestWriteKeepsOwner(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("only root can give a file to another user")
	}
	const nobody = 65534
	path := filepath.Join(t.TempDir(), "log.jsonl")
	create(t, path, oldText, 0o600)
	if err := os.Chown(path, nobody, nobody); err != nil {
		t.Fatal(err)
	}
	if err := Write(path, Options{}, writeText(newText)); err != nil {
		t.Fatal(err)
	}
	info, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	st := info.Sys().(*syscall.Stat_t)
	if st.Uid != nobody || st.Gid != nobody {
		t.Errorf("owner = %d:%d, want %d:%d", st.Uid, st.Gid, nobody, nobody)
	}
	if got := readFile(t, path); got != newText {
		t.Errorf("content = %q, want %q", got, newText)
	}
}
