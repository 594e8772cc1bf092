package gen

import (
	"fmt"
	"io"
)

// Write writes a synthetic log to w as opts asks. It returns the first
// write error, or an error for options that make no sense.
func Write(w io.Writer, opts Options) error {
	opts, err := opts.normalized()
	if err != nil {
		return err
	}
	g := newGenerator(w, opts)
	if opts.Profile == Realistic && !opts.Input {
		if err := g.openContent(); err != nil {
			return err
		}
	}
	if opts.Input {
		return g.writeInput()
	}
	for runs := 0; g.err == nil && g.wantMore(runs); {
		// Interleaving takes two runs; never more than asked for.
		if g.shape.interleave && g.interleave.deal(g.r) && (opts.Size > 0 || runs+2 <= opts.Runs) {
			a, b := g.run(0), g.run(1)
			g.emitInterleaved(a, b)
			runs += 2
			continue
		}
		g.emit(g.run(0))
		runs++
	}
	return g.err
}

// generator holds everything that lives across runs. A single rng feeds
// every choice in a fixed order, so output depends on the seed alone.
type generator struct {
	opts  Options
	shape shape
	r     *rng
	clock clock
	out   io.Writer
	err   error

	written int64 // bytes written so far
	line    int   // lines written so far

	runIDs  map[string]bool // taken run ids: a repeat would merge two runs
	session string          // the last session id, which a run may resume

	endings     *deck[ending]
	flows       *deck[flow]
	incidents   *deck[incident]
	faults      *deck[fault]
	secretKinds *deck[secretKind]
	models      *deck[model]
	toolKinds   *deck[[]tool]
	interleave  *deck[bool]
	gated       [][]tool // the tools a permission prompt can stand in front of

	tree  *tree    // the content of realistic runs; nil in the others
	prose []string // paragraphs for realistic text and reasoning

	writers [2]runWriter // reused between runs, buffers and all
	merged  []byte
}

func newGenerator(w io.Writer, opts Options) *generator {
	r := newRNG(opts.Seed, 1)
	return &generator{
		opts:        opts,
		shape:       profiles[opts.Profile],
		r:           r,
		clock:       newClock(r),
		out:         w,
		runIDs:      map[string]bool{},
		endings:     newDeck(endingCards...),
		flows:       newDeck(flowCards...),
		incidents:   newDeck(incidentCards...),
		faults:      newDeck(faultCards()...),
		secretKinds: newDeck(secretKinds...),
		models:      newDeck(models...),
		toolKinds:   newDeck(toolKindCards...),
		interleave:  newDeck(true, false, false, false, false),
		gated:       gatedTools,
	}
}

// openContent indexes the content tree and samples its prose, and swaps
// in the tools whose args and outputs are built from it.
func (g *generator) openContent() error {
	t, err := openTree(g.opts.Content, g.opts.HasSecret)
	if err != nil {
		return err
	}
	if _, _, ok := t.pick(newRNG(g.opts.Seed, 3), nil); !ok {
		return fmt.Errorf("content %s holds no text file that can be shown", g.opts.Content)
	}
	g.tree = t
	g.prose = buildProse(t, g.opts.Seed)
	if len(g.prose) == 0 { // a tree of code without comments
		g.prose = answerLines
	}
	g.toolKinds = newDeck(realToolKindCards...)
	g.flows = newDeck(realFlowCards...)
	g.gated = realGatedTools
	if g.opts.OnContent != nil {
		g.opts.OnContent(t.root, len(t.files))
	}
	return nil
}

func (g *generator) wantMore(runs int) bool {
	if g.opts.Size > 0 {
		return g.written < g.opts.Size
	}
	return runs < g.opts.Runs
}

func (g *generator) write(b []byte) {
	if g.err != nil || len(b) == 0 {
		return
	}
	n, err := g.out.Write(b)
	g.written += int64(n)
	g.err = err
}

// emit writes one run as it was generated and reports its faults.
func (g *generator) emit(w *runWriter) {
	g.write(w.out)
	for _, f := range w.faults {
		g.reportFault(g.line+f.line+1, f.rule)
	}
	g.line += len(w.ends)
}

// emitInterleaved writes the lines of two runs mixed at random, each run's
// lines staying in order. Lines marked glued keep the next line of their
// run right behind them (a fatal error and its run_end).
func (g *generator) emitInterleaved(a, b *runWriter) {
	runs := [2]*runWriter{a, b}
	var next [2]int
	globalLine := [2][]int{make([]int, len(a.ends)), make([]int, len(b.ends))}
	g.merged = g.merged[:0]
	side := 0
	for next[0] < len(a.ends) || next[1] < len(b.ends) {
		w := runs[side]
		glued := next[side] > 0 && w.gluedAfter(next[side]-1)
		if !glued {
			side = g.r.intn(2)
			if next[side] == len(runs[side].ends) {
				side = 1 - side
			}
			w = runs[side]
		}
		i := next[side]
		g.merged = append(g.merged, w.line(i)...)
		globalLine[side][i] = g.line + 1
		g.line++
		next[side]++
	}
	g.write(g.merged)
	for side, w := range runs {
		for _, f := range w.faults {
			g.reportFault(globalLine[side][f.line], f.rule)
		}
	}
}

func (g *generator) reportFault(line int, rule string) {
	if g.opts.OnFault != nil {
		g.opts.OnFault(line, rule)
	}
}
