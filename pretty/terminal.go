package pretty

import (
	"bufio"
	"fmt"
	"io"
	"strings"

	"github.com/fatih/color"

	"github.com/zsj-dev/zsj/protocol"
)

// NewTerminal returns a Printer that draws a timeline for a terminal (or
// a pager, or a file) on w. A title, when not "", is drawn first: it names
// the input when several are shown one after another.
func NewTerminal(w io.Writer, title string, opts Options) *Printer {
	t := &terminal{opts: opts, pal: newPalette(opts.Color), sym: unicodeSymbols}
	if opts.ASCII {
		t.sym = asciiSymbols
	}
	t.opts.Width = max(opts.Width, minWidth)
	t.ew = &errWriter{w: w}
	t.out = bufio.NewWriterSize(t.ew, 64<<10)
	t.wr = wrapper{out: t.out, width: t.opts.Width}
	if title != "" {
		t.wr.setStyle(t.pal.header)
		fmt.Fprintf(t.out, "==> %s <==", safe(title))
		t.wr.setStyle(nil)
		t.out.WriteString("\n")
		t.last = groupProse
	}
	return newPrinter(t, opts)
}

// group sorts blocks for spacing: prose (text, headers, the final answer)
// stands apart with blank lines; flow blocks (tool calls, results,
// permissions, usage, notices) follow each other tightly.
type group int

const (
	groupNone group = iota
	groupProse
	groupFlow
)

// terminal is the sink that draws the timeline.
type terminal struct {
	opts Options
	sym  symbols
	pal  *palette
	ew   *errWriter
	out  *bufio.Writer
	wr   wrapper

	last group
	// the text or reasoning block still open (more deltas may follow)
	proseRun  *runState
	proseKind string
	// the run and tool id of the call or request drawn last, so that its
	// result can be drawn under it without repeating its name
	lastRun  *runState
	lastCall string
	multi    bool // lines of this event carry their run's tag
}

func (t *terminal) err() error { return t.ew.err }

// headSpec is what output cuts tool outputs to where runs do not
// interleave: no gutter.
func (t *terminal) headSpec() headSpec {
	if t.opts.Full {
		return headSpec{} // every line, wrapped: nothing to cut ahead
	}
	return t.headAfter(nil)
}

func (t *terminal) event(ev *event, n noted, multi bool) {
	t.multi = multi
	run := n.run
	if ev.typ == protocol.TypeMessage || ev.typ == protocol.TypePrompt {
		t.prompt(ev)
		return
	}
	t.closeProse()
	switch ev.typ {
	case protocol.TypeRunStart:
		t.runHeader(run, true)
	case protocol.TypeToolCall:
		t.toolCall(ev, run)
	case protocol.TypeToolResult:
		t.toolResult(ev, n)
	case protocol.TypePermissionRequest:
		t.permissionRequest(ev, run)
	case protocol.TypePermissionDecision:
		t.permissionDecision(ev, run)
	case protocol.TypeUsage:
		t.usage(ev, run)
	case protocol.TypeWarning:
		t.notice(run, t.sym.warning+" warning: ", ev.str(protocol.FieldMessage), t.pal.warning)
	case protocol.TypeError:
		t.errorEvent(ev, run)
	case protocol.TypeFinal:
		t.final(ev, run)
	case protocol.TypeRunEnd:
		t.runEnd(run)
	}
}

// start begins a block of group g for run: ends the open prose, and
// leaves a blank line when the group calls for one.
func (t *terminal) start(g group, run *runState) {
	t.closeProse()
	runChanged := t.multi && t.lastRun != run
	if t.last != groupNone && (g == groupProse || t.last != g || runChanged) {
		t.out.WriteByte('\n')
	}
	t.last = g
	t.lastRun, t.lastCall = run, ""
}

// gutter is what starts each line of a run's block when runs interleave.
func (t *terminal) gutter(run *runState) []span {
	if !t.multi || run == nil {
		return nil
	}
	c := t.pal.runTags[run.index%len(t.pal.runTags)]
	const maxTag = 10 // columns; a long tag (a whole id) would leave no room
	return []span{{c, truncate(safe(run.tag), maxTag, t.sym.more)}, {t.pal.dim, " " + t.sym.gutter + " "}}
}

// prefixed returns the gutter followed by more spans.
func (t *terminal) prefixed(run *runState, more ...span) []span {
	return append(t.gutter(run), more...)
}

// para draws a wrapped block: first and rest start its lines, body is
// its text.
func (t *terminal) para(first, rest []span, body ...span) {
	t.wr.begin(first, rest)
	for _, s := range body {
		t.wr.text(s.style, s.text)
	}
	t.wr.end()
}

// line draws one line that is never wrapped: the caller has cut it to
// the width.
func (t *terminal) line(spans ...span) {
	for _, s := range spans {
		t.wr.setStyle(s.style)
		t.out.WriteString(s.text)
	}
	t.wr.setStyle(nil)
	t.out.WriteByte('\n')
}

func (t *terminal) orphan(run *runState, multi bool) {
	t.multi = multi
	t.runHeader(run, false)
}

// prose adds text or reasoning to the open block of its run, or opens one.
// Text is written as it comes; only a word cut in two by the delta
// boundary waits for its end.
func (t *terminal) prose(run *runState, kind, text string, multi bool) {
	if t.proseRun != run || t.proseKind != kind {
		t.multi = multi
		t.start(groupProse, run)
		if kind == protocol.TypeReasoning {
			indent := strings.Repeat(" ", textWidth(t.sym.thinking)+1)
			t.wr.begin(t.prefixed(run, span{t.pal.thinking, t.sym.thinking + " thinking: "}),
				t.prefixed(run, span{nil, indent}))
		} else {
			t.wr.begin(t.gutter(run), t.gutter(run))
		}
		t.proseRun, t.proseKind = run, kind
	}
	style := t.pal.thinking
	if kind == protocol.TypeText {
		style = nil
	}
	t.wr.text(style, text)
}

// closeProse ends the open text or reasoning block.
func (t *terminal) closeProse() {
	if t.proseRun != nil {
		t.wr.end()
		t.proseRun = nil
	}
}

func (t *terminal) pause() {
	if t.proseRun != nil {
		t.wr.flushPartial()
	}
	t.out.Flush()
}

func (t *terminal) close(int) {
	t.closeProse()
	t.out.Flush()
}

// prompt draws an input event (a client's message or prompt).
func (t *terminal) prompt(ev *event) {
	t.start(groupProse, nil)
	label := t.sym.prompt + " " + ev.typ + ": "
	if role := ev.str(protocol.FieldRole); role != "" {
		label = t.sym.prompt + " " + role + ": "
	}
	indent := strings.Repeat(" ", textWidth(t.sym.prompt)+1)
	t.para(nil, []span{{nil, indent}}, span{t.pal.header, label}, span{nil, ev.str(protocol.FieldContent)})
}

// runHeader draws the rule that opens a run and its details. Without a
// run_start (a log cut at the front), the rule says so.
func (t *terminal) runHeader(run *runState, started bool) {
	t.start(groupProse, run)
	title := " run " + safe(run.id) + " "
	if !started {
		title = " run " + safe(run.id) + " (no run_start) "
	}
	t.rule(run, t.pal.header, t.sym.rule+t.sym.rule+title, t.sym.rule)
	if !started {
		return
	}
	model := run.provider + "/" + run.model
	if run.apiModel != "" && run.apiModel != run.model {
		model += " (api " + run.apiModel + ")"
	}
	for _, kv := range [][2]string{{"session", run.session}, {"model", model}, {"cwd", run.cwd}} {
		if kv[1] == "" {
			continue
		}
		label := fmt.Sprintf("   %-9s", kv[0])
		t.para(t.prefixed(run, span{t.pal.label, label}), t.prefixed(run, span{nil, strings.Repeat(" ", len(label))}),
			span{nil, kv[1]})
	}
}

// notice draws a one-block message: a warning, an invalid line.
func (t *terminal) notice(run *runState, label, msg string, style *color.Color) {
	t.start(groupFlow, run)
	indent := strings.Repeat(" ", textWidth(t.sym.warning)+1)
	t.para(t.gutter(run), t.prefixed(run, span{nil, indent}), span{style, label}, span{style, msg})
}

func (t *terminal) errorEvent(ev *event, run *runState) {
	label := t.sym.err + " error " + ev.str(protocol.FieldCode)
	if rec, ok := ev.flag(protocol.FieldRecoverable); ok && rec {
		label += " (recoverable)"
	} else if ok {
		label += " (fatal)"
	}
	t.notice(run, label+": ", ev.str(protocol.FieldMessage), t.pal.err)
}

// invalid draws a rejected line as a one-line warning at its place.
func (t *terminal) invalid(line int, run *runState, problems []protocol.Problem) {
	if run != nil && run.ended {
		run = nil
	}
	pr := problems[0]
	msg := pr.Message + " [" + pr.Rule + "]"
	if len(problems) > 1 {
		msg += fmt.Sprintf(" (and %d more)", len(problems)-1)
	}
	t.multi = run != nil && t.multi
	t.notice(run, fmt.Sprintf("%s line %d: invalid event: ", t.sym.warning, line), msg, t.pal.invalid)
}

// final sets the final answer apart in a frame.
func (t *terminal) final(ev *event, run *runState) {
	t.start(groupProse, run)
	t.rule(run, t.pal.final, t.sym.boxTop+" final answer ", t.sym.thinRule)
	bar := span{t.pal.final, t.sym.boxSide + " "}
	t.para(t.prefixed(run, bar), t.prefixed(run, bar), span{nil, ev.str(protocol.FieldText)})
	t.rule(run, t.pal.final, t.sym.boxBottom, t.sym.thinRule)
}

// rule draws a heading across the line: head, then fill to the width. A
// head too long for the line is wrapped instead, with no fill.
func (t *terminal) rule(run *runState, style *color.Color, head, fill string) {
	width := t.opts.Width - spansWidth(t.gutter(run))
	if n := width - textWidth(head); n >= 2 {
		t.line(t.prefixed(run, span{style, head + strings.Repeat(fill, n)})...)
		return
	}
	t.para(t.gutter(run), t.gutter(run), span{style, head})
}
