package validate

import (
	"fmt"
	"slices"

	"github.com/zsj-dev/zsj/internal/input"
	"github.com/zsj-dev/zsj/internal/report"
	"github.com/zsj-dev/zsj/protocol"
)

// engine checks one input at a time with what Options asked for.
type engine struct {
	protocol    protocol.Options
	maxProblems int
	secrets     func() SecretFinder // nil: no search
	conceal     func() SecretFinder // nil: names are not judged
}

func newEngine(opts Options) *engine {
	e := &engine{protocol: opts.Protocol, maxProblems: opts.MaxProblems}
	if searchSecrets(opts) {
		e.secrets = opts.Secrets
	}
	if !opts.Quiet {
		e.conceal = opts.Secrets // with Quiet no problem is printed
	}
	return e
}

// stream checks one opened input. Lines are checked on their own on all
// cores and applied to the file's validator in order. readErr is a
// failure to read the input (reported, and the next file goes on); err is
// a failure to write the report, which stops everything.
func (e *engine) stream(s *input.Stream, printer *report.Printer) (stats protocol.Stats, readErr, err error) {
	shown, hidden := 0, 0
	v := protocol.NewFileValidator(s.Name, e.protocol, func(p protocol.Problem) {
		if err != nil {
			return
		}
		if e.maxProblems > 0 && shown >= e.maxProblems {
			hidden++
			return
		}
		shown++
		err = printer.Problem(p)
	})
	workers := input.Workers()
	checkers := make([]*protocol.LineChecker, workers)
	for i := range checkers {
		checkers[i] = protocol.NewLineChecker(e.checkerOptions())
	}
	var finders []SecretFinder
	if e.secrets != nil {
		finders = make([]SecretFinder, workers)
		for i := range finders {
			finders[i] = e.secrets()
		}
	}
	check := func(worker int, b *input.Batch) {
		results, _ := b.Out.([]protocol.Checked)
		results = slices.Grow(results[:0], len(b.Lines))[:len(b.Lines)]
		for i, line := range b.Lines {
			checkers[worker].Check(line.Text, len(line.EOL) == 0, &results[i])
			if finders == nil {
				continue
			}
			// Most lines hold no secret: a call, not a loop, for them.
			if secrets := finders[worker].FindSecrets(line.Text); len(secrets) > 0 {
				addSecrets(&results[i], secrets)
			}
		}
		b.Out = results
	}
	apply := func(b *input.Batch) error {
		results := b.Out.([]protocol.Checked)
		for i, line := range b.Lines {
			if line.BOM {
				v.BOM()
			}
			v.Apply(line.Num, &results[i])
		}
		if b.Err != nil {
			readErr = b.Err
		}
		return err
	}
	if perr := input.Lines(s.Lines(), workers, check, apply); perr != nil && err == nil {
		err = perr
	}
	if readErr == nil && err == nil {
		v.End()
	}
	if hidden > 0 && err == nil {
		err = printer.Note(fmt.Sprintf("%s: %d more problems not shown (--max-problems %d)", s.Name, hidden, e.maxProblems))
	}
	return v.Stats(), readErr, err
}

// checkerOptions are the protocol options of one worker's checker: with a
// finder of its own that can judge names, problems about unknown names
// that are secrets name them by fingerprint (see SecretNamer).
func (e *engine) checkerOptions() protocol.Options {
	opts := e.protocol
	if e.conceal != nil && opts.Conceal == nil {
		if n, ok := e.conceal().(SecretNamer); ok {
			opts.Conceal = n.IsSecret
		}
	}
	return opts
}
