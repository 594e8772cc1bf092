package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/zsj-dev/zsj/internal/report"
	"github.com/zsj-dev/zsj/internal/rewrite"
	"github.com/zsj-dev/zsj/internal/term"
	"github.com/zsj-dev/zsj/protocol"
)

// upgradeOutput is everything upgrade prints besides the logs themselves:
// problems and read errors on stderr, the per-file lines of --dry-run and
// --check on stdout, a progress bar over many files, and the summary.
type upgradeOutput struct {
	a       *app
	opts    upgradeOptions
	printer *report.Printer
	bar     *term.Progress // nil when not shown

	problems, conflicts, invalid int
}

func newUpgradeOutput(a *app, opts upgradeOptions, mode rewrite.Mode, files int) *upgradeOutput {
	o := &upgradeOutput{a: a, opts: opts, printer: report.NewPrinter(a.io.ErrOut, report.Text, false)}
	// A bar is for a person waiting on many files; it would garble logs
	// written to the same terminal, and a pipe or CI log should stay plain.
	if a.io.ErrTTY && files > 1 && !(mode == rewrite.Stdout && a.io.OutTTY) {
		o.bar = newProgressBar(a.io.ErrOut, files, opts)
	}
	return o
}

func newProgressBar(w io.Writer, files int, opts upgradeOptions) *term.Progress {
	verb := "upgrading"
	switch {
	case opts.check, opts.dryRun:
		verb = "checking"
	case opts.to == 1:
		verb = "downgrading"
	}
	return term.NewProgress(w, verb, "files", files)
}

// problem prints a line that could not be upgraded.
func (o *upgradeOutput) problem(p protocol.Problem) {
	o.problems++
	if p.Rule == protocol.RuleUpgradeConflict {
		o.conflicts++
	} else {
		o.invalid++
	}
	o.clearBar()
	o.printer.Problem(p)
	o.printer.Flush() // stderr is unbuffered for everyone else; keep the order
}

// file is called after each input: errors, per-file lines and progress.
func (o *upgradeOutput) file(r rewrite.FileResult) {
	if r.Err != nil {
		o.clearBar()
		reportReadError(o.a, r.Err)
	}
	if r.Refused {
		o.clearBar()
		fmt.Fprintf(o.a.io.ErrOut, "zsj: %s: not written (--strict): %s cannot be upgraded\n", r.Source.Name, countWords(r.ProblemLines, "line"))
	}
	if r.Err == nil && !r.Refused {
		switch {
		case o.opts.dryRun && r.Changed > 0:
			fmt.Fprintf(o.a.io.Out, "%s: %s would be %s\n", r.Source.Name, countWords(r.Changed, "event"), o.verb())
		case o.opts.dryRun:
			fmt.Fprintf(o.a.io.Out, "%s: nothing to change\n", r.Source.Name)
		case o.opts.check && r.Changed > 0:
			fmt.Fprintf(o.a.io.Out, "%s: %s to %s\n", r.Source.Name, countWords(r.Changed, "event"), strings.TrimSuffix(o.verb(), "d"))
		}
	}
	o.bar.Add(1)
}

func (o *upgradeOutput) clearBar() { o.bar.Clear() }

// done takes the bar off the screen before the summary.
func (o *upgradeOutput) done() {
	o.clearBar()
}

func (o *upgradeOutput) verb() string {
	if o.opts.to == 1 {
		return "downgraded"
	}
	return "upgraded"
}

// summary words the counts for the last line on stderr.
func (o *upgradeOutput) summary(s rewrite.Stats, failed int) string {
	changed := fmt.Sprintf("%d changed, %s %s", s.FilesChanged, countWords(s.LinesChanged, "event"), o.verb())
	switch {
	case o.opts.check:
		changed = fmt.Sprintf("%d to %s (%s)", s.FilesChanged, strings.TrimSuffix(o.verb(), "d"), countWords(s.LinesChanged, "event"))
	case o.opts.dryRun:
		changed = fmt.Sprintf("%d would change, %s would be %s", s.FilesChanged, countWords(s.LinesChanged, "event"), o.verb())
	}
	text := fmt.Sprintf("%s scanned, %s, %s, %s", countWords(s.Files, "file"), changed,
		countWords(o.conflicts, "conflict"), countWords(o.invalid, "invalid line"))
	if s.Refused > 0 {
		text += fmt.Sprintf(", %d not written (--strict)", s.Refused)
	}
	if failed > 0 {
		text += fmt.Sprintf(", %d failed", failed)
	}
	return text
}

// countWords: "1 file", "2 files".
func countWords(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}
