package export

import (
	"io"
	"slices"
	"strconv"

	"github.com/zsj-dev/zsj/internal/input"
	"github.com/zsj-dev/zsj/protocol"
	"github.com/zsj-dev/zsj/usage"
)

// sink receives the rows of the logs as the walker makes them. Rows, and
// the bytes they point to (EventRow.Raw), are valid only during the call.
// An error stops the walk.
type sink interface {
	run(*RunRow) error
	event(*EventRow) error
	toolCall(*ToolCallRow) error
	usage(*UsageRow) error
	problem(*ProblemRow) error
}

// walker reads logs, one line after another, into rows. Runs and their
// counts are usage's (a usage.Collector reads every line too), problems
// are the protocol validator's; what neither keeps per event (tool calls
// joined, usage events one by one) is read here.
type walker struct {
	out     sink
	col     *usage.Collector
	dedupe  *usage.Deduper
	prices  *usage.Prices // the estimates of the cost columns
	strs    map[string]string
	members []protocol.Member
	err     error // the sink's first error
	// fileStart, if set, is called as each file is opened.
	fileStart func(input.Source)

	// the file being read
	file    string
	runs    map[string]*runInfo // by runId: the run its next event belongs to
	starts  map[int]*runInfo    // by first line: every run of the file
	cur     *runInfo            // the current line's run, for its problems
	lineNum int                 // the current line's number; 0 between lines

	// counts
	Lines, Runs, ToolCalls, UsageEvents, Problems int64
}

// runInfo is what the walker keeps of a run while its file is read.
type runInfo struct {
	id        string
	day       string
	firstLine int
	seq       int64
	started   bool
	ended     bool
	model     string
	apiModel  string
	provider  string
	calls     map[string]*ToolCallRow
}

func newWalker(out sink, cumulative bool) *walker {
	w := &walker{out: out, dedupe: usage.NewDeduper(), prices: usage.EmbeddedPrices(), strs: make(map[string]string)}
	w.col = usage.NewCollector(usage.Options{Cumulative: cumulative, Details: true, Run: w.onRun})
	return w
}

// walk reads every source; unreadable ones go to failed and are skipped.
func (w *walker) walk(sources []input.Source, stdin io.Reader, failed func(error)) error {
	var lines *input.Reader
	err := input.Each(sources, stdin, func(_ input.Source, err error) { failed(err) }, func(s *input.Stream) error {
		if lines == nil {
			lines = s.Lines()
		} else {
			lines.Reset(s)
		}
		w.startFile(s.Name)
		if w.fileStart != nil {
			w.fileStart(s.Source)
		}
		cf := w.col.File(s.Name)
		val := protocol.NewFileValidator(s.Name, protocol.Options{}, w.onProblem)
		var l input.Line
		for w.err == nil {
			err := lines.NextInto(&l)
			if err == io.EOF {
				break
			}
			if err != nil {
				failed(input.ReadError(s.Source, err))
				break
			}
			noEOL := len(l.EOL) == 0
			w.Lines++
			w.line(l.Num, l.Text, noEOL)
			cf.Line(l.Num, l.Text, noEOL)
			val.Line(l.Num, l.Text, noEOL)
		}
		w.cur, w.lineNum = nil, 0
		val.End()
		w.endFile() // a run's calls come before the run
		cf.End()
		w.forget()
		return w.err
	})
	if err == nil {
		err = w.err
	}
	return err
}

func (w *walker) startFile(name string) {
	w.file = name
	w.runs = make(map[string]*runInfo)
	w.starts = make(map[int]*runInfo)
}

// endFile hands over the tool calls that never got a result.
func (w *walker) endFile() {
	infos := make([]*runInfo, 0, len(w.starts))
	for _, ri := range w.starts {
		infos = append(infos, ri)
	}
	slices.SortFunc(infos, func(a, b *runInfo) int { return a.firstLine - b.firstLine })
	for _, ri := range infos {
		w.flushCalls(ri)
	}
}

// forget drops what was kept of the file's runs.
func (w *walker) forget() { w.runs, w.starts = nil, nil }

func (w *walker) emit(err error) {
	if w.err == nil {
		w.err = err
	}
}

// onRun receives a complete run from the collector.
func (w *walker) onRun(r *usage.Run) {
	w.Runs++
	day := UnknownDay
	if ri := w.starts[r.Line]; ri != nil && ri.id == r.ID {
		day = ri.day
	}
	row := RunRow{
		RunID: r.ID, File: r.File, Line: int64(r.Line), Day: day,
		SessionID: r.Session, Model: r.Model, APIModel: r.APIModel, Provider: r.Provider, Cwd: r.Cwd,
		Started: r.Started, Status: r.Status.String(),
		Events: r.Events, ToolCalls: r.ToolCalls, Denied: r.Denied, Blocks: r.Blocks,
		ErrorCode: r.ErrorCode, Final: r.Final,
		Duplicate:    !w.dedupe.Keep(r),
		Fingerprint:  strconv.FormatUint(r.Hash, 16),
		UsageEvents:  r.Usage.Events,
		PromptTokens: tokens(r.Usage.Prompt), CompletionTokens: tokens(r.Usage.Completion),
		TotalTokens: tokens(r.Usage.Total), CachedInputTokens: tokens(r.Usage.Cached),
		CacheWriteTokens: tokens(r.Usage.CacheWrite), ReasoningTokens: tokens(r.Usage.Reasoning),
	}
	w.prices.Estimate(r)
	row.CostUSD, row.EstimatedCostUSD, row.UnpricedEvents = picos(r.Usage.Cost), picos(r.Usage.Estimated), r.Usage.Unpriced
	if r.Status != usage.Unfinished || r.ExitCode >= 0 {
		code := r.ExitCode
		row.ExitCode = &code
	}
	w.emit(w.out.run(&row))
}

func (w *walker) onProblem(p protocol.Problem) {
	w.Problems++
	row := ProblemRow{
		File: p.File, Line: int64(p.Line), Type: p.Type, Path: p.Path, Rule: p.Rule,
		Severity: p.Severity.String(), Message: p.Message, Day: UnknownDay,
	}
	ri := w.starts[p.Line] // a run's own problem (it never ended) is at its first line
	if p.Line == w.lineNum && w.cur != nil {
		ri = w.cur
	}
	if ri != nil {
		row.RunID, row.Day = ri.id, ri.day
	}
	w.emit(w.out.problem(&row))
}
