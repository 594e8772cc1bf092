// Package rewrite applies a per-line transform to log files, with the
// output modes the rewriting commands (upgrade, redact) share: everything to
// one stream, everything to one file, each file replaced in place, or
// nothing written at all (a dry run).
//
// Lines keep what the transform does not change byte for byte: a line
// that is not rewritten is copied as it was read, and every line keeps its
// own line end ("\n", "\r\n" or none) and the file its byte order mark.
//
// Lines are transformed on all cores (RunParallel) and written, counted
// and reported in input order; a pipe on standard input is read line by
// line instead, so that a live producer's events come out as they come.
//
// Upgrade and Redact are those two commands, from their options to their
// exit status, sharing the output flags (Flags) and the reporting.
//
// The rules for a line are not here: upgrading one is protocol's job,
// redacting one redact's.
package rewrite

import (
	"errors"
	"io"

	"github.com/zsj-dev/zsj/internal/atomicfile"
	"github.com/zsj-dev/zsj/internal/input"
	"github.com/zsj-dev/zsj/protocol"
)

// Transform rewrites one line. When changed is true, out holds the new
// line's text (no line end), appended to dst, which the caller hands back
// on the next call so the buffer is reused; otherwise the line is kept as
// it was and out only returns the buffer. A line that cannot be rewritten
// is kept as it was and comes with problems (File and, when 0, Line are
// filled in by Run); an error problem makes Options.Strict refuse the file.
// A nil out with changed true drops the line, its line end included.
type Transform func(line input.Line, dst []byte) (out []byte, changed bool, problems []protocol.Problem)

// Mode says where the rewritten lines go.
type Mode uint8

// The modes.
const (
	// Stdout writes every input, rewritten, to Options.Out, one after the
	// other. Compressed inputs come out decompressed.
	Stdout Mode = iota
	// OutputFile writes every input, rewritten, to the file
	// Options.Output, replaced atomically once all inputs are read; it is
	// compressed when its name ends in .gz or .zst.
	OutputFile
	// InPlace replaces each input file by its rewrite, atomically and in
	// its own compression. A file with no line changed is not touched.
	InPlace
	// DryRun reads and transforms everything and writes nothing: the
	// counts say what would change.
	DryRun
)

// Options are the choices of a rewriting command.
type Options struct {
	Mode   Mode
	Stdin  io.Reader // read for the source "-"
	Out    io.Writer // Stdout mode
	Output string    // OutputFile mode: the path written
	// Backup, in InPlace mode, keeps each replaced file as path+Backup.
	Backup string
	// Strict refuses to write anything of an input that has a line with an
	// error problem: in place it is left alone, in a stream it is left out.
	Strict bool

	// Report receives each problem a transform finds, in line order.
	Report func(protocol.Problem)
	// OnFile, when set, is called after each input with what happened to
	// it (progress bars, per-file dry-run lines).
	OnFile func(FileResult)
	// OnStale, when set, is told of each temporary file a killed run had
	// left beside the files InPlace replaces, which it removed.
	OnStale func(atomicfile.Stale)

	// deltas, when set, makes the joiners of text and reasoning deltas
	// (redact: see deltas.go), one for each goroutine that joins;
	// deltaWorkers then makes a worker's transform with its joiner.
	deltas       func() *deltaJoiner
	deltaWorkers func() (Transform, *deltaJoiner)
}

// FileResult is what happened to one input.
type FileResult struct {
	Source       input.Source
	Lines        int // lines read, blank ones included
	Changed      int // lines the transform changed
	ProblemLines int // lines kept as they were because of an error problem
	// Written: in InPlace mode, the file was replaced.
	Written bool
	// Refused: Strict kept this input from being written.
	Refused bool
	// Err: the input could not be read, or in InPlace mode not replaced.
	// Its lines before the error were still counted (and, in a stream,
	// written).
	Err error

	unopened bool // Err came from opening the input
}

// Stats adds up the FileResults of a run. Changes count only where they
// were written (or would be, in a dry run): not in inputs Strict refused,
// nor in files that could not be replaced.
type Stats struct {
	Files        int // inputs opened
	FilesChanged int // inputs with a changed line written
	Lines        int
	LinesChanged int
	ProblemLines int
	Refused      int // inputs Strict kept from being written
	Failed       int // inputs that could not be opened, read or replaced
}

func (s *Stats) add(r FileResult, mode Mode) {
	if !r.unopened {
		s.Files++
	}
	// A stream keeps the lines written before a read error; a file
	// replaced in place keeps nothing when it fails.
	written := !r.Refused && (mode != InPlace || r.Err == nil)
	if written && r.Changed > 0 {
		s.FilesChanged++
		s.LinesChanged += r.Changed
	}
	s.Lines += r.Lines
	s.ProblemLines += r.ProblemLines
	if r.Refused {
		s.Refused++
	}
	if r.Err != nil {
		s.Failed++
	}
}

// ErrStdinInPlace is the error for standard input given in InPlace mode:
// there is no file to replace.
var ErrStdinInPlace = errors.New("standard input cannot be rewritten in place")

// Run rewrites sources with t in opts.Mode. Problems in one input (lines
// the transform rejects, a file that cannot be read or replaced) are
// reported through opts and the other inputs go on; the error returned is
// one that stops everything: the stream or file being written to failed
// (a closed pipe included, so `zsj ... | head` ends early).
//
// t is called on one goroutine at a time.
func Run(sources []input.Source, t Transform, opts Options) (Stats, error) {
	return run(sources, func() Transform { return t }, 1, opts)
}

// RunParallel is Run with the lines of each input transformed on all
// cores, the results still written, counted and reported in input order.
// newTransform is called once for each worker goroutine (and once more
// for inputs read line by line, see readsAhead), so a Transform need not
// be safe for concurrent use; its problems are numbered within the lines
// it was given, which Run moves to their place in the input.
func RunParallel(sources []input.Source, newTransform func() Transform, opts Options) (Stats, error) {
	return run(sources, newTransform, input.Workers()+heldBatches, opts)
}

// heldBatches is how many workers RunParallel has beyond one per core.
// The pipeline has a batch in flight per worker, and two of them are not
// being worked on: the one whose lines are being written, and the one
// being read into. With only one worker per core, two cores had but one
// batch to work on between them.
const heldBatches = 2

func run(sources []input.Source, newTransform func() Transform, workers int, opts Options) (Stats, error) {
	r := &runner{opts: opts, newTransform: newTransform, nworkers: workers, stdin: opts.Stdin}
	var err error
	switch opts.Mode {
	case Stdout:
		err = r.toStream(sources, opts.Out)
	case OutputFile:
		err = r.toFile(sources)
	case InPlace:
		r.inPlace(sources)
	case DryRun:
		r.dryRun(sources)
	default:
		err = errors.New("rewrite: unknown mode")
	}
	return r.stats, err
}

// runner holds one Run's state.
type runner struct {
	opts         Options
	newTransform func() Transform
	nworkers     int
	workers      *workerSet // made for the first input read ahead
	serial       Transform  // made for the first input read line by line
	serialJoiner *deltaJoiner
	joiner       *deltaJoiner // the writer's, when redacting
	stats        Stats
	stdin        io.Reader // opts.Stdin, or a wrapper of it
}

func (r *runner) done(res FileResult) {
	r.stats.add(res, r.opts.Mode)
	if r.opts.OnFile != nil {
		r.opts.OnFile(res)
	}
}

// each calls fn with every source opened in turn (see input.Each); one
// that cannot be opened is reported as done. fn's error stops everything.
func (r *runner) each(sources []input.Source, fn func(s *input.Stream, res *FileResult) error) error {
	return input.Each(sources, r.stdin,
		func(src input.Source, err error) {
			r.done(FileResult{Source: src, Err: err, unopened: true})
		},
		func(s *input.Stream) error {
			res := FileResult{Source: s.Source}
			err := fn(s, &res)
			r.done(res)
			return err
		})
}

// dryRun transforms every input and writes nothing.
func (r *runner) dryRun(sources []input.Source) {
	r.each(sources, func(s *input.Stream, res *FileResult) error {
		p := r.newPass(s, res, nil)
		defer p.close()
		var l outLine
		for {
			if err := p.next(&l); err != nil {
				return nil
			}
		}
	})
}
