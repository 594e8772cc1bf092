// Package term holds the process's standard streams, whether each is a
// terminal, and the single decision on whether output is colored.
//
// It decides, it does not draw: what is colored and how is up to each
// renderer (pretty, report, filters).
package term

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/fatih/color"
	"golang.org/x/term"

	"github.com/zsj-dev/zsj/internal/english"
)

// IO is what a command reads from and writes to. Tests build one with Test.
type IO struct {
	In     io.Reader
	Out    io.Writer
	ErrOut io.Writer

	InTTY, OutTTY, ErrTTY bool

	// Getenv reads the environment; tests replace it.
	Getenv func(string) string

	// Width of the output terminal in columns, 0 when not a terminal.
	Width int

	colorOut bool
}

// System returns the IO of the running process.
func System() *IO {
	s := &IO{
		In:     os.Stdin,
		Out:    os.Stdout,
		ErrOut: os.Stderr,
		InTTY:  isTerminal(os.Stdin),
		OutTTY: isTerminal(os.Stdout),
		ErrTTY: isTerminal(os.Stderr),
		Getenv: os.Getenv,
	}
	if s.OutTTY {
		if w, _, err := term.GetSize(int(os.Stdout.Fd())); err == nil {
			s.Width = w
		}
	}
	return s
}

// Test returns an IO over in-memory buffers, none of them a terminal.
func Test(stdin string) (s *IO, stdout, stderr *bytes.Buffer) {
	stdout, stderr = new(bytes.Buffer), new(bytes.Buffer)
	s = &IO{
		In:     strings.NewReader(stdin),
		Out:    stdout,
		ErrOut: stderr,
		Getenv: func(string) string { return "" },
	}
	return s, stdout, stderr
}

func isTerminal(f *os.File) bool { return term.IsTerminal(int(f.Fd())) }

// ColorMode is the value of the --color flag.
type ColorMode string

// The accepted --color values.
const (
	ColorAuto   ColorMode = "auto"
	ColorAlways ColorMode = "always"
	ColorNever  ColorMode = "never"
)

// ColorModes lists the --color values.
var ColorModes = []ColorMode{ColorAuto, ColorAlways, ColorNever}

// ParseColorMode checks a --color value.
func ParseColorMode(s string) (ColorMode, error) { return english.Choose("--color", s, ColorModes) }

// DecideColor settles whether standard output is colored, in this order:
// the flag, then NO_COLOR and TERM=dumb, then whether stdout is a terminal.
// fatih/color decides on its own from os.Stdout at init; its global switch
// is set from this decision so both agree.
func (s *IO) DecideColor(mode ColorMode) {
	switch {
	case mode == ColorAlways:
		s.colorOut = true
	case mode == ColorNever:
		s.colorOut = false
	case s.Getenv("NO_COLOR") != "", s.Getenv("TERM") == "dumb":
		s.colorOut = false
	default:
		s.colorOut = s.OutTTY
	}
	color.NoColor = !s.colorOut
}

// ColorEnabled reports whether standard output is colored.
func (s *IO) ColorEnabled() bool { return s.colorOut }

// OutWidth is the width to wrap standard output at: the terminal's, or
// fallback when it is not a terminal.
func (s *IO) OutWidth(fallback int) int {
	if s.OutTTY && s.Width > 0 {
		return s.Width
	}
	return fallback
}

// PrintError writes err to w as zsj words every error it goes on after
// (an input that cannot be opened or read): "zsj: error: " and the
// message, which names the file and, once reading began, the line.
func PrintError(w io.Writer, err error) { fmt.Fprintf(w, "zsj: error: %v\n", err) }
