package main

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/zsj-dev/zsj/internal/exitcode"
	"github.com/zsj-dev/zsj/internal/term"
)

// pipeClosedAfter accepts n writes, then fails as a pipe whose reader has
// gone (`zsj pretty | head`), and counts the writes tried after that.
type pipeClosedAfter struct {
	n, late int
}

func (p *pipeClosedAfter) Write(b []byte) (int, error) {
	if p.n > 0 {
		p.n--
		return len(b), nil
	}
	p.late++
	return 0, syscall.EPIPE
}

// When the reader goes away, pretty stops at the first failed write (it
// does not render the rest of a big log into the void) and ends quietly
// with status 0, in every mode.
func TestPrettyClosedPipe(t *testing.T) {
	dir := t.TempDir()
	big := filepath.Join(dir, "big.jsonl")
	var b strings.Builder
	b.WriteString(`{"schemaVersion":2,"type":"run_start","runId":"r1","cwd":"/","provider":"p","model":"m"}` + "\n")
	for i := 0; i < 20000; i++ {
		b.WriteString(`{"schemaVersion":2,"type":"warning","runId":"r1","message":"a warning long enough to fill the buffer soon"}` + "\n")
	}
	if err := os.WriteFile(big, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"pretty", big},
		{"pretty", "-f", "--exit-on-end", big},
		{"pretty", "--format", "html", big},
	} {
		t.Run(strings.Join(args[:len(args)-1], " "), func(t *testing.T) {
			io, _, stderr := term.Test("")
			out := &pipeClosedAfter{n: 1}
			io.Out = out
			if code := run(io, args); code != exitcode.OK {
				t.Fatalf("exit %d, want 0; stderr %q", code, stderr)
			}
			if stderr.Len() != 0 {
				t.Errorf("stderr: %q", stderr)
			}
			if out.late > 1 {
				t.Errorf("%d writes after the pipe closed, want 1", out.late)
			}
		})
	}
}
