package view

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"github.com/zsj-dev/zsj/usage"
)

// sortOrder is how the run list is sorted; s steps through them.
type sortOrder int

const (
	sortNewest sortOrder = iota
	sortOldest
	sortTokens
	sortCost
	sortTools
	sortFailedFirst
	sortOrders
)

var sortNames = [...]string{"newest", "oldest", "tokens", "cost", "tools", "failed first"}

func (s sortOrder) String() string { return sortNames[s] }

// list is the run list: every run found so far, and what is shown.
type list struct {
	all        []*Entry
	shown      []*Entry
	failedOnly bool
	sort       sortOrder
	filter     string
	cursor     int
	top        int
}

// add takes entries found since the last call.
func (l *list) add(entries []*Entry) {
	if len(entries) == 0 {
		return
	}
	l.all = append(l.all, entries...)
	l.refresh()
}

// refresh recomputes the rows shown, keeping the run under the cursor.
func (l *list) refresh() {
	var keep *Entry
	if l.cursor < len(l.shown) {
		keep = l.shown[l.cursor]
	}
	l.shown = l.shown[:0]
	for _, e := range l.all {
		if (!l.failedOnly || e.Failed()) && matches(e, l.filter) {
			l.shown = append(l.shown, e)
		}
	}
	slices.SortStableFunc(l.shown, l.compare)
	l.cursor = 0
	if keep != nil {
		if i := slices.Index(l.shown, keep); i >= 0 {
			l.cursor = i
		}
	}
}

// newer compares by when the run was written: the input's modification
// time, then the run's place in the inputs.
func newer(a, b *Entry) int {
	if c := cmp.Compare(b.mtime, a.mtime); c != 0 {
		return c
	}
	return cmp.Compare(b.order, a.order)
}

func (l *list) compare(a, b *Entry) int {
	var c int
	switch l.sort {
	case sortOldest:
		return -newer(a, b)
	case sortTokens:
		c = cmp.Compare(b.Run.Usage.Total.Float64(), a.Run.Usage.Total.Float64())
	case sortCost:
		c = cmp.Compare(cost(b.Run).Float64(), cost(a.Run).Float64())
	case sortTools:
		c = cmp.Compare(b.Run.ToolCalls, a.Run.ToolCalls)
	case sortFailedFirst:
		c = cmp.Compare(statusRank(a.Run.Status), statusRank(b.Run.Status))
	}
	if c != 0 {
		return c
	}
	return newer(a, b)
}

func statusRank(s usage.Status) int {
	switch s {
	case usage.Failed:
		return 0
	case usage.Unfinished:
		return 1
	}
	return 2
}

// cost is what the run reported, else the estimate from prices.
func cost(r *usage.Run) usage.USD {
	if r.Usage.Cost.IsZero() {
		return r.Usage.Estimated
	}
	return r.Usage.Cost
}

// matches reports whether the filter text occurs in the run's row (id,
// model, status, error, input), ignoring case.
func matches(e *Entry, filter string) bool {
	if filter == "" {
		return true
	}
	f := strings.ToLower(filter)
	r := e.Run
	for _, s := range []string{r.ID, r.Model, r.Status.String(), r.ErrorCode, e.Name} {
		if strings.Contains(strings.ToLower(s), f) {
			return true
		}
	}
	return false
}

// move moves the cursor by n rows, within the list.
func (l *list) move(n int) {
	l.cursor = max(0, min(l.cursor+n, len(l.shown)-1))
}

// selected is the run under the cursor, nil when the list is empty.
func (l *list) selected() *Entry {
	if l.cursor < len(l.shown) {
		return l.shown[l.cursor]
	}
	return nil
}

const listHeader = "STATUS      EXIT  MODEL             TOKENS      COST  TOOLS DENY BLOCK  ERROR             RUN · FILE"

// row formats one run for the list.
func listRow(e *Entry) string {
	r := e.Run
	exit := "-"
	if r.ExitCode >= 0 {
		exit = fmt.Sprint(r.ExitCode)
	}
	price := "-"
	if c := cost(r); !c.IsZero() {
		price = "$" + c.Fixed(4)
	}
	errCode := r.ErrorCode
	if errCode == "" {
		errCode = "-"
	}
	return fmt.Sprintf("%-10s %5s  %-16s %7s %9s  %5d %4d %5d  %-16s  %s · %s",
		r.Status, exit, cut(printable(orDash(r.Model)), 16), r.Usage.Total.String(), price,
		r.ToolCalls, r.Denied, r.Blocks, cut(printable(errCode), 16), printable(r.ID), printable(e.Name))
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

// cut shortens s to n columns.
func cut(s string, n int) string { return ansi.Truncate(s, n, "…") }

// view draws the list in height rows of width columns.
func (l *list) view(st styles, width, height int) []string {
	rows := []string{st.bold(cut(listHeader, width))}
	height--
	if height <= 0 {
		return rows
	}
	if l.cursor < l.top {
		l.top = l.cursor
	}
	if l.cursor >= l.top+height {
		l.top = l.cursor - height + 1
	}
	for i := l.top; i < len(l.shown) && i < l.top+height; i++ {
		e := l.shown[i]
		text := cut(listRow(e), width)
		switch {
		case i == l.cursor:
			text = st.reverse(text + strings.Repeat(" ", max(0, width-ansi.StringWidth(text))))
		case e.Run.Status == usage.Failed:
			text = st.red(text)
		case e.Run.Status == usage.Unfinished:
			text = st.yellow(text)
		}
		rows = append(rows, text)
	}
	return rows
}
