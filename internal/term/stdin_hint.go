package term

import (
	"fmt"
	"io"
)

// StdinHint is said when a command starts reading logs from standard input
// and standard input is a terminal: most likely the user forgot to name a
// file, and a command that waits silently looks hung.
const StdinHint = "zsj: reading standard input (a log piped in); give a file or folder to read, or press Ctrl-D to end"

// HintStdin wraps s.In, when it is a terminal, so that its first read
// prints hint on stderr before it waits. It is said on the first read
// rather than up front so a command that never reads standard input says
// nothing. The hint stays off until the returned function turns it on:
// only commands whose standard input is a log want it (not the input a
// recorded command or a stand-in for Zero reads).
func (s *IO) HintStdin(hint string) (turnOn func()) {
	if !s.InTTY {
		return func() {}
	}
	h := &hintingReader{r: s.In, w: s.ErrOut}
	s.In = h
	return func() { h.hint = hint }
}

// hintingReader says its hint, once, before its first read.
type hintingReader struct {
	r    io.Reader
	w    io.Writer
	hint string // "" when off, or once said
}

func (h *hintingReader) Read(p []byte) (int, error) {
	if h.hint != "" {
		fmt.Fprintln(h.w, h.hint)
		h.hint = ""
	}
	return h.r.Read(p)
}
