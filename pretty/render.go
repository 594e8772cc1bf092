package pretty

import (
	"io"
	"slices"

	"github.com/zsj-dev/zsj/internal/input"
	"github.com/zsj-dev/zsj/protocol"
)

// sink draws what the Printer hands it. The terminal timeline and the
// HTML page are the two sinks.
type sink interface {
	// event draws one selected, shown event other than text and
	// reasoning. multi says that more than one run is open around it, so
	// it must say which run it belongs to.
	event(ev *event, n noted, multi bool)
	// prose adds text or reasoning (kind) of run to its open paragraph,
	// opening one if the last block drawn was anything else.
	prose(run *runState, kind, text string, multi bool)
	// orphan draws the header of a run first seen without its run_start.
	orphan(run *runState, multi bool)
	// invalid draws the warning for a line the protocol rejects. run is
	// nil when the line names no known run.
	invalid(line int, run *runState, problems []protocol.Problem)
	// unfinished draws a run that has no run_end at the end of the input.
	unfinished(r *runState)
	// pause is called when input stops for a while (follow mode): what
	// is held back must reach the reader.
	pause()
	// close finishes the output; events is the number of events drawn.
	close(events int)
	// err returns the first error writing the output.
	err() error
	// headSpec is the lines of tool outputs parse may cut ahead, on all
	// cores (see headLines); none when its room is 0.
	headSpec() headSpec
}

// Printer renders the lines of one input through a sink, in order. It
// checks each line with the protocol validator, so an invalid line shows
// up as a warning where it stands, and rendering goes on.
type Printer struct {
	opts     Options
	sink     sink
	check    *protocol.FileValidator
	problems []protocol.Problem
	// checked is the check of a line given to Line, by reader's checker;
	// ReadAll has a reader and checker per worker, made with checkOptions
	// too.
	checked      protocol.Checked
	checkOptions protocol.Options
	ev           event
	reader       lineReader
	runs         tracker
	invalid      int
	shown        int // events drawn

	holder *runState               // the run whose paragraph is open (see prose.go)
	held   map[*runState]*heldText // text of other runs, waiting
}

// outputTypes are the event types drawn for a run.
var outputTypes = protocol.EventTypes(false)

func newPrinter(s sink, opts Options) *Printer {
	p := &Printer{opts: opts, sink: s, held: map[*runState]*heldText{}}
	p.reader.head = s.headSpec()
	p.checkOptions = protocol.Options{NoRunChecks: true}
	p.check = protocol.NewFileValidator("", p.checkOptions, func(pr protocol.Problem) {
		if pr.Severity == protocol.Error {
			p.problems = append(p.problems, pr)
		}
	})
	return p
}

// Line renders line num (text without its line end; noEOL when the input
// ended without a newline after it). It returns the first write error.
func (p *Printer) Line(num int, text []byte, noEOL bool) error {
	if p.reader.checker == nil {
		p.reader.checker = protocol.NewLineChecker(p.checkOptions)
	}
	p.reader.checker.Check(text, noEOL, &p.checked)
	p.reader.decoded = p.reader.decoded[:0] // the line before has been drawn
	parsed := p.ev.parse(num, text, &p.checked, &p.reader)
	return p.drawChecked(num, text, &p.checked, &p.ev, parsed)
}

// drawChecked draws line num, checked by a LineChecker made with
// checkOptions, and parsed into ev when parsed.
func (p *Printer) drawChecked(num int, text []byte, checked *protocol.Checked, ev *event, parsed bool) error {
	p.problems = p.problems[:0]
	p.check.Apply(num, checked)
	// A parsed line is an object, not blank; not reading it again spares
	// the drawing core a cache miss on a line another core parsed.
	if !parsed && protocol.IsBlank(text) {
		return nil
	}
	if parsed && ev.runID != "" && !p.opts.wantRun(ev.runID) {
		return nil // another run: not even its problems are of interest
	}
	if len(p.problems) > 0 {
		p.invalid++
		var run *runState
		if parsed {
			run = p.runs.runs[ev.runID]
		}
		p.sink.invalid(num, run, p.problems)
		p.holder = nil
	}
	if parsed {
		p.render(ev)
	}
	return p.sink.err()
}

// render hands a parsed event to the sink. Events with a type the
// protocol does not know, or run events with no run id, were reported by
// the validator and are not drawn.
func (p *Printer) render(ev *event) {
	if protocol.IsInputType(ev.typ) {
		if len(p.opts.Runs) == 0 && p.opts.showType(ev.typ) {
			p.shown++
			p.sink.event(ev, noted{}, false)
		}
		return
	}
	if ev.runID == "" || !slices.Contains(outputTypes, ev.typ) {
		return
	}
	openBefore := p.runs.open
	n := p.runs.note(ev)
	multi := max(openBefore, p.runs.open) > 1
	shown := p.opts.showType(ev.typ) && !(ev.typ == protocol.TypeReasoning && p.opts.NoReasoning)
	if ev.typ == protocol.TypeRunEnd {
		p.release(n.run) // its last words come before its end, shown or not
	}
	if !shown {
		return
	}
	p.shown++
	if n.newRun && ev.typ != protocol.TypeRunStart {
		p.release(n.run)
		p.sink.orphan(n.run, multi)
		p.holder = nil
	}
	if ev.typ == protocol.TypeText || ev.typ == protocol.TypeReasoning {
		p.delta(n.run, ev.typ, ev.delta)
		return
	}
	p.release(n.run)
	p.holder = nil // drawing the event ends the open paragraph
	p.sink.event(ev, n, multi)
}

// End finishes the input: runs that never ended are drawn as such, and
// the output is completed and flushed.
func (p *Printer) End() error {
	p.releaseAll()
	for _, r := range p.runs.unfinished() {
		p.sink.unfinished(r)
	}
	p.sink.close(p.shown)
	return p.sink.err()
}

// Pause flushes what is held back, for a reader watching live output.
func (p *Printer) Pause() error {
	p.releaseAll() // a reader watching live sees every run's latest words
	p.sink.pause()
	return p.sink.err()
}

// AllEnded reports whether at least one run was seen and every run seen
// has ended (follow mode's --exit-on-end).
func (p *Printer) AllEnded() bool { return p.runs.allEnded() }

// Invalid returns the number of lines the protocol rejected.
func (p *Printer) Invalid() int { return p.invalid }

// ErrRead wraps an error reading the input, so that a caller can tell it
// from a failure to write the output.
type ErrRead struct{ Err error }

func (e *ErrRead) Error() string { return e.Err.Error() }
func (e *ErrRead) Unwrap() error { return e.Err }

// ReadAll renders every line of lines, then ends the input. A read error
// is returned as *ErrRead after what was read has been rendered and ended.
func (p *Printer) ReadAll(lines *input.Reader) error {
	workers := input.Workers()
	readers := make([]lineReader, workers)
	for i := range readers {
		readers[i] = lineReader{checker: protocol.NewLineChecker(p.checkOptions), head: p.reader.head}
	}
	var readErr error
	// A batch is drawn by the worker that parsed it, mostly, not on the
	// caller's core (see input.Ordered.DoneOnWorkers): pretty on the
	// chatty log took 342 ms against 374 with the cores near, and in one
	// run with them far apart 337 against 434.
	err := input.LinesOnWorkers(lines, workers,
		func(w int, b *input.Batch) { parseBatch(&readers[w], b) },
		func(b *input.Batch) error {
			if b.Err != nil {
				readErr = b.Err
			}
			return p.drawBatch(b)
		})
	if err != nil {
		return err
	}
	if werr := p.End(); werr != nil || readErr == nil {
		return werr
	}
	return &ErrRead{readErr}
}

// errWriter remembers the first write error, so that rendering can stop
// at once (a closed pipe) instead of drawing into the void.
type errWriter struct {
	w   io.Writer
	err error
}

func (e *errWriter) Write(b []byte) (int, error) {
	if e.err != nil {
		return 0, e.err
	}
	n, err := e.w.Write(b)
	if err == nil && n < len(b) {
		err = io.ErrShortWrite
	}
	e.err = err
	return n, err
}
