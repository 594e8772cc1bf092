package view

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/x/ansi"
)

// dispRow is one row on screen: row r of block b, or the one-line
// summary of b when it is folded.
type dispRow struct {
	b, r   int
	folded bool
}

// pageView is a run page on screen: the page, what of it is folded, the
// cursor and the search.
type pageView struct {
	pg     *page
	rows   []dispRow
	cursor int
	top    int
	query  string
	note   string // says what a key did not find, until the next key
}

func newPageView(pg *page) *pageView {
	v := &pageView{pg: pg}
	v.layout()
	return v
}

// layout lists the rows on screen from the blocks and their folding.
func (v *pageView) layout() {
	v.rows = v.rows[:0]
	for bi, b := range v.pg.blocks {
		for ri, r := range b.rows {
			if b.folded && r.text != "" {
				v.rows = append(v.rows, dispRow{b: bi, r: ri, folded: true})
				break
			}
			v.rows = append(v.rows, dispRow{b: bi, r: ri})
		}
	}
	v.cursor = max(0, min(v.cursor, len(v.rows)-1))
}

// event returns the event of the row under the cursor, -1 for none.
func (v *pageView) event() int {
	if v.cursor >= len(v.rows) {
		return -1
	}
	d := v.rows[v.cursor]
	return v.pg.blocks[d.b].rows[d.r].ev
}

// placeCursor puts the cursor on row r of block b, unfolding it if the
// row is hidden.
func (v *pageView) placeCursor(b, r int) {
	bl := v.pg.blocks[b]
	if bl.folded && r > firstShown(bl) {
		bl.folded = false
		v.layout()
	}
	for i, d := range v.rows {
		if d.b == b && (d.r == r || d.folded) {
			v.cursor = i
			return
		}
	}
}

// firstShown is the index of the row a folded block shows.
func firstShown(b *block) int {
	for i, r := range b.rows {
		if r.text != "" {
			return i
		}
	}
	return 0
}

// toggle folds or unfolds the block under the cursor.
func (v *pageView) toggle() {
	if v.cursor >= len(v.rows) {
		return
	}
	b := v.rows[v.cursor].b
	bl := v.pg.blocks[b]
	if !bl.foldable {
		return
	}
	bl.folded = !bl.folded
	v.layout()
	v.placeCursor(b, firstShown(bl))
}

// toggleAll folds every foldable block, or unfolds them all when all are
// folded.
func (v *pageView) toggleAll() {
	fold := false
	for _, b := range v.pg.blocks {
		if b.foldable && !b.folded {
			fold = true
		}
	}
	var keep dispRow
	if v.cursor < len(v.rows) {
		keep = v.rows[v.cursor]
	}
	for _, b := range v.pg.blocks {
		if b.foldable {
			b.folded = fold
		}
	}
	v.layout()
	if len(v.rows) > 0 {
		v.placeCursor(keep.b, min(keep.r, len(v.pg.blocks[keep.b].rows)-1))
	}
}

// jump moves to the next (dir 1) or previous (-1) event that want
// accepts, past the cursor's event; what names it in the note when
// there is none.
func (v *pageView) jump(dir int, want func(pageEvent) bool, what string) {
	from := v.event()
	for i := v.cursor + dir; i >= 0 && i < len(v.rows); i += dir {
		d := v.rows[i]
		bl := v.pg.blocks[d.b]
		ev := bl.rows[d.r].ev
		if ev != from && want(v.pg.events[ev]) && bl.rows[d.r].text != "" {
			for i > 0 && v.rowEvent(i-1) == ev && v.rowText(i-1) != "" {
				i-- // the event's first row, coming from below
			}
			v.cursor = i
			v.top = max(0, v.cursor-3)
			return
		}
	}
	v.note = "no " + what + " " + map[int]string{1: "below", -1: "above"}[dir]
}

// search moves to the next (dir 1) or previous (-1) row holding the
// query, folded rows included (their block is unfolded).
func (v *pageView) search(dir int) {
	if v.query == "" {
		return
	}
	q := strings.ToLower(v.query)
	cb, cr := 0, -1
	if v.cursor < len(v.rows) {
		cb, cr = v.rows[v.cursor].b, v.rows[v.cursor].r
	}
	blocks := v.pg.blocks
	b, r := cb, cr
	for steps := 0; steps < v.totalRows()+1; steps++ {
		b, r = v.step(b, r, dir)
		if b < 0 {
			break
		}
		if strings.Contains(strings.ToLower(ansi.Strip(blocks[b].rows[r].text)), q) {
			v.placeCursor(b, r)
			v.top = max(0, v.cursor-3)
			return
		}
	}
	v.note = fmt.Sprintf("%q not found", v.query)
}

// step returns the row after (dir 1) or before (-1) row r of block b, all
// rows counted, folded or not; b is -1 past either end.
func (v *pageView) step(b, r, dir int) (int, int) {
	blocks := v.pg.blocks
	r += dir
	for b >= 0 && b < len(blocks) && (r < 0 || r >= len(blocks[b].rows)) {
		b += dir
		if b < 0 || b >= len(blocks) {
			return -1, 0
		}
		if dir > 0 {
			r = 0
		} else {
			r = len(blocks[b].rows) - 1
		}
	}
	if b >= len(blocks) {
		return -1, 0
	}
	return b, r
}

func (v *pageView) rowEvent(i int) int {
	d := v.rows[i]
	return v.pg.blocks[d.b].rows[d.r].ev
}

func (v *pageView) rowText(i int) string {
	d := v.rows[i]
	return v.pg.blocks[d.b].rows[d.r].text
}

func (v *pageView) totalRows() int {
	n := 0
	for _, b := range v.pg.blocks {
		n += len(b.rows)
	}
	return n
}

func (v *pageView) move(n int) { v.cursor = max(0, min(v.cursor+n, len(v.rows)-1)) }

// view draws height rows of width columns.
func (v *pageView) view(st styles, ascii bool, width, height int) []string {
	if v.cursor < v.top {
		v.top = v.cursor
	}
	if v.cursor >= v.top+height {
		v.top = v.cursor - height + 1
	}
	marker, more := "▸ ", " ⋯ "
	if ascii {
		marker, more = "> ", " ... "
	}
	var out []string
	for i := v.top; i < len(v.rows) && i < v.top+height; i++ {
		d := v.rows[i]
		bl := v.pg.blocks[d.b]
		text := bl.rows[d.r].text
		if v.query != "" && strings.Contains(strings.ToLower(ansi.Strip(text)), strings.ToLower(v.query)) {
			text = st.highlight(ansi.Strip(text), v.query)
		}
		if d.folded {
			hidden := nonBlank(bl.rows) - 1
			text += st.faint(fmt.Sprintf("%s+%d %s (space)", more, hidden, plural(hidden, "line")))
		}
		gutter := "  "
		if i == v.cursor {
			gutter = marker
		}
		out = append(out, gutter+ansi.Truncate(text, width-2, ""))
	}
	// A live run's last words, their line not ended yet.
	if p := v.pg.partial; len(p) > 0 && len(out) < height && v.top+len(out) == len(v.rows) {
		out = append(out, "  "+ansi.Truncate(string(p), width-2, ""))
	}
	return out
}

func plural(n int, word string) string {
	if n == 1 {
		return word
	}
	return word + "s"
}
