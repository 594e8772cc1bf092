package input

import (
	"errors"
	"path/filepath"
	"testing"
)

func TestExpandArgs(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "missing.jsonl")
	sources, unreadable, err := ExpandArgs([]string{"-", missing})
	if err != nil || len(sources) != 1 || len(unreadable) != 1 {
		t.Fatalf("got %v, %v, %v; want stdin, one unreadable path, no error", sources, unreadable, err)
	}
	// The second "-" is refused whatever comes before it.
	_, _, err = ExpandArgs([]string{missing, "-", "-"})
	if !errors.Is(err, ErrStdinTwice) {
		t.Fatalf("err = %v, want ErrStdinTwice", err)
	}
}
