package pretty

import (
	"fmt"
	"html/template"
	"strings"

	"github.com/zsj-dev/zsj/protocol"
)

// What the page's templates are given. Strings from the log stay plain
// strings here: html/template escapes them where they are written.

// runTag identifies a run on each block while runs interleave, as the
// terminal's gutter does.
type runTag struct {
	Tag   string
	Color int // index into the tag colors
}

// tag returns the tag of the current block, nil when only one run is open.
func (h *htmlPage) tag(r *runState) *runTag {
	if !h.multi {
		return nil
	}
	return cardTag(r)
}

// cardTag returns a run's tag for its summary card, always shown.
func cardTag(r *runState) *runTag {
	if r == nil {
		return nil
	}
	return &runTag{Tag: visible(r.tag), Color: r.index % 6}
}

type kv struct{ K, V string }

func (h *htmlPage) runData(r *runState, started bool) map[string]any {
	var rows []kv
	if started {
		model := r.provider + "/" + r.model
		if r.apiModel != "" && r.apiModel != r.model {
			model += " (api " + r.apiModel + ")"
		}
		for _, row := range []kv{{"session", r.session}, {"model", model}, {"cwd", r.cwd}} {
			if row.V != "" {
				rows = append(rows, kv{row.K, visible(row.V)})
			}
		}
	}
	return map[string]any{"Run": h.tag(r), "ID": visible(r.id), "Index": r.index, "Started": started, "Rows": rows}
}

func (h *htmlPage) callData(ev *event, r *runState) map[string]any {
	args, _ := ev.value(protocol.FieldArgs)
	return map[string]any{
		"Run": h.tag(r), "Name": h.str(ev, protocol.FieldName), "ID": h.str(ev, protocol.FieldID),
		"Args": shortArgs(args, 160, "…"), "Effect": h.str(ev, protocol.FieldSideEffect), "Block": h.blockData(ev.block(), nil, ""),
	}
}

func (h *htmlPage) resultData(ev *event, n noted, adjacent bool) map[string]any {
	output, _ := ev.value(protocol.FieldOutput)
	size, lines := ev.outSize, ev.outLines
	limit := h.opts.outputLines()
	byteLimit := htmlLineBytes
	if h.opts.Full {
		byteLimit = -1
	}
	h.lines = h.lines[:0]
	c := newStrCursor(output)
	var buf []byte
	for !c.done() && (limit < 0 || len(h.lines) < limit) {
		var cut bool
		buf, cut = c.line(buf[:0], byteLimit)
		line := visible(string(buf))
		if cut {
			line += "…"
		}
		h.lines = append(h.lines, line)
	}
	name := "(unknown call)"
	if n.call != nil {
		name = visible(n.call.name)
	}
	trunc, _ := ev.flag(protocol.FieldTruncated)
	more := ""
	if rest := lines - len(h.lines); rest > 0 {
		more = plural(rest, "more line")
	}
	ok := h.str(ev, protocol.FieldStatus) == "ok"
	return map[string]any{
		"Run": h.tag(n.run), "Name": name, "ID": h.str(ev, protocol.FieldID), "OK": ok, "Status": h.str(ev, protocol.FieldStatus),
		"Size": byteSize(size), "Lines": plural(lines, "line"), "Empty": size == 0,
		"Truncated": trunc, "Denied": n.headlessDenial, "Adjacent": adjacent,
		"Output": h.lines, "More": more, "Open": !ok || len(h.lines) <= 6,
		"Block": h.blockData(ev.block(), nil, ""),
	}
}

func (h *htmlPage) permissionData(ev *event, r *runState, decision, adjacent bool) map[string]any {
	granted, _ := ev.flag(protocol.FieldPermissionGranted)
	rk := ev.risk()
	reason := h.str(ev, protocol.FieldReason)
	return map[string]any{
		"Run": h.tag(r), "Decision": decision, "Granted": granted, "Adjacent": adjacent,
		"Name": h.str(ev, protocol.FieldName), "Action": h.str(ev, protocol.FieldAction), "Permission": h.str(ev, protocol.FieldPermission),
		"Mode": h.str(ev, protocol.FieldPermissionMode), "Effect": h.str(ev, protocol.FieldSideEffect),
		"DecisionReason": h.str(ev, protocol.FieldDecisionReason), "Reason": reason, "Risk": riskData(rk),
		"Block": h.blockData(ev.block(), rk, reason),
	}
}

// riskView is a risk ready for the page.
type riskView struct {
	Level, Categories string
}

func riskData(r *risk) *riskView {
	if r == nil {
		return nil
	}
	return &riskView{Level: visible(r.Level), Categories: visible(strings.Join(r.Categories, ", "))}
}

// blockView is the sandbox's block ready for the page; a risk or reason
// the event already shows is left out.
type blockView struct {
	Code, Reason, Tool, Action string
	Risk                       *riskView
	Recoverable                string
}

func (h *htmlPage) blockData(b *block, shownRisk *risk, shownReason string) *blockView {
	if b == nil {
		return nil
	}
	v := &blockView{Code: visible(b.Code), Tool: visible(b.ToolName), Action: visible(b.Action)}
	if b.Reason != shownReason {
		v.Reason = visible(b.Reason)
	}
	if b.Risk != nil && (shownRisk == nil || !sameRisk(b.Risk, shownRisk)) {
		v.Risk = riskData(b.Risk)
	}
	if b.Recoverable != nil {
		v.Recoverable = map[bool]string{true: "recoverable", false: "not recoverable"}[*b.Recoverable]
	}
	return v
}

func (h *htmlPage) usageData(ev *event, r *runState) map[string]any {
	return map[string]any{"Run": h.tag(r), "Step": r.steps, "Text": strings.Join(ev.tokens.words(), " · ")}
}

type noticeData struct {
	Run                *runTag
	Class, Label, Text string
}

// runCard is a run's summary in the page header.
type runCard struct {
	Tag            *runTag
	ID             string
	Index          int // links the card to the run's start in the timeline
	Model, Cwd     string
	Session        string
	Status, Exit   string
	OK, Unfinished bool
	Tools          string
	Calls          string
	Denied         int
	Errors         string
	Warnings       int
	Tokens         string
	Chart          template.HTML
}

func (h *htmlPage) card(r *runState) runCard {
	c := runCard{Tag: cardTag(r), ID: visible(r.id), Index: r.index, Session: visible(r.session), Cwd: visible(r.cwd),
		Status: visible(r.status), Exit: commas(r.exitCode), OK: r.status == "success", Unfinished: !r.ended,
		Calls: plural(r.toolCalls, "tool call"), Denied: r.denied, Warnings: r.warnings}
	if r.started {
		c.Model = visible(r.provider + "/" + r.model)
	}
	var tools []string
	for _, tc := range r.toolCounts() {
		tools = append(tools, fmt.Sprintf("%s %d", visible(tc.name), tc.count))
	}
	c.Tools = joinComma(tools)
	c.Errors = plural(r.errors, "error")
	if r.fatal > 0 {
		c.Errors += fmt.Sprintf(" (%d fatal)", r.fatal)
	}
	u := r.tokens
	c.Tokens = fmt.Sprintf("%s total · in %s · out %s · %s", commas(u.total), commas(u.prompt), commas(u.completion), plural(r.steps, "step"))
	if u.haveCost {
		c.Tokens += " · " + dollars(u.cost)
	}
	c.Chart = h.charts[r].svg()
	return c
}

// str returns a string field made visible for the page.
func (h *htmlPage) str(ev *event, key string) string { return visible(ev.str(key)) }

// visible replaces what a browser would act on rather than show: control
// characters other than tab and newline (caret notation, as in the
// terminal) and the bidi controls that reorder text (<U+XXXX>). Markup is
// html/template's to escape.
func visible(s string) string {
	clean := true
	for i := 0; i < len(s) && clean; i++ {
		c := s[i]
		clean = (c >= 0x20 && c < 0x7F) || c == '\n' || c == '\t'
	}
	if clean {
		return s
	}
	var b []byte
	for _, r := range s {
		if r == '\n' || r == '\t' {
			b = append(b, byte(r))
			continue
		}
		b, _ = appendSafeRune(b, r, 0)
	}
	return string(b)
}
