package filters

import (
	"bufio"
	"fmt"
	"io"
)

// Result says how a run went.
type Result struct {
	Outputs       int  // results written
	LastFalsy     bool // the last result written was false or null
	RuntimeErrors int  // events whose evaluation failed
	BadLines      int  // lines that are not JSON
	Unreadable    int  // inputs that could not be opened or read to the end
	Halted        bool // halt or halt_error ended the run
	HaltCode      int  // the exit status halt asked for
}

// The exit statuses of a run, as jq has them.
const (
	ExitOK      = 0
	ExitFalsy   = 1 // -e: the last result was false or null
	ExitInput   = 2 // an input could not be read, or a line is not JSON
	ExitCompile = 3 // the expression does not compile
	ExitNoValue = 4 // -e: there was no result at all
	ExitRuntime = 5 // evaluating some event failed
)

// ExitCode turns the result into jq's exit status; exitStatus is -e.
func (r Result) ExitCode(exitStatus bool) int {
	switch {
	case r.Halted:
		return r.HaltCode
	case r.Unreadable > 0 || r.BadLines > 0:
		return ExitInput
	case r.RuntimeErrors > 0:
		return ExitRuntime
	case !exitStatus:
		return ExitOK
	case r.Outputs == 0:
		return ExitNoValue
	case r.LastFalsy:
		return ExitFalsy
	}
	return ExitOK
}

// IO is where a run reads and writes.
type IO struct {
	Stdin  io.Reader
	Stdout io.Writer
	Stderr io.Writer // debug, stderr and halt_error write here as they are
	// Report prints a problem (a bad line, a failed event, an unreadable
	// input); the run goes on.
	Report func(error)
}

// sink writes results, and the messages that go with them, in order. Only
// one goroutine uses it.
type sink struct {
	out    *bufio.Writer
	stderr io.Writer
	report func(error)
	res    Result
	err    error // the first failure to write results: the run stops

	maxProblems int    // lines that are not JSON shown per input; 0: all
	problemsOf  string // the input the problems counted are from
	problems    int

	stream *sinkStream // parallel runs: a source read as a stream
}

const outBufSize = 64 << 10 // bytes

func newSink(io IO) *sink {
	return &sink{out: bufio.NewWriterSize(io.Stdout, outBufSize), stderr: io.Stderr, report: io.Report}
}

// write writes out, with each note at its place; relative line numbers
// in notes count from base.
func (s *sink) write(out []byte, notes []note, base int) {
	if s.err != nil {
		return
	}
	at := 0
	for _, n := range notes {
		s.writeOut(out[at:n.at])
		at = n.at
		// stdout and stderr often share a terminal: what was written
		// before the message shows before it.
		s.flush()
		if n.raw != nil {
			s.stderr.Write(n.raw)
			continue
		}
		line := n.line
		if n.relative {
			line += base
		}
		if n.input && !s.countProblem(n.name) {
			continue
		}
		var err error
		switch {
		case n.name == "":
			err = fmt.Errorf("%s", n.msg)
		case line == 0:
			err = fmt.Errorf("%s: %s", n.name, n.msg)
		default:
			err = fmt.Errorf("%s:%d: %s", n.name, line, n.msg)
		}
		if n.warning {
			fmt.Fprintf(s.stderr, "zsj: warning: %v\n", err)
			continue
		}
		s.report(err)
	}
	s.writeOut(out[at:])
}

// countProblem counts a line of input name that is not JSON, and reports
// whether it is to be shown: --max-problems bounds them per input. The
// count of those not shown is told when the next input has problems, or
// at the end.
func (s *sink) countProblem(name string) bool {
	if name != s.problemsOf {
		s.endProblems()
		s.problemsOf, s.problems = name, 0
	}
	s.problems++
	return s.maxProblems <= 0 || s.problems <= s.maxProblems
}

// endProblems tells how many problems of the last input with problems
// were not shown, with a hint.
func (s *sink) endProblems() {
	if hidden := s.problems - s.maxProblems; s.maxProblems > 0 && hidden > 0 {
		s.flush()
		s.report(fmt.Errorf("%s: %d more lines that are not JSON not shown (--max-problems %d)", s.problemsOf, hidden, s.maxProblems))
		fmt.Fprintf(s.stderr, "zsj: hint: is %s JSON text? --max-problems 0 reports every line\n", s.problemsOf)
	}
	s.problems = 0
}

func (s *sink) writeOut(b []byte) {
	if s.err == nil && len(b) > 0 {
		_, s.err = s.out.Write(b)
	}
}

func (s *sink) flush() {
	if s.err == nil {
		s.err = s.out.Flush()
	}
}

// failed reports an input that could not be opened or read to its end;
// the error names it (and the line, for a read error).
func (s *sink) failed(err error) {
	s.flush()
	s.res.Unreadable++
	s.report(err)
}

// tally adds a worker's counts to the result.
func (s *sink) tally(c counts) {
	if c.outputs > 0 {
		s.res.LastFalsy = c.lastFalsy
	}
	s.res.Outputs += c.outputs
	s.res.RuntimeErrors += c.runtimeErrors
	s.res.BadLines += c.badLines
}
