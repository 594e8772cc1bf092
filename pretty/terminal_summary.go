package pretty

import (
	"fmt"
	"strings"
)

// usage draws a usage event as one dim line: a step of the run.
func (t *terminal) usage(ev *event, run *runState) {
	t.start(groupFlow, run)
	fields := []span{{t.pal.dim, fmt.Sprintf("%s step %d", t.sym.usage, run.steps)}}
	for _, w := range ev.tokens.words() {
		fields = append(fields, t.sep(), span{t.pal.dim, w})
	}
	t.para(t.gutter(run), t.prefixed(run, span{nil, indent}), fields...)
}

// runEnd draws the end status and the run's summary.
func (t *terminal) runEnd(run *runState) {
	t.start(groupProse, run)
	style := t.pal.endOK
	if run.status != "success" {
		style = t.pal.endFail
	}
	t.para(t.gutter(run), t.prefixed(run, span{nil, indent}), span{style, fmt.Sprintf("%s run ended %s %s %s exit code %s",
		t.sym.end, t.sym.dot, run.status, t.sym.dot, commas(run.exitCode))})
	t.summary(run)
}

// unfinished draws a run the input left open, then its summary so far.
func (t *terminal) unfinished(run *runState) {
	t.closeProse()
	t.multi = false
	t.notice(run, t.sym.warning+" ", "run "+run.id+" did not finish: no run_end (log truncated or producer killed?)", t.pal.warning)
	t.start(groupProse, run)
	t.summary(run)
}

// summary draws the footer of a run: status, tools, denials, problems,
// tokens.
func (t *terminal) summary(run *runState) {
	t.rule(run, t.pal.header, t.sym.thinRule+t.sym.thinRule+" summary of "+safe(run.id)+" ", t.sym.thinRule)

	status := []span{{t.pal.endOK, run.status}, t.sep(), {nil, "exit code " + commas(run.exitCode)}}
	switch {
	case !run.ended:
		status = []span{{t.pal.warning, "unfinished"}}
	case run.status != "success":
		status[0].style = t.pal.endFail
	}
	t.summaryRow(run, "status", status...)

	tools := []span{{nil, plural(run.toolCalls, "call")}}
	for i, tc := range run.toolCounts() {
		sep := ": "
		if i > 0 {
			sep = ", "
		}
		tools = append(tools, span{nil, sep}, span{t.pal.tool, safe(tc.name)}, span{nil, fmt.Sprintf(" %d", tc.count)})
	}
	t.summaryRow(run, "tools", tools...)

	denied := span{nil, "none"}
	if run.denied > 0 {
		denied = span{t.pal.denied, plural(run.denied, "permission")}
	}
	t.summaryRow(run, "denied", denied)

	errs := span{nil, plural(run.errors, "error")}
	if run.errors > 0 {
		errs.style = t.pal.err
	}
	problems := []span{errs}
	if run.fatal > 0 {
		problems = append(problems, span{t.pal.err, fmt.Sprintf(" (%d fatal)", run.fatal)})
	}
	warns := span{nil, plural(run.warnings, "warning")}
	if run.warnings > 0 {
		warns.style = t.pal.warning
	}
	t.summaryRow(run, "problems", append(problems, t.sep(), warns)...)

	u := run.tokens
	tokens := []span{{nil, commas(u.total) + " total"}, t.sep(), {nil, "in " + commas(u.prompt)},
		t.sep(), {nil, "out " + commas(u.completion)}, t.sep(), {nil, plural(run.steps, "step")}}
	if u.haveCost {
		tokens = append(tokens, t.sep(), span{nil, dollars(u.cost)})
	}
	t.summaryRow(run, "tokens", tokens...)
}

// summaryRow draws one labelled row of the summary.
func (t *terminal) summaryRow(run *runState, label string, value ...span) {
	l := fmt.Sprintf("   %-10s", label)
	t.para(t.prefixed(run, span{t.pal.label, l}), t.prefixed(run, span{nil, strings.Repeat(" ", len(l))}), value...)
}
