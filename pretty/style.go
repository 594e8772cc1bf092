package pretty

import "github.com/fatih/color"

// symbols are the marks drawn before each kind of block. --ascii swaps
// the Unicode set for one that any terminal and any font can show.
type symbols struct {
	rule, thinRule      string // repeated to draw a horizontal line
	thinking            string
	call, result        string // a tool call; a result shown apart from it
	ok, fail            string
	outputBar           string // before each line of tool output
	more                string // ellipsis of a cut line or of hidden lines
	ask, block          string
	warning, err        string
	usage               string
	boxTop, boxSide     string // the frame around the final answer
	boxBottom           string
	end, gutter, prompt string
	dot                 string // between fields on one line
}

var unicodeSymbols = symbols{
	rule: "━", thinRule: "─", thinking: "∴",
	call: "▶", result: "◀", ok: "✓", fail: "✗",
	outputBar: "│", more: "…",
	ask: "?", block: "⊘ blocked", warning: "⚠", err: "✖", usage: "Σ",
	boxTop: "╭─", boxSide: "│", boxBottom: "╰─",
	end: "■", gutter: "│", prompt: "›", dot: "·",
}

var asciiSymbols = symbols{
	rule: "=", thinRule: "-", thinking: "~",
	call: ">", result: "<", ok: "+", fail: "x",
	outputBar: "|", more: "...",
	ask: "?", block: "[blocked]", warning: "!", err: "x", usage: "#",
	boxTop: "+-", boxSide: "|", boxBottom: "+-",
	end: "*", gutter: "|", prompt: ">", dot: "-",
}

// palette holds one color object per role. Each object has color turned
// on or off explicitly, so output does not depend on fatih/color's global
// switch (which the command sets from --color for everything else).
type palette struct {
	header, label, dim, thinking *color.Color
	tool, args, id               *color.Color
	ok, fail, truncated          *color.Color
	ask, allowed, denied         *color.Color
	blockLabel, block            *color.Color
	riskLow, riskMid, riskHigh   *color.Color
	warning, err, invalid        *color.Color
	final, endOK, endFail        *color.Color
	effectRead, effectWrite      *color.Color
	effectShell, effectNet       *color.Color
	runTags                      []*color.Color
}

func newPalette(on bool) *palette {
	mk := func(attrs ...color.Attribute) *color.Color {
		c := color.New(attrs...)
		if on {
			c.EnableColor()
		} else {
			c.DisableColor()
		}
		return c
	}
	return &palette{
		header:      mk(color.Bold),
		label:       mk(color.Faint),
		dim:         mk(color.Faint),
		thinking:    mk(color.Faint, color.Italic),
		tool:        mk(color.Bold, color.FgCyan),
		args:        mk(color.FgCyan),
		id:          mk(color.Faint),
		ok:          mk(color.FgGreen),
		fail:        mk(color.FgRed),
		truncated:   mk(color.FgYellow),
		ask:         mk(color.Bold, color.FgYellow),
		allowed:     mk(color.Bold, color.FgGreen),
		denied:      mk(color.Bold, color.FgRed),
		blockLabel:  mk(color.Bold, color.FgWhite, color.BgRed),
		block:       mk(color.FgRed),
		riskLow:     mk(color.FgGreen),
		riskMid:     mk(color.FgYellow),
		riskHigh:    mk(color.Bold, color.FgRed),
		warning:     mk(color.FgYellow),
		err:         mk(color.Bold, color.FgRed),
		invalid:     mk(color.FgMagenta),
		final:       mk(color.Bold, color.FgGreen),
		endOK:       mk(color.Bold, color.FgGreen),
		endFail:     mk(color.Bold, color.FgRed),
		effectRead:  mk(color.FgGreen),
		effectWrite: mk(color.FgMagenta),
		effectShell: mk(color.FgYellow),
		effectNet:   mk(color.FgRed),
		runTags: []*color.Color{
			mk(color.FgBlue), mk(color.FgMagenta), mk(color.FgCyan),
			mk(color.FgYellow), mk(color.FgGreen), mk(color.FgRed),
		},
	}
}

// risk returns the color of a risk level; unusual levels are plain.
func (p *palette) risk(level string) *color.Color {
	switch level {
	case "low":
		return p.riskLow
	case "medium":
		return p.riskMid
	case "high", "critical":
		return p.riskHigh
	}
	return nil
}

// effect returns the color of a side effect.
func (p *palette) effect(e string) *color.Color {
	switch e {
	case "read":
		return p.effectRead
	case "write":
		return p.effectWrite
	case "shell":
		return p.effectShell
	case "network":
		return p.effectNet
	}
	return p.dim
}
