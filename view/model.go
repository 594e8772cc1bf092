package view

import (
	"fmt"
	"os"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"
)

// tickEvery is how often the screen takes what the index found, and a
// live run page looks for new lines (by the size of its file).
const tickEvery = 200 * time.Millisecond

type tickMsg struct{}

// indexedMsg says the index is complete.
type indexedMsg struct{}

func tick() tea.Cmd { return tea.Tick(tickEvery, func(time.Time) tea.Msg { return tickMsg{} }) }

// model is the whole screen: the run list, and over it a run page, its
// raw view, the help or a prompt.
type model struct {
	ix       *Index
	st       styles
	color    bool
	ascii    bool
	width    int
	height   int
	list     list
	page     *pageView
	raw      *rawView
	help     bool
	prompt   *prompt
	progress Progress
	// unreadable counts the inputs that could not be opened before
	// indexing began; the index counts those it could not read.
	unreadable int
}

func newModel(ix *Index, color, ascii bool) *model {
	return &model{ix: ix, st: styles{color: color}, color: color, ascii: ascii, width: 100, height: 30}
}

// Init starts indexing. It runs as one of bubbletea's commands, so that
// a panic there is recovered and the terminal restored, as in Update.
func (m *model) Init() tea.Cmd {
	build := func() tea.Msg {
		m.ix.Build()
		return indexedMsg{}
	}
	return tea.Batch(build, tick())
}

// poll takes what the index found since the last poll.
func (m *model) poll() {
	fresh, p := m.ix.Snapshot(len(m.list.all))
	m.progress = p
	m.list.add(fresh)
}

func (m *model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.width, m.height = msg.Width, msg.Height
		if m.page != nil {
			m.reopen()
		}
	case tickMsg:
		m.poll()
		if m.page != nil && m.page.pg.live && m.grown() {
			m.page.layout()
		}
		return m, tick()
	case indexedMsg:
		m.poll()
	case tea.InterruptMsg:
		return m, tea.Quit
	case tea.KeyPressMsg:
		return m, m.key(msg)
	}
	return m, nil
}

// grown reads what a live run's file gained since the page last looked.
func (m *model) grown() bool {
	pg := m.page.pg
	info, err := os.Stat(pg.entry.Path)
	if err != nil || info.Size() <= pg.pos.off {
		return false
	}
	return pg.grow()
}

// crashKey, when set at link time (-ldflags -X), is a key that panics:
// the end-to-end test builds zsj with it to see the terminal restored
// after a panic. Ordinary builds leave it empty.
var crashKey string

// key handles a key press; it returns tea.Quit to leave.
func (m *model) key(msg tea.KeyPressMsg) tea.Cmd {
	k := msg.String()
	if crashKey != "" && k == crashKey {
		panic("the crash key of a test build was pressed")
	}
	switch {
	case k == "ctrl+c":
		return tea.Quit
	case m.prompt != nil:
		m.promptKey(msg)
		return nil
	case m.help:
		m.help = false
		return nil
	case k == "?":
		m.help = true
		return nil
	case m.raw != nil:
		m.rawKey(k)
		return nil
	case m.page != nil:
		m.pageKey(k)
		return nil
	}
	return m.listKey(k)
}

func (m *model) listKey(k string) tea.Cmd {
	l := &m.list
	switch k {
	case "q":
		return tea.Quit
	case "up", "k":
		l.move(-1)
	case "down", "j":
		l.move(1)
	case "pgup":
		l.move(-m.bodyHeight())
	case "pgdown":
		l.move(m.bodyHeight())
	case "g", "home":
		l.move(-len(l.shown))
	case "G", "end":
		l.move(len(l.shown))
	case "f":
		l.failedOnly = !l.failedOnly
		l.refresh()
	case "s":
		l.sort = (l.sort + 1) % sortOrders
		l.refresh()
	case "/":
		m.prompt = &prompt{label: "filter: ", text: l.filter, live: true, done: m.setFilter}
	case "esc":
		m.setFilter(true, "")
	case "enter":
		if e := l.selected(); e != nil {
			m.open(e)
		}
	}
	return nil
}

func (m *model) setFilter(_ bool, text string) {
	m.list.filter = text
	m.list.refresh()
}

// open shows the page of e.
func (m *model) open(e *Entry) {
	m.page = newPageView(openPage(e, m.look()))
}

// reopen draws the open page again at the new width, keeping the
// cursor on its event and the search.
func (m *model) reopen() {
	old := m.page
	ev := old.event()
	m.page = newPageView(openPage(old.pg.entry, m.look()))
	m.page.query = old.query
	for i := range m.page.rows {
		if m.page.rowEvent(i) == ev {
			m.page.cursor = i
			break
		}
	}
	if m.raw != nil && ev >= 0 {
		m.raw = newRawView(m.page.pg, ev, m.width)
	}
}

func (m *model) pageWidth() int { return max(m.width-2, 24) }

func (m *model) look() look { return look{width: m.pageWidth(), color: m.color, ascii: m.ascii} }

// bodyHeight is the rows between the title and the status line.
func (m *model) bodyHeight() int { return max(m.height-2, 1) }

func (m *model) pageKey(k string) {
	v := m.page
	v.note = ""
	switch k {
	case "q", "esc":
		m.page = nil
	case "up", "k":
		v.move(-1)
	case "down", "j":
		v.move(1)
	case "pgup":
		v.move(-m.bodyHeight())
	case "pgdown":
		v.move(m.bodyHeight())
	case "g", "home":
		v.move(-len(v.rows))
	case "G", "end":
		v.move(len(v.rows))
	case "space", " ":
		v.toggle()
	case "z":
		v.toggleAll()
	case "e":
		v.jump(1, func(e pageEvent) bool { return e.failure }, "error")
	case "E":
		v.jump(-1, func(e pageEvent) bool { return e.failure }, "error")
	case "b":
		v.jump(1, func(e pageEvent) bool { return e.blocked }, "block or denial")
	case "/":
		m.prompt = &prompt{label: "search: ", done: func(ok bool, text string) {
			if ok {
				v.query = text
				v.search(1)
			}
		}}
	case "n":
		v.search(1)
	case "N":
		v.search(-1)
	case "r":
		if ev := v.event(); ev >= 0 {
			m.raw = newRawView(v.pg, ev, m.width)
		}
	}
}

func (m *model) rawKey(k string) {
	h := m.bodyHeight()
	switch k {
	case "q", "esc", "r":
		m.raw = nil
	case "up", "k":
		m.raw.move(-1, h)
	case "down", "j":
		m.raw.move(1, h)
	case "pgup":
		m.raw.move(-h, h)
	case "pgdown", "space", " ":
		m.raw.move(h, h)
	}
}

func (m *model) View() tea.View {
	var title string
	var body []string
	h := m.bodyHeight()
	onList := false
	switch {
	case m.help:
		title, body = "zsj view: keys", m.chrome(m.helpRows())
	case m.raw != nil:
		title, body = "raw event · "+printable(m.raw.title), m.raw.view(h)
	case m.page != nil:
		title, body = m.pageTitle(), m.page.view(m.st, m.ascii, m.pageWidth(), h)
	default:
		rows := m.chrome(m.list.view(m.st, m.width, h+1))
		title, body, onList = rows[0], rows[1:], true
	}
	lines := make([]string, 0, m.height)
	if onList {
		lines = append(lines, title) // the list's header, styled already
	} else {
		lines = append(lines, m.st.bold(cut(m.chrome1(title), m.width)))
	}
	lines = append(lines, body...)
	for len(lines) < m.height-1 {
		lines = append(lines, "")
	}
	lines = append(lines, cut(m.chrome1(m.statusLine()), m.width))
	v := tea.NewView(strings.Join(lines, "\n"))
	v.AltScreen = true
	return v
}

// asciiChrome swaps the screen's own symbols for ASCII with --ascii (a
// page's body is pretty's, drawn in ASCII already).
var asciiChrome = strings.NewReplacer("·", "-", "…", "...", "█", "_", "↑", "up", "↓", "down")

// chrome1 returns the screen's own text s as --ascii wants it.
func (m *model) chrome1(s string) string {
	if !m.ascii {
		return s
	}
	return asciiChrome.Replace(s)
}

func (m *model) chrome(rows []string) []string {
	for i, r := range rows {
		rows[i] = m.chrome1(r)
	}
	return rows
}

func (m *model) pageTitle() string {
	e := m.page.pg.entry
	r := e.Run
	return fmt.Sprintf("run %s · %s · %s:%d", printable(r.ID), r.Status, printable(e.Name), e.Line)
}

func (m *model) helpRows() []string {
	var rows []string
	for _, s := range keyHelp {
		rows = append(rows, m.st.bold(s.screen))
		for _, k := range s.keys {
			rows = append(rows, fmt.Sprintf("  %-10s %s", k[0], k[1]))
		}
		rows = append(rows, "")
	}
	return rows
}
