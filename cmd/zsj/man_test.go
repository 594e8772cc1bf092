package main

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/zsj-dev/zsj/internal/term"
)

// The man pages in docs/man are made from the commands' help; a change of
// help without them fails here, and so in CI.
func TestManPagesUpToDate(t *testing.T) {
	const committed = "../../docs/man"
	const howTo = "regenerate them: go run ./cmd/zsj man docs/man"
	dir := t.TempDir()
	io, _, _ := term.Test("")
	if code := run(io, []string{"man", dir}); code != 0 {
		t.Fatalf("zsj man exited %d", code)
	}
	fresh, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	old, err := os.ReadDir(committed)
	if err != nil {
		t.Fatalf("%v: %s", err, howTo)
	}
	names := func(es []os.DirEntry) (n []string) {
		for _, e := range es {
			n = append(n, e.Name())
		}
		return n
	}
	if !slices.Equal(names(fresh), names(old)) {
		t.Errorf("docs/man has pages %v, the commands make %v: %s", names(old), names(fresh), howTo)
	}
	for _, e := range fresh {
		want, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		got, err := os.ReadFile(filepath.Join(committed, e.Name()))
		if err == nil && !bytes.Equal(got, want) {
			t.Errorf("docs/man/%s is stale: %s", e.Name(), howTo)
		}
	}
}
