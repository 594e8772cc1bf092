package pretty

import (
	"fmt"
	"html/template"
	"strings"
)

// maxBars bounds a run's token chart: past it, neighbouring bars merge,
// so a run of a million steps keeps a chart of a few hundred bars.
const maxBars = 256

// bar is one bar of the token chart: the usage of one step, or of a span
// of steps once bars have merged.
type bar struct {
	first, last      int // steps, 1-based
	prompt, complete float64
	cached           float64
}

// series collects the bars of one run as usage events arrive.
type series struct {
	bars []bar
	per  int // steps per bar: 1, then 2, 4, ... as bars merge
}

func (s *series) add(step int, u usage) {
	if s.per == 0 {
		s.per = 1
	}
	if n := len(s.bars); n > 0 && s.bars[n-1].last-s.bars[n-1].first+1 < s.per {
		b := &s.bars[n-1]
		b.last = step
		b.prompt += u.prompt
		b.complete += u.completion
		b.cached += u.cached
		return
	}
	if len(s.bars) == maxBars {
		s.merge()
		s.add(step, u)
		return
	}
	s.bars = append(s.bars, bar{first: step, last: step, prompt: u.prompt, complete: u.completion, cached: u.cached})
}

// merge halves the number of bars by joining neighbours.
func (s *series) merge() {
	out := s.bars[:0]
	for i := 0; i < len(s.bars); i += 2 {
		b := s.bars[i]
		if i+1 < len(s.bars) {
			n := s.bars[i+1]
			b.last, b.prompt, b.complete, b.cached = n.last, b.prompt+n.prompt, b.complete+n.complete, b.cached+n.cached
		}
		out = append(out, b)
	}
	s.bars = out
	s.per *= 2
}

// Chart geometry, in SVG user units (pixels at 100% zoom).
const (
	chartHeight = 150
	chartTop    = 14 // room for the scale's label
	chartBottom = 18 // room for step numbers
	chartLeft   = 4
	barWidth    = 18
	barGap      = 6
	chartMinW   = 240
)

// svg draws the series as stacked bars: cached input, other input,
// output. Each bar has a tooltip with its numbers.
func (s *series) svg() template.HTML {
	if len(s.bars) == 0 {
		return ""
	}
	top := 0.0
	for _, b := range s.bars {
		top = max(top, b.prompt+b.complete)
	}
	if top == 0 {
		top = 1
	}
	width := max(chartLeft*2+len(s.bars)*(barWidth+barGap), chartMinW)
	plot := float64(chartHeight - chartTop - chartBottom)
	var sb strings.Builder
	fmt.Fprintf(&sb, `<svg class="chart" role="img" width="%d" height="%d" viewBox="0 0 %d %d" xmlns="http://www.w3.org/2000/svg">`,
		width, chartHeight, width, chartHeight)
	fmt.Fprintf(&sb, `<title>tokens per step</title>`)
	fmt.Fprintf(&sb, `<line class="axis" x1="0" y1="%d" x2="%d" y2="%d"/>`, chartHeight-chartBottom, width, chartHeight-chartBottom)
	fmt.Fprintf(&sb, `<text class="scale" x="%d" y="10">%s tokens</text>`, chartLeft, commas(top))
	labelEvery := max(1, len(s.bars)/12)
	for i, b := range s.bars {
		x := chartLeft + i*(barWidth+barGap)
		y := float64(chartHeight - chartBottom)
		steps := fmt.Sprintf("step %d", b.first)
		if b.last != b.first {
			steps = fmt.Sprintf("steps %d–%d", b.first, b.last)
		}
		fmt.Fprintf(&sb, `<g><title>%s: %s tokens (in %s, %s cached; out %s)</title>`,
			steps, commas(b.prompt+b.complete), commas(b.prompt), commas(b.cached), commas(b.complete))
		for _, part := range []struct {
			class string
			v     float64
		}{{"cached", min(b.cached, b.prompt)}, {"in", b.prompt - min(b.cached, b.prompt)}, {"out", b.complete}} {
			h := part.v / top * plot
			y -= h
			fmt.Fprintf(&sb, `<rect class="%s" x="%d" y="%.1f" width="%d" height="%.1f"/>`, part.class, x, y, barWidth, h)
		}
		if i%labelEvery == 0 {
			fmt.Fprintf(&sb, `<text class="step" x="%d" y="%d">%d</text>`, x+barWidth/2, chartHeight-4, b.first)
		}
		sb.WriteString(`</g>`)
	}
	sb.WriteString(`</svg>`)
	return template.HTML(sb.String()) // built here from numbers only: nothing from the log
}
