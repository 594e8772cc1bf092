package pretty

import (
	"strings"

	"github.com/fatih/color"

	"github.com/zsj-dev/zsj/protocol"
)

// The blocks of the agent's actions: tool calls, their results (paired
// with the call by id), permission requests and decisions, and the
// sandbox's block details, which are what a reader of a failed run looks
// for first.

// indent is how far the details of a call or request are set in.
const indent = "  "

func (t *terminal) toolCall(ev *event, run *runState) {
	t.start(groupFlow, run)
	gutter := t.gutter(run)
	head := span{t.pal.tool, t.sym.call + " " + safe(ev.str(protocol.FieldName))}
	var tail []span
	if effect := ev.str(protocol.FieldSideEffect); effect != "" {
		tail = []span{{t.pal.dim, " " + t.sym.dot + " "}, {t.pal.effect(effect), safe(effect)}}
	}
	args, hasArgs := ev.value(protocol.FieldArgs)
	room := t.opts.Width - spansWidth(gutter) - textWidth(head.text) - spansWidth(tail) - 2
	const minArgs = 16 // columns; fewer than this and the args get their own line
	if hasArgs && room >= minArgs {
		a := span{t.pal.args, "  " + shortArgs(args, room, t.sym.more)}
		t.line(append(append(gutter, head, a), tail...)...)
	} else {
		t.para(gutter, t.prefixed(run, span{nil, indent}), append([]span{head}, tail...)...)
		if room = t.opts.Width - spansWidth(gutter) - len(indent); hasArgs && room > 0 {
			t.line(append(gutter, span{nil, indent}, span{t.pal.args, shortArgs(args, room, t.sym.more)})...)
		}
	}
	if b := ev.block(); b != nil {
		t.block(run, b, nil, "")
	}
	t.lastCall = ev.str(protocol.FieldID)
}

func (t *terminal) toolResult(ev *event, n noted) {
	run, id := n.run, ev.str(protocol.FieldID)
	adjacent := t.last == groupFlow && t.lastRun == run && t.lastCall == id && t.proseRun == nil
	t.start(groupFlow, run)
	ok := ev.str(protocol.FieldStatus) == "ok"
	mark, style := t.sym.ok, t.pal.ok
	if !ok {
		mark, style = t.sym.fail, t.pal.fail
	}
	output, _ := ev.value(protocol.FieldOutput)
	size, lines := ev.outSize, ev.outLines
	first := t.gutter(run)
	var body []span
	if adjacent {
		first = append(first, span{nil, indent})
	} else {
		name := "(unknown call)"
		if n.call != nil {
			name = n.call.name
		}
		body = []span{{t.pal.tool, t.sym.result + " " + name}, {t.pal.id, " " + id}, {nil, "  "}}
	}
	body = append(body, span{style, mark + " " + ev.str(protocol.FieldStatus)}, t.sep(), span{nil, byteSize(size)})
	if size > 0 {
		body = append(body, t.sep(), span{nil, plural(lines, "line")})
	}
	if trunc, _ := ev.flag(protocol.FieldTruncated); trunc {
		body = append(body, t.sep(), span{t.pal.truncated, "truncated by the producer"})
	}
	if n.headlessDenial {
		body = append(body, t.sep(), span{t.pal.denied, "denied (no one to ask)"})
	}
	t.para(first, t.prefixed(run, span{nil, indent + indent}), body...)
	t.output(run, output, lines, ev.head)
	if b := ev.block(); b != nil {
		t.block(run, b, nil, "")
	}
}

// output draws the first lines of a tool output, each cut to the width,
// and how many more there are; with --full, every line, wrapped. head is
// what parse made of the output for the width with no gutter (see
// headSpec), if anything.
func (t *terminal) output(run *runState, v protocol.Value, total int, head outputHead) {
	gutter := t.gutter(run)
	bar := t.outputBar()
	spec := t.headAfter(gutter)
	shown := 0
	if !t.opts.Full {
		if head.spec != spec {
			head = headLines(v, spec, head)
		}
		for _, s := range head.lines {
			t.outputLine(gutter, bar, s)
		}
		shown = len(head.lines)
	} else {
		c := newStrCursor(v)
		var raw, clean []byte
		for !c.done() {
			raw, _ = c.line(raw[:0], -1)
			clean, _ = appendSafe(clean[:0], string(raw), 0)
			shown++
			for s, first := string(clean), true; first || s != ""; first = false {
				piece, rest := cutWidth(s, spec.room)
				t.outputLine(gutter, bar, piece)
				s = rest
			}
		}
	}
	if rest := total - shown; rest > 0 && shown > 0 {
		t.para(t.prefixed(run, span{nil, indent}), t.prefixed(run, span{nil, indent + indent}), span{t.pal.dim, t.sym.more + " " + plural(rest, "more line")})
	}
}

// outputBar starts each line of a tool output, after the gutter.
func (t *terminal) outputBar() span { return span{t.pal.dim, indent + t.sym.outputBar + " "} }

// headAfter is the headSpec of a tool output drawn after gutter.
func (t *terminal) headAfter(gutter []span) headSpec {
	room := max(t.opts.Width-spansWidth(gutter)-textWidth(t.outputBar().text), 1)
	return headSpec{lines: t.opts.outputLines(), room: room, more: t.sym.more}
}

// outputLine draws one line of tool output; an empty one without the
// space after the bar, so no line ends in blanks.
func (t *terminal) outputLine(gutter []span, bar span, text string) {
	if text == "" {
		bar.text = strings.TrimRight(bar.text, " ")
	}
	t.line(append(gutter, bar, span{nil, text})...)
}

func (t *terminal) permissionRequest(ev *event, run *runState) {
	t.start(groupFlow, run)
	fields := []span{{t.pal.ask, t.sym.ask + " permission " + safe(ev.str(protocol.FieldName))}}
	fields = t.field(fields, "action ", ev.str(protocol.FieldAction), nil)
	if p := ev.str(protocol.FieldPermission); p != ev.str(protocol.FieldAction) {
		fields = t.field(fields, "permission ", p, nil)
	}
	fields = t.field(fields, "mode ", ev.str(protocol.FieldPermissionMode), nil)
	if e := ev.str(protocol.FieldSideEffect); e != "" {
		fields = t.field(fields, "", e, t.pal.effect(e))
	}
	t.para(t.gutter(run), t.prefixed(run, span{nil, indent + indent}), fields...)
	t.details(ev, run)
	t.lastCall = ev.str(protocol.FieldID)
}

func (t *terminal) permissionDecision(ev *event, run *runState) {
	id := ev.str(protocol.FieldID)
	adjacent := t.last == groupFlow && t.lastRun == run && t.lastCall == id && t.proseRun == nil
	t.start(groupFlow, run)
	head := t.gutter(run)
	if adjacent {
		head = append(head, span{nil, indent})
	}
	var fields []span
	if granted, _ := ev.flag(protocol.FieldPermissionGranted); granted {
		fields = append(fields, span{t.pal.allowed, t.sym.ok + " allowed " + safe(ev.str(protocol.FieldName))})
	} else {
		fields = append(fields, span{t.pal.denied, t.sym.fail + " denied " + safe(ev.str(protocol.FieldName))})
	}
	fields = t.field(fields, "action ", ev.str(protocol.FieldAction), nil)
	fields = t.field(fields, "", ev.str(protocol.FieldDecisionReason), nil)
	t.para(head, t.prefixed(run, span{nil, indent + indent}), fields...)
	t.details(ev, run)
	t.lastCall = id // a tool_call of the same id may follow; its result pairs with that
}

// details draws the reason, risk and block of a permission event.
func (t *terminal) details(ev *event, run *runState) {
	reason := ev.str(protocol.FieldReason)
	if reason != "" {
		t.para(t.prefixed(run, span{t.pal.label, indent + "reason "}), t.prefixed(run, span{nil, indent + indent}), span{nil, reason})
	}
	r := ev.risk()
	if r != nil {
		t.para(t.prefixed(run, span{t.pal.label, indent + "risk "}), t.prefixed(run, span{nil, indent + indent}), t.riskSpans(r)...)
	}
	if b := ev.block(); b != nil {
		t.block(run, b, r, reason)
	}
}

// block draws the sandbox's block (v1: violation) on a highlighted line.
// A risk or reason the event already showed is not repeated.
func (t *terminal) block(run *runState, b *block, shownRisk *risk, shownReason string) {
	fields := []span{{t.pal.blockLabel, t.sym.block}, {nil, " "}, {t.pal.block, safe(b.Code)}}
	if b.Reason != "" && b.Reason != shownReason {
		fields = append(fields, span{t.pal.block, ": " + b.Reason})
	}
	fields = t.field(fields, "tool ", b.ToolName, nil)
	fields = t.field(fields, "action ", b.Action, t.pal.block)
	if b.Risk != nil && (shownRisk == nil || !sameRisk(b.Risk, shownRisk)) {
		fields = append(fields, t.sep(), span{nil, "risk "})
		fields = append(fields, t.riskSpans(b.Risk)...)
	}
	if b.Recoverable != nil {
		word := "not recoverable"
		if *b.Recoverable {
			word = "recoverable"
		}
		fields = append(fields, t.sep(), span{nil, word})
	}
	t.para(t.prefixed(run, span{nil, indent}), t.prefixed(run, span{nil, indent + indent}), fields...)
}

func (t *terminal) riskSpans(r *risk) []span {
	out := []span{{t.pal.risk(r.Level), safe(r.Level)}}
	if len(r.Categories) > 0 {
		out = append(out, span{nil, " (" + safe(strings.Join(r.Categories, ", ")) + ")"})
	}
	return out
}

func sameRisk(a, b *risk) bool {
	return a.Level == b.Level && strings.Join(a.Categories, "\x00") == strings.Join(b.Categories, "\x00")
}

// sep is the separator between the fields of one line.
func (t *terminal) sep() span { return span{t.pal.dim, " " + t.sym.dot + " "} }

// field appends " · label value" when value is not empty.
func (t *terminal) field(spans []span, label, value string, style *color.Color) []span {
	if value == "" {
		return spans
	}
	return append(spans, t.sep(), span{nil, label}, span{style, value})
}
