package rewrite

import (
	"fmt"

	"github.com/zsj-dev/zsj/internal/atomicfile"
	"github.com/zsj-dev/zsj/internal/exitcode"
	"github.com/zsj-dev/zsj/internal/input"
	"github.com/zsj-dev/zsj/internal/term"
	"github.com/zsj-dev/zsj/protocol"
)

// command is what the rewriting commands (Upgrade, Redact) share around
// Run: the inputs named on the command line, read errors reported in one
// voice, and the exit status from what was found.
type command struct {
	io       *term.IO
	flags    Flags
	sources  []input.Source
	unopened int // arguments that could not be opened, already reported
}

// start expands the arguments. A second "-" is a mistake on the command
// line (a usage error); paths that cannot be read are reported and the
// others go on.
func start(io *term.IO, flags Flags, args []string) (*command, error) {
	sources, errs, err := input.ExpandArgs(args)
	if err != nil {
		return nil, exitcode.New(exitcode.Usage, err)
	}
	c := &command{io: io, flags: flags, sources: sources, unopened: len(errs)}
	for _, err := range errs {
		c.readError(err)
	}
	return c, nil
}

func (c *command) readError(err error) { term.PrintError(c.io.ErrOut, err) }

// run rewrites the inputs on all cores with transforms from newTransform
// in mode; strict, report and onFile are the Options of the same names.
func (c *command) run(newTransform func() Transform, mode Mode, strict bool, report func(protocol.Problem), onFile func(FileResult), deltas deltaMakers) (Stats, error) {
	return RunParallel(c.sources, newTransform, Options{
		deltas:       deltas.joiner,
		deltaWorkers: deltas.worker,
		Mode:         mode,
		Stdin:        c.io.In,
		Out:          c.io.Out,
		Output:       c.flags.Output,
		Backup:       c.flags.Backup,
		Strict:       strict,
		Report:       report,
		OnFile:       onFile,
		OnStale: func(st atomicfile.Stale) {
			fmt.Fprintf(c.io.ErrOut, "zsj: removed %s, a temporary file left by process %d, which no longer runs\n", st.Path, st.Owner)
		},
	})
}

// failed counts the inputs that could not be opened, read or replaced.
func (c *command) failed(s Stats) int { return s.Failed + c.unopened }

// end prints the summary line, unless it is empty, and ends with the
// exit status: a failed input first, then problems found.
func (c *command) end(s Stats, summary string, problems bool) error {
	if summary != "" {
		fmt.Fprintf(c.io.ErrOut, "zsj: %s\n", summary)
	}
	switch {
	case c.failed(s) > 0:
		return exitcode.Silent(exitcode.Failure)
	case problems:
		return exitcode.Silent(exitcode.Problems)
	}
	return nil
}

// truncatedLine is how a line cut short by the end of its file is
// reported (the line has no line end and stops inside a JSON value).
const truncatedLine = "the file ends in the middle of a JSON value (truncated last line)"
