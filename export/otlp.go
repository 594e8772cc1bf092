package export

import (
	"errors"
	"fmt"
	"io"
	"os"
	"time"

	"go.opentelemetry.io/collector/pdata/ptrace"

	"github.com/zsj-dev/zsj/internal/atomicfile"
	"github.com/zsj-dev/zsj/internal/exitcode"
	"github.com/zsj-dev/zsj/internal/input"
	"github.com/zsj-dev/zsj/internal/term"
	"github.com/zsj-dev/zsj/protocol"
	"github.com/zsj-dev/zsj/redact"
	"github.com/zsj-dev/zsj/replay"
)

// OTLPOptions say what zsj export --to otlp and --to otlp-json read and
// where the traces go.
type OTLPOptions struct {
	// IO holds the streams: standard input for the source "-", read
	// errors and the summary on ErrOut, and Out for File "-".
	IO         *term.IO
	Sources    []input.Source
	Unreadable []error
	// File, when not "", is where --to otlp-json writes: one
	// ExportTraceServiceRequest in OTLP JSON per line, as the
	// collector's file exporter writes them ("-": standard output).
	// Otherwise the traces are sent to Endpoint.
	File     string
	Endpoint Endpoint
	// Content adds messages and tool content (tool arguments and
	// results, the final answer) to the spans; they are redacted with
	// the default rules of zsj redact unless NoRedact. Error messages
	// are always there, redacted the same way.
	Content    bool
	NoRedact   bool
	Cumulative bool
	// BatchSpans is about how many spans are sent or written at once
	// (whole runs; 0: DefaultBatchSpans).
	BatchSpans int
	// Now is the base of synthetic times for runs without a date (nil:
	// time.Now).
	Now func() time.Time
}

// DefaultBatchSpans is the default size of a batch.
const DefaultBatchSpans = 1000

// ToOTLP turns each run of the logs into a trace and sends the traces to
// the endpoint, or writes them to a file. Runs found again (same runId,
// same events) are sent once. The error carries the exit status (see
// package exitcode): a silent Failure when an input could not be read
// (the others are exported).
func ToOTLP(opts OTLPOptions) error {
	if opts.BatchSpans <= 0 {
		opts.BatchSpans = DefaultBatchSpans
	}
	if opts.Now == nil {
		opts.Now = time.Now
	}
	if opts.File != "" {
		if opts.File == "-" {
			return exportTraces(opts, opts.IO.Out)
		}
		return atomicfile.Write(opts.File, atomicfile.Options{}, func(w io.Writer) error {
			return exportTraces(opts, w)
		})
	}
	return exportTraces(opts, nil)
}

func exportTraces(opts OTLPOptions, file io.Writer) error {
	s := &traceSink{opts: opts, runs: make(map[string]*runTrace)}
	if file != nil {
		s.send = func(td ptrace.Traces) error { return writeJSONLine(file, td) }
	} else {
		c := newSender(opts.Endpoint, func(n int64, reason string) {
			s.rejected += n
			fmt.Fprintf(opts.IO.ErrOut, "zsj: warning: %s rejected %d spans of a batch: %s\n", opts.Endpoint.URL, n, printable([]byte(reason)))
		})
		s.send = c.send
	}
	s.startBatch()
	failed := false
	onFail := func(err error) {
		term.PrintError(opts.IO.ErrOut, err)
		failed = true
	}
	for _, err := range opts.Unreadable {
		onFail(err)
	}
	w := newWalker(s, opts.Cumulative)
	w.fileStart = s.fileStart
	if err := w.walk(opts.Sources, opts.IO.In, onFail); err != nil {
		return err
	}
	if err := s.flush(); err != nil {
		return err
	}
	where := opts.File
	if where == "" {
		where = opts.Endpoint.URL
	}
	fmt.Fprintf(opts.IO.ErrOut, "zsj: exported %d traces, %d spans in %d batches to %s\n", s.traces, s.spans, s.batches, where)
	if s.rejected > 0 {
		fmt.Fprintf(opts.IO.ErrOut, "zsj: warning: the endpoint rejected %d of the spans\n", s.rejected)
	}
	if failed {
		return exitcode.Silent(exitcode.Failure)
	}
	return nil
}

var jsonMarshaler ptrace.JSONMarshaler

func writeJSONLine(w io.Writer, td ptrace.Traces) error {
	b, err := jsonMarshaler.MarshalTraces(td)
	if err != nil {
		return err
	}
	_, err = w.Write(append(b, '\n'))
	return err
}

// traceSink gathers each run's tool calls and errors until the run is
// complete, then adds its trace to the batch.
type traceSink struct {
	opts  OTLPOptions
	send  func(ptrace.Traces) error
	clock timer
	runs  map[string]*runTrace // by file and runId, while the file is read

	redactor func([]byte) []byte
	text     *redact.Redactor // for values taken out of their lines (a decision's reason)

	batch   ptrace.Traces
	spansOf ptrace.SpanSlice
	inBatch int

	traces, spans, batches int
	rejected               int64 // spans the endpoint took in part only
}

// fileStart picks the clock of a file: its recorded timing when zsj
// record left one beside it.
func (s *traceSink) fileStart(src input.Source) {
	s.clock = syntheticTimer{now: s.opts.Now()}
	if src.IsStdin() {
		return
	}
	path := replay.TimingPath(src.Path)
	st, err := os.Stat(path)
	if err != nil {
		return
	}
	offsets, err := replay.ReadTiming(path)
	if err != nil || len(offsets) == 0 {
		fmt.Fprintf(s.opts.IO.ErrOut, "zsj: warning: %s: times are synthetic: %v\n", src.Name, errOr(err, "empty timing file"))
		return
	}
	// The fixture's timing is written when the recording ends, at the
	// last offset.
	s.clock = recordedTimer{start: st.ModTime().Add(-offsets[len(offsets)-1]), offsets: offsets}
}

func errOr(err error, msg string) error {
	if err != nil {
		return err
	}
	return errors.New(msg)
}

func (s *traceSink) trace(file, runID string) *runTrace {
	k := file + "\x00" + runID
	t := s.runs[k]
	if t == nil {
		t = &runTrace{}
		s.runs[k] = t
	}
	return t
}

func (s *traceSink) event(e *EventRow) error {
	if e.RunID == "" {
		return nil
	}
	t := s.trace(e.File, e.RunID)
	t.lastLine, t.lastSeq = int(e.Line), e.Seq
	switch e.Type {
	case protocol.TypeError:
		o, ok := s.parse(e.Raw)
		if ok {
			t.errors = append(t.errors, errorOf(o, int(e.Line), e.Seq))
		}
	case protocol.TypeToolCall, protocol.TypeToolResult, protocol.TypeFinal:
		if !s.opts.Content {
			return nil
		}
		o, ok := s.parse(e.Raw)
		if !ok {
			return nil
		}
		switch e.Type {
		case protocol.TypeToolCall:
			if v := o.get(protocol.FieldArgs); v != nil && e.ID != "" {
				if t.args == nil {
					t.args = make(map[string]string)
				}
				t.args[e.ID] = string(v.Raw)
			}
		case protocol.TypeToolResult:
			if out := o.str(protocol.FieldOutput); out != nil && e.ID != "" {
				if t.outputs == nil {
					t.outputs = make(map[string]string)
				}
				t.outputs[e.ID] = string(out)
			}
		case protocol.TypeFinal:
			t.final = string(o.str(protocol.FieldText))
		}
	}
	return nil
}

// parse reads an event's line, redacted unless NoRedact.
func (s *traceSink) parse(raw []byte) (object, bool) {
	if !s.opts.NoRedact {
		if !s.loadRules() {
			return nil, false
		}
		raw = s.redactor(raw)
	}
	members, err := protocol.ParseObject(raw, nil)
	if err != nil {
		return nil, false
	}
	return members, true
}

// loadRules makes the redactors, once.
func (s *traceSink) loadRules() bool {
	if s.redactor != nil {
		return true
	}
	rules, err := redact.Compile(redact.Config{})
	if err != nil {
		return false
	}
	s.redactor, s.text = rules.NewRedactor().Rewriter(), rules.NewRedactor()
	return true
}

func (s *traceSink) toolCall(c *ToolCallRow) error {
	if !s.opts.NoRedact && c.DecisionReason != "" {
		// The reason goes into every trace, --content or not; it is
		// free text from the log, which may quote a secret.
		if !s.loadRules() {
			c.DecisionReason = ""
		} else {
			out, _ := s.text.RedactText([]byte(c.DecisionReason))
			c.DecisionReason = string(out)
		}
	}
	t := s.trace(c.File, c.RunID)
	t.calls = append(t.calls, *c)
	return nil
}

func (s *traceSink) usage(*UsageRow) error     { return nil }
func (s *traceSink) problem(*ProblemRow) error { return nil }

func (s *traceSink) run(r *RunRow) error {
	k := r.File + "\x00" + r.RunID
	t := s.runs[k]
	delete(s.runs, k)
	if r.Duplicate {
		return nil // sent already: the same trace
	}
	if t == nil {
		t = &runTrace{lastLine: int(r.Line)}
	}
	before := s.spansOf.Len()
	addRun(s.spansOf, r, t, s.clock)
	s.traces++
	n := s.spansOf.Len() - before
	s.spans += n
	s.inBatch += n
	if s.inBatch >= s.opts.BatchSpans {
		return s.flush()
	}
	return nil
}

func (s *traceSink) startBatch() {
	s.batch = ptrace.NewTraces()
	rs := s.batch.ResourceSpans().AppendEmpty()
	ra := rs.Resource().Attributes()
	ra.PutStr("service.name", "zero")
	ra.PutStr("gen_ai.agent.name", "zero")
	ss := rs.ScopeSpans().AppendEmpty()
	ss.Scope().SetName("github.com/zsj-dev/zsj/export")
	s.spansOf = ss.Spans()
	s.inBatch = 0
}

func (s *traceSink) flush() error {
	if s.inBatch == 0 {
		return nil
	}
	s.batches++
	err := s.send(s.batch)
	s.startBatch()
	return err
}
