package pretty

import (
	"bufio"
	"fmt"
	"html/template"
	"io"
	"os"
	"strings"

	"github.com/zsj-dev/zsj/protocol"
)

// The HTML page is one file with no external assets: styles inline,
// charts as inline SVG, tool outputs in <details>. Its header summarizes
// the runs, which is only known at the end, so the timeline is streamed
// to a temporary file while the input is read and copied into the page
// after the header; memory holds no more than for the terminal.

// DefaultHTMLOutputLines is how many lines of each tool output the page
// holds when the command does not say: outputs fold away, so more fit.
const DefaultHTMLOutputLines = 100

// htmlLineBytes caps one line of tool output on the page (without
// --full), so that a minified megabyte does not become one table row.
const htmlLineBytes = 4 << 10

// NewHTML returns a Printer that writes one HTML page to w, titled after
// the input. The page is written when the input ends (End).
func NewHTML(w io.Writer, title string, opts Options) (*Printer, error) {
	tmp, err := os.CreateTemp("", "zsj-pretty-*.html")
	if err != nil {
		return nil, fmt.Errorf("html: %w", err)
	}
	os.Remove(tmp.Name()) // unlinked at once: nothing is left behind, whatever happens
	h := &htmlPage{opts: opts, title: title, tmp: tmp, charts: map[*runState]*series{}}
	h.out = &errWriter{w: w}
	h.tlErr = &errWriter{w: tmp}
	h.tl = bufio.NewWriterSize(h.tlErr, 64<<10)
	return newPrinter(h, opts), nil
}

// htmlPage is the sink that writes the page.
type htmlPage struct {
	opts  Options
	title string
	out   *errWriter // the page
	tmp   *os.File   // the timeline, until the page is written
	tlErr *errWriter
	tl    *bufio.Writer

	runs         []*runState // in order of appearance, for the header
	charts       map[*runState]*series
	events       int
	invalidLines int

	proseRun   *runState // the run whose text or reasoning block is open
	proseKind  string
	proseEmpty bool // nothing but whitespace in the open block yet
	lastRun    *runState
	lastCall   string
	multi      bool     // more than one run is open: blocks carry their run's tag
	lines      []string // scratch for tool output lines
}

// headSpec: the page cuts tool outputs its own way, as it draws them.
func (h *htmlPage) headSpec() headSpec { return headSpec{} }

func (h *htmlPage) err() error {
	if h.out.err != nil {
		return h.out.err
	}
	return h.tlErr.err
}

func (h *htmlPage) pause() {}

func (h *htmlPage) event(ev *event, n noted, multi bool) {
	h.multi = multi
	run := n.run
	h.seen(run)
	h.closeProse()
	call := h.lastCall
	adjacent := run != nil && h.lastRun == run && call != "" && call == h.str(ev, protocol.FieldID)
	h.lastRun, h.lastCall = run, ""
	switch ev.typ {
	case protocol.TypeMessage, protocol.TypePrompt:
		h.exec("prompt", map[string]string{"Label": ev.typ, "Role": h.str(ev, protocol.FieldRole), "Content": h.str(ev, protocol.FieldContent)})
	case protocol.TypeRunStart:
		h.exec("start", h.runData(run, true))
	case protocol.TypeToolCall:
		h.exec("call", h.callData(ev, run))
		h.lastCall = h.str(ev, protocol.FieldID)
	case protocol.TypeToolResult:
		h.exec("result", h.resultData(ev, n, adjacent))
	case protocol.TypePermissionRequest:
		h.exec("permission", h.permissionData(ev, run, false, adjacent))
		h.lastCall = h.str(ev, protocol.FieldID)
	case protocol.TypePermissionDecision:
		h.exec("permission", h.permissionData(ev, run, true, adjacent))
		h.lastCall = h.str(ev, protocol.FieldID)
	case protocol.TypeUsage:
		h.charts[run].add(run.steps, ev.tokens)
		h.exec("usage", h.usageData(ev, run))
	case protocol.TypeWarning:
		h.exec("notice", noticeData{Run: h.tag(run), Class: "warning", Label: "warning", Text: h.str(ev, protocol.FieldMessage)})
	case protocol.TypeError:
		label := "error " + h.str(ev, protocol.FieldCode)
		if rec, ok := ev.flag(protocol.FieldRecoverable); ok {
			label += map[bool]string{true: " (recoverable)", false: " (fatal)"}[rec]
		}
		h.exec("notice", noticeData{Run: h.tag(run), Class: "error", Label: label, Text: h.str(ev, protocol.FieldMessage)})
	case protocol.TypeFinal:
		h.exec("final", map[string]any{"Run": h.tag(run), "Text": h.str(ev, protocol.FieldText)})
	case protocol.TypeRunEnd:
		h.exec("end", map[string]any{"Run": h.tag(run), "ID": visible(run.id), "OK": run.status == "success",
			"Status": visible(run.status), "Exit": commas(run.exitCode)})
	}
}

// seen adds a run to the header the first time one of its events is
// drawn.
func (h *htmlPage) seen(run *runState) {
	if run != nil && h.charts[run] == nil {
		h.runs = append(h.runs, run)
		h.charts[run] = &series{}
	}
}

func (h *htmlPage) orphan(run *runState, multi bool) {
	h.multi = multi
	h.seen(run)
	h.closeProse()
	h.exec("start", h.runData(run, false))
}

// prose streams text or reasoning into the open block of its run.
func (h *htmlPage) prose(run *runState, kind, text string, multi bool) {
	h.seen(run)
	if h.proseRun != run || h.proseKind != kind {
		h.multi = multi
		h.closeProse()
		h.exec("prose-open", map[string]any{"Run": h.tag(run), "Thinking": kind == protocol.TypeReasoning})
		h.proseRun, h.proseKind = run, kind
		h.lastRun, h.lastCall = run, ""
		h.proseEmpty = true
	}
	delta := visible(text)
	if h.proseEmpty {
		// Whitespace before a block's first word joined it to the text
		// before the interruption; on its own line it only indents.
		delta = strings.TrimLeft(delta, " \t\r\n")
		h.proseEmpty = delta == ""
	}
	template.HTMLEscape(h.tl, []byte(delta))
}

func (h *htmlPage) closeProse() {
	if h.proseRun != nil {
		h.tl.WriteString("</div></div>\n")
		h.proseRun = nil
	}
}

func (h *htmlPage) invalid(line int, run *runState, problems []protocol.Problem) {
	h.closeProse()
	h.invalidLines++
	pr := problems[0]
	text := pr.Message + " [" + pr.Rule + "]"
	if len(problems) > 1 {
		text += fmt.Sprintf(" (and %d more)", len(problems)-1)
	}
	h.exec("notice", noticeData{Run: h.tag(run), Class: "invalid", Label: fmt.Sprintf("line %d: invalid event", line), Text: visible(text)})
}

func (h *htmlPage) unfinished(run *runState) {
	h.closeProse()
	h.multi = false
	h.exec("notice", noticeData{Run: h.tag(run), Class: "warning", Label: "run did not finish",
		Text: "no run_end for " + visible(run.id) + " (log truncated or producer killed?)"})
}

// exec writes one block of the timeline.
func (h *htmlPage) exec(name string, data any) {
	if err := pageTemplates().ExecuteTemplate(h.tl, name, data); err != nil && h.tlErr.err == nil {
		h.tlErr.err = err // a template bug: surface it rather than write half a page
	}
}

// close writes the page: head, header with the summaries, the timeline.
func (h *htmlPage) close(events int) {
	h.events = events
	defer h.tmp.Close()
	h.closeProse()
	if h.tl.Flush() != nil {
		return
	}
	bw := bufio.NewWriterSize(h.out, 64<<10)
	if err := pageTemplates().ExecuteTemplate(bw, "head", h.headData()); err != nil {
		h.out.err = err
		return
	}
	if _, err := h.tmp.Seek(0, io.SeekStart); err != nil {
		h.out.err = err
		return
	}
	if _, err := io.Copy(bw, h.tmp); err != nil && h.out.err == nil {
		h.out.err = err
		return
	}
	pageTemplates().ExecuteTemplate(bw, "tail", nil)
	bw.Flush()
}

func (h *htmlPage) headData() map[string]any {
	var cards []runCard
	outcomes := map[string]int{}
	for _, r := range h.runs {
		c := h.card(r)
		if len(h.runs) == 1 {
			c.Tag = nil // a tag tells runs apart; one run needs none
		}
		cards = append(cards, c)
		switch {
		case c.Unfinished:
			outcomes["unfinished"]++
		case c.OK:
			outcomes["success"]++
		default:
			outcomes["failed"]++
		}
	}
	var summary []string
	for _, k := range []string{"success", "failed", "unfinished"} {
		if outcomes[k] > 0 {
			summary = append(summary, fmt.Sprintf("%d %s", outcomes[k], k))
		}
	}
	return map[string]any{
		"Title": visible(h.title), "Runs": cards, "Outcomes": joinComma(summary),
		"Events": commas(float64(h.events)), "Invalid": h.invalidLines,
	}
}

// joinComma joins names for a sentence.
func joinComma(parts []string) string { return strings.Join(parts, ", ") }
