package validate

import (
	"fmt"
	"io"
	"slices"

	"github.com/zsj-dev/zsj/internal/input"
	"github.com/zsj-dev/zsj/internal/report"
	"github.com/zsj-dev/zsj/protocol"
)

// engine checks every input with what Options asked for, in one run of
// the input pipeline: a folder of many small logs then costs what one log
// of their size costs. (A run per file started and stopped its workers
// and remade their checkers for each; on 2,000 logs of 100 KB that was
// more than half the time.)
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

// Callbacks of one run, in input order, on the goroutine that called run.
type engineHooks struct {
	// file is called with each input once all its lines are applied.
	// readErr is the read error that ended it early, if any.
	file func(stats protocol.Stats, readErr error)
	// unopened is called with an input that could not be opened.
	unopened func(src input.Source, err error)
}

// chunkResult is what the workers found in one chunk's lines.
type chunkResult struct {
	checked []protocol.Checked
	bom     bool // the chunk starts its file with a byte order mark
}

// run checks the sources. Lines are checked on their own on all cores
// and applied in order to the validator of their file. The error is a
// failure to write the report, which stops everything; read errors are
// reported through hooks and the next file goes on.
func (e *engine) run(sources []input.Source, stdin io.Reader, printer *report.Printer, hooks engineHooks) error {
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
	f := &fileCheck{engine: e, printer: printer}
	work := func(worker int, c *input.Chunk) {
		res, _ := c.Out.(*chunkResult)
		if res == nil {
			res = &chunkResult{}
			c.Out = res
		}
		res.checked, res.bom = res.checked[:0], false
		var line input.Line
		split := c.Splitter()
		for split.Next(&line) {
			res.checked = slices.Grow(res.checked, 1)[:len(res.checked)+1]
			out := &res.checked[len(res.checked)-1]
			checkers[worker].Check(line.Text, len(line.EOL) == 0, out)
			res.bom = res.bom || line.BOM
			if finders == nil {
				continue
			}
			// Most lines hold no secret: a call, not a loop, for them.
			if secrets := finders[worker].FindSecrets(line.Text, checkers[worker].Shape()); len(secrets) > 0 {
				addSecrets(out, secrets)
			}
		}
	}
	o := input.Ordered{
		Workers: workers,
		// Chunks differ in cost (a chunk of source code with many
		// keyword hits takes longer): with chunks to spare, one is ready
		// when a worker finishes while the next in order is still being
		// worked on. A folder of small logs needs more of them: each log
		// is a chunk of its own, read by the one reading goroutine at
		// the cost of an open, three reads and a close. On 2,000 logs of
		// 100 KB, four a worker took 298 ms against 337 with two (and
		// 336 with three); on the realistic log 336 against 351; eight
		// were slower again (the buffers' page faults).
		InFlight: 4 * workers,
		// A chunk's lines and results stay on the core that checked
		// them: with the workers on cores far apart, validate on the
		// realistic log took 391 ms against 359 when a reading
		// goroutine and this one read them on the other core.
		DoneOnWorkers: true,
		Stdin:         stdin,
		Work:          work,
		Done: func(c *input.Chunk) error {
			if c.Start {
				f.finish(hooks)
				f.start(c.Source)
			}
			res := c.Out.(*chunkResult)
			if res.bom {
				f.v.BOM()
			}
			for i := range res.checked {
				f.v.Apply(c.Base+i+1, &res.checked[i])
			}
			if c.Err != nil {
				f.readErr = c.Err
			}
			return f.err
		},
		Failed: func(src input.Source, err error) {
			if f.v != nil && f.src == src && f.readErr != nil {
				return // reported with its file, once its lines are in
			}
			f.finish(hooks)
			hooks.unopened(src, err)
		},
	}
	err := o.Run(sources)
	if err == nil {
		f.finish(hooks)
		err = f.err
	}
	return err
}

// fileCheck is the state of the file whose lines are being applied.
type fileCheck struct {
	*engine
	printer *report.Printer

	src           input.Source
	v             *protocol.FileValidator // nil between files
	shown, hidden int
	readErr       error // the read error that ended the file early
	err           error // a failure to write the report
}

// start begins the file src.
func (f *fileCheck) start(src input.Source) {
	f.src, f.shown, f.hidden, f.readErr = src, 0, 0, nil
	f.v = protocol.NewFileValidator(src.Name, f.protocol, f.problem)
}

func (f *fileCheck) problem(p protocol.Problem) {
	if f.err != nil {
		return
	}
	if f.maxProblems > 0 && f.shown >= f.maxProblems {
		f.hidden++
		return
	}
	f.shown++
	f.err = f.printer.Problem(p)
}

// finish ends the current file, if any: runs left open are reported
// (unless reading it failed: its end is not the log's end), then the
// problems not shown.
func (f *fileCheck) finish(hooks engineHooks) {
	if f.v == nil {
		return
	}
	if f.readErr == nil && f.err == nil {
		f.v.End()
	}
	if f.hidden > 0 && f.err == nil {
		f.err = f.printer.Note(fmt.Sprintf("%s: %d more problems not shown (--max-problems %d)", f.src.Name, f.hidden, f.maxProblems))
	}
	var readErr error
	if f.readErr != nil {
		readErr = input.ReadError(f.src, f.readErr)
	}
	hooks.file(f.v.Stats(), readErr)
	f.v = nil
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
