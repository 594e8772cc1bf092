package filters

import "github.com/zsj-dev/zsj/internal/input"

// Run reads the sources in order and writes the results to io.Stdout.
// Problems with inputs and events are reported through io.Report and
// counted in the Result, and the run goes on; the error is a failure to
// write results (a closed pipe, a full disk), which ends it.
func (f *Filter) Run(sources []input.Source, io IO) (Result, error) {
	s := newSink(io)
	s.maxProblems = f.opts.MaxProblems
	var err error
	if f.sequential() {
		err = f.runSequential(sources, io, s)
	} else {
		err = f.runParallel(sources, io, s)
	}
	s.endProblems()
	s.flush()
	if err == nil {
		err = s.err
	}
	return s.res, err
}
