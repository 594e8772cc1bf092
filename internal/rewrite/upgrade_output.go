package rewrite

import (
	"fmt"
	"strings"

	"github.com/zsj-dev/zsj/internal/english"
	"github.com/zsj-dev/zsj/internal/report"
	"github.com/zsj-dev/zsj/internal/term"
	"github.com/zsj-dev/zsj/protocol"
)

// upgradeOutput is everything upgrade prints besides the logs themselves:
// problems and read errors on stderr, the per-file lines of --dry-run and
// --check on stdout, a progress bar over many files, and the summary.
type upgradeOutput struct {
	c       *command
	opts    UpgradeOptions
	printer *report.Printer
	bar     *term.Progress // nil when not shown

	problems, conflicts, invalid int
}

func newUpgradeOutput(c *command, opts UpgradeOptions, mode Mode) *upgradeOutput {
	o := &upgradeOutput{c: c, opts: opts, printer: report.NewPrinter(c.io.ErrOut, report.Text, false)}
	// A bar is for a person waiting on many files; it would garble logs
	// written to the same terminal, and a pipe or CI log should stay plain.
	if c.io.ErrTTY && len(c.sources) > 1 && !(mode == Stdout && c.io.OutTTY) {
		o.bar = term.NewProgress(c.io.ErrOut, o.progressVerb(), "files", len(c.sources))
	}
	return o
}

func (o *upgradeOutput) progressVerb() string {
	switch {
	case o.opts.Check, o.opts.DryRun:
		return "checking"
	case o.opts.To == 1:
		return "downgrading"
	}
	return "upgrading"
}

// problem prints a line that could not be upgraded.
func (o *upgradeOutput) problem(p protocol.Problem) {
	o.problems++
	if p.Rule == protocol.RuleUpgradeConflict {
		o.conflicts++
	} else {
		o.invalid++
	}
	o.bar.Clear()
	o.printer.Problem(p)
	o.printer.Flush() // stderr is unbuffered for everyone else; keep the order
}

// file is called after each input: errors, per-file lines and progress.
func (o *upgradeOutput) file(r FileResult) {
	out := o.c.io.Out
	if r.Err != nil {
		o.bar.Clear()
		o.c.readError(r.Err)
	}
	if r.Refused {
		o.bar.Clear()
		fmt.Fprintf(o.c.io.ErrOut, "zsj: %s: not written (--strict): %s cannot be upgraded\n", r.Source.Name, english.Count(r.ProblemLines, "line"))
	}
	if r.Err == nil && !r.Refused {
		switch {
		case o.opts.DryRun && r.Changed > 0:
			fmt.Fprintf(out, "%s: %s would be %s\n", r.Source.Name, english.Count(r.Changed, "event"), o.verb())
		case o.opts.DryRun:
			fmt.Fprintf(out, "%s: nothing to change\n", r.Source.Name)
		case o.opts.Check && r.Changed > 0:
			fmt.Fprintf(out, "%s: %s to %s\n", r.Source.Name, english.Count(r.Changed, "event"), strings.TrimSuffix(o.verb(), "d"))
		}
	}
	o.bar.Add(1)
}

func (o *upgradeOutput) verb() string {
	if o.opts.To == 1 {
		return "downgraded"
	}
	return "upgraded"
}

// summary words the counts for the last line on stderr.
func (o *upgradeOutput) summary(s Stats, failed int) string {
	changed := fmt.Sprintf("%d changed, %s %s", s.FilesChanged, english.Count(s.LinesChanged, "event"), o.verb())
	switch {
	case o.opts.Check:
		changed = fmt.Sprintf("%d to %s (%s)", s.FilesChanged, strings.TrimSuffix(o.verb(), "d"), english.Count(s.LinesChanged, "event"))
	case o.opts.DryRun:
		changed = fmt.Sprintf("%d would change, %s would be %s", s.FilesChanged, english.Count(s.LinesChanged, "event"), o.verb())
	}
	text := fmt.Sprintf("%s scanned, %s, %s, %s", english.Count(s.Files, "file"), changed,
		english.Count(o.conflicts, "conflict"), english.Count(o.invalid, "invalid line"))
	if s.Refused > 0 {
		text += fmt.Sprintf(", %d not written (--strict)", s.Refused)
	}
	if failed > 0 {
		text += fmt.Sprintf(", %d failed", failed)
	}
	return text
}
