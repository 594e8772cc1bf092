package export

import (
	"crypto/sha256"
	"encoding/json"
	"strconv"
	"time"

	"go.opentelemetry.io/collector/pdata/pcommon"
	"go.opentelemetry.io/collector/pdata/ptrace"

	"github.com/zsj-dev/zsj/protocol"
	"github.com/zsj-dev/zsj/usage"
)

// Spans follow OpenTelemetry's semantic conventions for generative AI
// agents (gen_ai.*): one trace per run, a root invoke_agent span and one
// execute_tool span per tool call. What the conventions have no name for
// (permissions, sandbox blocks, the log's place) is under zero.*.

// Attribute keys of the spans.
const (
	AttrSyntheticTime = "zero.time.synthetic" // true: times are made up from the event order
	AttrTimeSource    = "zero.time.source"    // "timing" (zsj record's file) or "synthetic"
)

// timer gives each line of a file a time.
type timer interface {
	// at is the time of line num of the file, given its run's day and the
	// event's place in its run.
	at(line int, day string, seq int64) time.Time
	synthetic() bool
}

// syntheticTimer makes times up: the run's day at midnight UTC (the
// export's own day when the run carries none), plus one millisecond per
// event of the run. Durations mean nothing; order and nesting are right.
type syntheticTimer struct{ now time.Time }

func (s syntheticTimer) at(_ int, day string, seq int64) time.Time {
	base, err := time.Parse(time.DateOnly, day)
	if err != nil {
		base = s.now.UTC().Truncate(24 * time.Hour)
	}
	return base.Add(time.Duration(max(seq, 0)) * time.Millisecond)
}

func (syntheticTimer) synthetic() bool { return true }

// recordedTimer takes times from the timing file zsj record writes beside
// a fixture: offsets from the start of the recording, which ended when
// the fixture was last written.
type recordedTimer struct {
	start   time.Time
	offsets []time.Duration
}

func (r recordedTimer) at(line int, _ string, _ int64) time.Time {
	switch {
	case len(r.offsets) == 0 || line < 1:
		return r.start
	case line > len(r.offsets):
		return r.start.Add(r.offsets[len(r.offsets)-1])
	}
	return r.start.Add(r.offsets[line-1])
}

func (recordedTimer) synthetic() bool { return false }

// traceID is derived from the run id alone, so exporting a run again
// gives the same trace.
func traceID(runID string) pcommon.TraceID {
	sum := sha256.Sum256([]byte("zsj trace\x00" + runID))
	return pcommon.TraceID(sum[:16])
}

// spanID is derived from the run id, its fingerprint (two different runs
// of one id get different spans) and the span's own name within the run.
func spanID(runID, fingerprint, name string) pcommon.SpanID {
	sum := sha256.Sum256([]byte("zsj span\x00" + runID + "\x00" + fingerprint + "\x00" + name))
	return pcommon.SpanID(sum[:8])
}

// runTrace is what a run's trace is made of, gathered while its file is
// read.
type runTrace struct {
	calls    []ToolCallRow
	errors   []errorEvent
	lastLine int
	lastSeq  int64
	final    string            // the final answer, with --content
	args     map[string]string // by call id, with --content
	outputs  map[string]string
}

type errorEvent struct {
	line        int
	seq         int64
	code, msg   string
	recoverable bool
}

// addRun appends the spans of one run to ss.
func addRun(ss ptrace.SpanSlice, r *RunRow, t *runTrace, clock timer) {
	tid := traceID(r.RunID)
	rootID := spanID(r.RunID, r.Fingerprint, "invoke_agent")
	at := func(line int, seq int64) pcommon.Timestamp {
		return pcommon.NewTimestampFromTime(clock.at(line, r.Day, seq))
	}
	end := func(line int, seq int64) pcommon.Timestamp {
		if clock.synthetic() {
			seq++ // a span lasts until the next event
		}
		return at(line, seq)
	}

	root := ss.AppendEmpty()
	root.SetTraceID(tid)
	root.SetSpanID(rootID)
	root.SetName("invoke_agent")
	root.SetKind(ptrace.SpanKindInternal)
	root.SetStartTimestamp(at(int(r.Line), 0))
	root.SetEndTimestamp(end(t.lastLine, t.lastSeq))
	a := root.Attributes()
	a.PutStr("gen_ai.operation.name", "invoke_agent")
	putStr(a, "gen_ai.provider.name", r.Provider)
	putStr(a, "gen_ai.request.model", r.Model)
	putStr(a, "gen_ai.response.model", r.APIModel)
	putStr(a, "gen_ai.conversation.id", r.SessionID)
	a.PutInt("gen_ai.usage.input_tokens", r.PromptTokens)
	a.PutInt("gen_ai.usage.output_tokens", r.CompletionTokens)
	a.PutInt("gen_ai.usage.cache_read.input_tokens", r.CachedInputTokens)
	a.PutInt("gen_ai.usage.cache_creation.input_tokens", r.CacheWriteTokens)
	a.PutInt("zero.usage.total_tokens", r.TotalTokens)
	a.PutInt("zero.usage.reasoning_tokens", r.ReasoningTokens)
	a.PutDouble("zero.usage.cost_usd", float64(r.CostUSD)/1e12)
	a.PutStr("zero.run.id", r.RunID)
	a.PutStr("zero.run.status", r.Status)
	if r.ExitCode != nil {
		a.PutInt("zero.run.exit_code", *r.ExitCode)
	}
	putStr(a, "zero.cwd", r.Cwd)
	a.PutStr("zero.log.file", r.File)
	a.PutInt("zero.log.line", r.Line)
	a.PutInt("zero.run.events", r.Events)
	a.PutInt("zero.run.denied", r.Denied)
	a.PutInt("zero.run.blocks", r.Blocks)
	putTime(a, clock)
	if t.final != "" {
		a.PutStr("gen_ai.output.messages", outputMessages(t.final))
	}
	for _, e := range t.errors {
		ev := root.Events().AppendEmpty()
		ev.SetName("exception")
		ev.SetTimestamp(at(e.line, e.seq))
		ea := ev.Attributes()
		putStr(ea, "exception.type", e.code)
		putStr(ea, "exception.message", e.msg)
		ea.PutBool("zero.error.recoverable", e.recoverable)
	}
	switch r.Status {
	case usage.Failed.String():
		root.Status().SetCode(ptrace.StatusCodeError)
		root.Status().SetMessage(r.ErrorCode)
		putStr(a, "error.type", orDefault(r.ErrorCode, "run_failed"))
	case usage.Unfinished.String():
		root.Status().SetCode(ptrace.StatusCodeError)
		root.Status().SetMessage("the run never ended")
		a.PutStr("error.type", "unfinished")
	default:
		root.Status().SetCode(ptrace.StatusCodeOk)
	}

	for i := range t.calls {
		c := &t.calls[i]
		s := ss.AppendEmpty()
		s.SetTraceID(tid)
		s.SetSpanID(spanID(r.RunID, r.Fingerprint, "execute_tool\x00"+c.CallID+"\x00"+strconv.Itoa(i)))
		s.SetParentSpanID(rootID)
		s.SetName("execute_tool " + orDefault(c.Name, "unknown"))
		s.SetKind(ptrace.SpanKindInternal)
		s.SetStartTimestamp(at(int(c.Line), c.Seq))
		s.SetEndTimestamp(end(int(c.EndLine), c.EndSeq))
		ca := s.Attributes()
		ca.PutStr("gen_ai.operation.name", "execute_tool")
		putStr(ca, "gen_ai.tool.name", c.Name)
		ca.PutStr("gen_ai.tool.call.id", c.CallID)
		ca.PutStr("gen_ai.tool.type", "function")
		putStr(ca, "zero.tool.side_effect", c.SideEffect)
		putStr(ca, "zero.tool.status", c.Status)
		if c.OutputBytes > 0 {
			ca.PutInt("zero.tool.output_bytes", c.OutputBytes)
		}
		ca.PutBool("zero.tool.truncated", c.Truncated)
		if c.Requested {
			ca.PutBool("zero.permission.requested", true)
			putStr(ca, "zero.permission.name", c.Permission)
			putStr(ca, "zero.permission.mode", c.PermissionMode)
			putStr(ca, "zero.permission.risk_level", c.RiskLevel)
		}
		if c.Decided {
			putStr(ca, "zero.permission.decision", c.DecisionAction)
			putStr(ca, "zero.permission.reason", c.DecisionReason)
		}
		if c.Granted != nil {
			ca.PutBool("zero.permission.granted", *c.Granted)
		}
		ca.PutBool("zero.permission.denied", c.Denied)
		if c.Blocked {
			ca.PutBool("zero.block", true)
			putStr(ca, "zero.block.code", c.BlockCode)
			putStr(ca, "zero.block.action", c.BlockAction)
			if c.BlockRecoverable != nil {
				ca.PutBool("zero.block.recoverable", *c.BlockRecoverable)
			}
		}
		putTime(ca, clock)
		if v, ok := t.args[c.CallID]; ok {
			ca.PutStr("gen_ai.tool.call.arguments", v)
		}
		if v, ok := t.outputs[c.CallID]; ok {
			ca.PutStr("gen_ai.tool.call.result", v)
		}
		switch errType := toolError(c); {
		case errType != "":
			ca.PutStr("error.type", errType)
			s.Status().SetCode(ptrace.StatusCodeError)
			s.Status().SetMessage(errType)
		case c.Status == "ok":
			s.Status().SetCode(ptrace.StatusCodeOk)
		}
	}
}

// toolError is a tool call's error.type: "" when it did not fail.
func toolError(c *ToolCallRow) string {
	switch {
	case c.Denied:
		return "permission_denied"
	case c.Blocked && c.BlockCode != "":
		return "blocked:" + c.BlockCode
	case c.Status == "error":
		return "tool_error"
	case c.Status == "":
		return "no_result"
	}
	return ""
}

func putTime(a pcommon.Map, clock timer) {
	if clock.synthetic() {
		a.PutBool(AttrSyntheticTime, true)
		a.PutStr(AttrTimeSource, "synthetic")
	} else {
		a.PutStr(AttrTimeSource, "timing")
	}
}

// outputMessages words a final answer as the conventions' output messages.
func outputMessages(text string) string {
	b, _ := json.Marshal([]map[string]any{{
		"role":  "assistant",
		"parts": []map[string]string{{"type": "text", "content": text}},
	}})
	return string(b)
}

func putStr(a pcommon.Map, key, value string) {
	if value != "" {
		a.PutStr(key, value)
	}
}

func orDefault(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

// errorOf reads an error event.
func errorOf(o object, line int, seq int64) errorEvent {
	rec, _ := o.boolean(protocol.FieldRecoverable)
	return errorEvent{line: line, seq: seq, code: string(o.str(protocol.FieldCode)), msg: string(o.str(protocol.FieldMessage)), recoverable: rec}
}
