// Package pretty renders Zero stream-json logs for people: a terminal
// timeline (colors, wrapping, live following of a growing log) and a
// self-contained HTML page.
//
// Rendering streams: each event is drawn as soon as its line is read, and
// per run only what later events need is kept (tool calls waiting for
// their result, counters for the summary), so memory does not grow with
// the size of the log.
//
// It is for reading, not for checking or transforming: a line the
// protocol rejects is shown as a one-line warning where it stands, and
// the output is not meant to be parsed by programs.
package pretty

import (
	"fmt"
	"slices"
	"strings"

	"github.com/zsj-dev/zsj/protocol"
)

// Formats lists the output formats of zsj pretty: the terminal timeline
// and the HTML page.
var Formats = []string{"terminal", "html"}

// Options say what is shown and how. The zero value is not useful; start
// from DefaultOptions.
type Options struct {
	// Width is the number of terminal columns to wrap at.
	Width int
	// Color turns ANSI colors and styles on.
	Color bool
	// ASCII draws symbols and rules with ASCII characters only.
	ASCII bool
	// MaxOutputLines is how many lines of each tool output are shown.
	MaxOutputLines int
	// Full shows every line of every tool output, and long lines whole.
	Full bool
	// NoReasoning hides reasoning (thinking) deltas.
	NoReasoning bool
	// Runs, if not empty, selects runs: an id matches itself or a suffix
	// of the run id, so the short tag shown for interleaved runs works.
	Runs []string
	// Types, if not empty, selects the event types shown. Events of other
	// types are still read, so pairing and the summary stay right.
	Types []string
}

// Defaults of the options a command leaves alone.
const (
	DefaultWidth          = 100 // columns, when the output is not a terminal
	DefaultMaxOutputLines = 10
	minWidth              = 24 // columns; narrower is not readable anyway
)

// DefaultOptions returns the options of a plain `zsj pretty`.
func DefaultOptions() Options {
	return Options{Width: DefaultWidth, MaxOutputLines: DefaultMaxOutputLines}
}

// CheckTypes reports a --type value that names no event type, so a typo
// is a usage error rather than an empty page.
func CheckTypes(types []string) error {
	known := append(protocol.EventTypes(false), protocol.EventTypes(true)...)
	for _, t := range types {
		if !slices.Contains(known, t) {
			return fmt.Errorf("unknown event type %q (known: %s)", t, strings.Join(known, ", "))
		}
	}
	return nil
}

// wantRun reports whether the run id is selected by opts.Runs.
func (o *Options) wantRun(id string) bool {
	if len(o.Runs) == 0 {
		return true
	}
	for _, r := range o.Runs {
		if id == r || strings.HasSuffix(id, r) {
			return true
		}
	}
	return false
}

// showType reports whether events of type t are drawn.
func (o *Options) showType(t string) bool {
	return len(o.Types) == 0 || slices.Contains(o.Types, t)
}

// outputLines is how many lines of a tool output to show; -1 means all.
func (o *Options) outputLines() int {
	if o.Full {
		return -1
	}
	return max(o.MaxOutputLines, 0)
}
