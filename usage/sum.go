package usage

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/zsj-dev/zsj/internal/english"
	"github.com/zsj-dev/zsj/internal/exitcode"
	"github.com/zsj-dev/zsj/internal/input"
	"github.com/zsj-dev/zsj/internal/term"
)

// SumOptions say what zsj usage adds up and how it prints it.
type SumOptions struct {
	// IO holds the streams: standard input for the source "-", the report
	// on Out, read errors, skipped lines, notes and warnings on ErrOut.
	IO *term.IO
	// Sources are the logs, as input.Expand returns them; Unreadable are
	// those that could not be opened, reported before the others are read.
	// Merge reads its own arguments instead.
	Sources    []input.Source
	Unreadable []error
	Format     Format
	Report     ReportOptions
	// PricesFile names where Report.Prices came from, in warnings.
	PricesFile string
}

// Sum reads the logs, adds up their runs and prints the report, then the
// notes and warnings about it. The error carries the exit status (see
// package exitcode): a silent Failure when an input could not be read
// (the others are still counted); any other error is a failure to write.
func Sum(opts SumOptions) error {
	opts.Report.ListRuns = opts.Format == JSON // listed for Merge
	agg := NewAggregator(opts.Report)
	c, failed, err := readLogs(opts.IO, opts.Sources, opts.Unreadable, Options{Cumulative: opts.Report.Cumulative, Run: agg.Add})
	if err != nil {
		return err
	}
	agg.Inputs(c.Files, c.Invalid, 0, 0)
	return finish(opts, agg.Report(), failed)
}

// Merge reads the json reports named by args (as 'zsj usage --format
// json' writes them) and prints what one Sum over all their logs would
// have. Directories are refused, not walked: they hold logs, not reports.
func Merge(opts SumOptions, args []string) error {
	if len(args) == 0 {
		return exitcode.New(exitcode.Usage, errors.New("--merge needs the json files to merge"))
	}
	sources, unreadable, err := mergeSources(args)
	if err != nil {
		return err
	}
	opts.Report.ListRuns = opts.Format == JSON
	agg := NewAggregator(opts.Report)
	r := &reading{std: opts.IO}
	err = r.each(sources, unreadable, func(s *input.Stream) error {
		shard, err := ReadShard(s)
		if err == nil {
			err = agg.Merge(shard)
		}
		var grouping *GroupingError
		if errors.As(err, &grouping) {
			// Merged, the groups would mean nothing: print none.
			return exitcode.New(exitcode.Usage, fmt.Errorf("%s: %w", s.Name, err))
		}
		if err != nil {
			r.error(fmt.Errorf("%s: %w", s.Name, err))
		}
		return nil
	})
	if err != nil {
		return err
	}
	return finish(opts, agg.Report(), r.failed)
}

// mergeSources takes merge inputs as named. A second "-" is a usage error.
func mergeSources(args []string) (sources []input.Source, unreadable []error, err error) {
	var files []string
	for _, arg := range args {
		if arg != "-" && isDir(arg) {
			unreadable = append(unreadable, fmt.Errorf("%s: is a directory; --merge takes the json files written by 'zsj usage --format json'", arg))
			continue
		}
		files = append(files, arg)
	}
	if len(files) == 0 {
		return nil, unreadable, nil // not stdin, as no argument at all would mean
	}
	sources, errs := input.Expand(files)
	for _, e := range errs {
		if errors.Is(e, input.ErrStdinTwice) {
			return nil, nil, exitcode.New(exitcode.Usage, e)
		}
	}
	return sources, append(unreadable, errs...), nil
}

// finish prints the report, then the notes and warnings about it.
func finish(opts SumOptions, rep *Report, failed bool) error {
	if err := WriteReport(opts.IO.Out, rep, opts.Format, outputStyle(opts.IO)); err != nil {
		return err
	}
	w := opts.IO.ErrOut
	if rep.DuplicateRuns > 0 {
		fmt.Fprintf(w, "zsj: %s dropped: found before with the same runId and events (--no-dedupe counts them)\n", english.Count(rep.DuplicateRuns, "duplicate run"))
	}
	const maxConflicts = 10
	for i, c := range rep.Conflicts {
		if i == maxConflicts {
			fmt.Fprintf(w, "zsj: warning: %d more run ids are shared by runs with different events\n", len(rep.Conflicts)-maxConflicts)
			break
		}
		fmt.Fprintf(w, "zsj: warning: run %s: %d runs with different events share this id; all are counted\n", c.ID, c.Runs)
	}
	if rep.UndatedRuns > 0 {
		fmt.Fprintf(w, "zsj: %s left out: no date in their ids to compare with --since/--until\n", english.Count(rep.UndatedRuns, "run"))
	}
	if len(rep.UnpricedModels) > 0 {
		what := ""
		if opts.PricesFile != "" {
			what = " in " + opts.PricesFile + " or the shipped prices"
		}
		fmt.Fprintf(w, "zsj: warning: no price%s for: %s (%s left out of the estimate)\n",
			what, strings.Join(rep.UnpricedModels, ", "), english.Count(rep.Totals.Unpriced, "usage event"))
	}
	if rep.InvalidLines > 0 {
		fmt.Fprintf(w, "zsj: warning: %s skipped\n", english.Count(rep.InvalidLines, "unreadable line"))
		fmt.Fprintln(w, "zsj: hint: run 'zsj validate' for details")
	}
	if failed {
		return exitcode.Silent(exitcode.Failure)
	}
	return nil
}

// LoadPricesFile reads a LiteLLM price file (see LoadPrices), plain or
// compressed, over the shipped snapshot: its models take its prices, the
// others keep the snapshot's. Errors name the --prices flag.
func LoadPricesFile(path string) (*Prices, error) {
	s, err := input.Open(input.Source{Name: path, Path: path}, nil)
	if err != nil {
		return nil, fmt.Errorf("--prices: %w", err)
	}
	defer s.Close()
	p, err := LoadPrices(s)
	if err != nil {
		return nil, fmt.Errorf("--prices %s: %w", path, err)
	}
	return p.Over(EmbeddedPrices()), nil
}

// WritePricesInfo says where the prices come from: the shipped snapshot's
// source, version, date and license, and the file that extends it.
func WritePricesInfo(w io.Writer, p *Prices, file string) error {
	var b strings.Builder
	if file != "" {
		fmt.Fprintf(&b, "file:     %s (%s, over the snapshot below)\n", file, english.Count(int64(p.Len()), "model name"))
		for p.base != nil {
			p = p.base
		}
	}
	info := p.Info()
	fmt.Fprintf(&b, "source:   %s\n", info.Source)
	fmt.Fprintf(&b, "package:  %s %s\n", info.Package, info.Version)
	fmt.Fprintf(&b, "date:     %s\n", info.Date)
	fmt.Fprintf(&b, "license:  %s\n", info.License)
	fmt.Fprintf(&b, "models:   %s\n", english.Count(int64(p.Len()), "model name"))
	fmt.Fprintf(&b, "note:     %s\n", info.Note)
	_, err := io.WriteString(w, b.String())
	return err
}

// CheckDates checks the --since and --until values ("" for no bound):
// dates, YYYY-MM-DD, the first not after the second.
func CheckDates(since, until string) error {
	for _, d := range []struct{ flag, value string }{{"--since", since}, {"--until", until}} {
		if d.value == "" {
			continue
		}
		if err := ParseDate(d.value); err != nil {
			return fmt.Errorf("%s: %w", d.flag, err)
		}
	}
	if since != "" && until != "" && since > until {
		return fmt.Errorf("--since %s is after --until %s", since, until)
	}
	return nil
}

func isDir(path string) bool {
	info, err := os.Stat(path)
	return err == nil && info.IsDir()
}
