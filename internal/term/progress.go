package term

import (
	"fmt"
	"io"
	"strings"
	"time"
)

// Progress is a one-line progress bar for a person waiting at a terminal:
//
//	upgrading  40% [======>         ] (12/30 files)
//
// It redraws the line in place at most every redrawEvery, so counting fast
// work costs nothing. zsj draws its own rather than using a library: the
// bar libraries at hand pull in net/http, which alone added 5 ms to the
// start of every zsj command.
type Progress struct {
	w           io.Writer
	verb, unit  string
	total, done int
	shown       bool      // a bar is on the line now
	width       int       // its length
	drawn       time.Time // when it was last drawn
	now         func() time.Time
}

const (
	redrawEvery = 100 * time.Millisecond
	barWidth    = 30
)

// NewProgress returns a bar that counts to total units, drawn on w.
func NewProgress(w io.Writer, verb, unit string, total int) *Progress {
	return &Progress{w: w, verb: verb, unit: unit, total: max(total, 1), now: time.Now}
}

// Add counts n more units done and redraws the bar if it is due. A nil
// bar (none shown) does nothing, and so does Clear.
func (p *Progress) Add(n int) {
	if p == nil {
		return
	}
	p.done = min(p.done+n, p.total)
	if now := p.now(); !p.shown || now.Sub(p.drawn) >= redrawEvery {
		p.draw(now)
	}
}

func (p *Progress) draw(now time.Time) {
	filled := p.done * barWidth / p.total
	arrow := ""
	if filled < barWidth && filled > 0 {
		filled, arrow = filled-1, ">"
	}
	bar := strings.Repeat("=", filled) + arrow
	line := fmt.Sprintf("%s %3d%% [%-*s] (%d/%d %s)", p.verb, p.done*100/p.total, barWidth, bar, p.done, p.total, p.unit)
	// Spaces, not an erase sequence: a terminal without escape codes
	// (TERM=dumb) still shows a clean line.
	fmt.Fprintf(p.w, "\r%-*s", p.width, line)
	p.shown, p.width, p.drawn = true, len(line), now
}

// Clear takes the bar off its line, so that a message can be printed
// there; the next Add draws it again.
func (p *Progress) Clear() {
	if p != nil && p.shown {
		fmt.Fprintf(p.w, "\r%*s\r", p.width, "")
		p.shown = false
	}
}
