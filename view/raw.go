package view

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/charmbracelet/x/ansi"
)

// rawView shows one event's line as JSON, indented, with where it is.
type rawView struct {
	title string
	lines []string
	top   int
}

// newRawView reads the line of event ev of the page.
func newRawView(pg *page, ev int, width int) *rawView {
	e := pg.events[ev]
	v := &rawView{title: fmt.Sprintf("%s:%d", pg.entry.Name, e.line)}
	text, err := readLine(pg.entry, e.off)
	if err != nil {
		v.lines = []string{"zsj: error: " + err.Error()}
		return v
	}
	var out bytes.Buffer
	if json.Indent(&out, text, "", "  ") != nil {
		out.Reset()
		out.Write(text) // not JSON: shown as it is
	}
	wrapped := ansi.Hardwrap(ansi.Strip(out.String()), max(width, 10), true)
	v.lines = strings.Split(wrapped, "\n")
	for i, l := range v.lines {
		v.lines[i] = printable(l) // a line that is not JSON may hold anything
	}
	return v
}

func (v *rawView) move(n, height int) {
	v.top = max(0, min(v.top+n, len(v.lines)-height))
}

func (v *rawView) view(height int) []string {
	end := min(len(v.lines), v.top+height)
	return v.lines[v.top:end]
}
