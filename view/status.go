package view

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"github.com/zsj-dev/zsj/internal/english"
)

// statusLine is the last line: a prompt being typed, or where things
// stand.
func (m *model) statusLine() string {
	if m.prompt != nil {
		return m.prompt.label + m.prompt.text + "█"
	}
	var parts []string
	switch {
	case m.help || m.raw != nil:
		parts = append(parts, "q back")
	case m.page != nil:
		parts = m.pageStatus()
	default:
		parts = m.listStatus()
	}
	return strings.Join(parts, " · ")
}

func (m *model) listStatus() []string {
	p := m.progress
	var parts []string
	if !p.Done {
		parts = append(parts, fmt.Sprintf("indexing %d/%d %s · %s read", p.FilesDone, p.Files, english.Plural(p.Files, "file"), bytesText(p.Bytes)))
	}
	failed := 0
	for _, e := range m.list.all {
		if e.Failed() {
			failed++
		}
	}
	parts = append(parts, fmt.Sprintf("%d %s (%d failed)", len(m.list.all), english.Plural(len(m.list.all), "run"), failed))
	if m.list.failedOnly || m.list.filter != "" {
		parts = append(parts, fmt.Sprintf("%d shown", len(m.list.shown)))
	}
	if m.list.failedOnly {
		parts = append(parts, "failed only")
	}
	if m.list.filter != "" {
		parts = append(parts, "filter: "+m.list.filter)
	}
	parts = append(parts, "sort: "+m.list.sort.String())
	if n := len(p.Errors) + m.unreadable; n > 0 {
		parts = append(parts, fmt.Sprintf("%d unreadable %s", n, english.Plural(n, "input")))
	}
	return append(parts, "? help")
}

func (m *model) pageStatus() []string {
	v := m.page
	var parts []string
	if v.note != "" {
		parts = append(parts, v.note)
	}
	if ev := v.event(); ev >= 0 {
		parts = append(parts, fmt.Sprintf("line %d", v.pg.events[ev].line))
	}
	parts = append(parts, fmt.Sprintf("row %d/%d", v.cursor+1, len(v.rows)))
	if v.pg.live {
		parts = append(parts, "live")
	}
	if v.query != "" {
		parts = append(parts, "search: "+v.query)
	}
	if v.pg.readErr != nil {
		parts = append(parts, "read error: "+ansi.Strip(v.pg.readErr.Error()))
	}
	return append(parts, "? help")
}

// bytesText writes a byte count for people: 12 KB, 3.4 MB, 1.2 GB.
func bytesText(n int64) string {
	switch {
	case n >= 1e9:
		return fmt.Sprintf("%.1f GB", float64(n)/1e9)
	case n >= 1e6:
		return fmt.Sprintf("%.1f MB", float64(n)/1e6)
	case n >= 1e3:
		return fmt.Sprintf("%d KB", n/1000)
	}
	return fmt.Sprintf("%d B", n)
}
