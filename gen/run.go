package gen

// runWriter builds the lines of one run in memory. Runs are built whole
// before they are written so that two of them can be interleaved and so
// that a fault's line number is known when it is reported.
type runWriter struct {
	g *generator
	r *rng

	out    []byte
	ends   []int // offset just past each line's newline
	glued  []int // lines that their run's next line must follow directly
	faults []plannedFault

	runID   string
	prefix  [numEvTypes][]byte
	model   model
	fault   fault
	calls   int    // tool call ids handed out: call_1, call_2, ...
	context int    // prompt tokens of the next model turn
	pending int    // tokens of tool output since the last usage event
	usages  int    // usage events so far
	answer  []byte // raw text of the latest text message, repeated by final
	scratch []byte
	tmp     []byte
	real    realCall // the output of a realistic call, built with its args
}

type plannedFault struct {
	line int // 0-based line of the run
	rule string
}

// ending is how a run ends.
type ending uint8

const (
	endSuccess   ending = iota // final, then run_end success
	endNoFinal                 // run_end success without a final
	endFatal                   // a non-recoverable error, then run_end error
	endCancelled               // run_end error with the exit code of SIGINT
)

var endingCards = append(repeat(endSuccess, 6), endNoFinal, endFatal, endFatal, endCancelled)

// incident is something that goes wrong in a run and is survived.
type incident uint8

const (
	incidentNone incident = iota
	incidentWarning
	incidentRecoverable
	incidentBoth
)

var incidentCards = append(repeat(incidentNone, 4), incidentWarning, incidentWarning, incidentWarning,
	incidentRecoverable, incidentRecoverable, incidentBoth)

// contextLimit is when a run compacts its context, with a warning, the way
// agents summarize old tool results before the model's window is full.
const contextLimit = 160_000 // tokens

// run builds the next run in writer slot.
func (g *generator) run(slot int) *runWriter {
	w := &g.writers[slot]
	w.reset(g)
	r := g.r
	g.clock.advance(r)
	w.runID = g.newRunID()
	w.prefix = eventPrefixes(g.opts.SchemaVersion, w.runID)
	w.model = g.models.deal(r)
	w.context = r.between(1500, 9000) // system prompt and tool schemas
	if g.opts.Faults {
		w.fault = g.faults.deal(r)
	}
	end := g.endings.deal(r)
	if w.fault.needsSuccess() {
		end = endSuccess
	}
	steps := r.between(g.shape.steps[0], g.shape.steps[1])
	faultStep := r.intn(steps)
	incident, incidentStep := g.incidents.deal(r), r.intn(steps)

	w.runStart()
	for s := 0; s < steps; s++ {
		last := s == steps-1
		w.turn(last && (end == endSuccess || end == endNoFinal))
		if s == incidentStep {
			w.incident(incident)
		}
		if !last || end != endFatal {
			w.usage() // a failed provider call reports no usage
		}
		if s == faultStep && w.fault != faultNone {
			if w.fault == faultUnfinished {
				// Cut off: no final, no run_end. A validator can only
				// tell at the end of the input, and names the run's last
				// line.
				w.markFault(len(w.ends)-1, w.fault.rule(g.opts.SchemaVersion))
				return w
			}
			w.lineFault()
		}
	}
	w.finish(end)
	return w
}

func (w *runWriter) reset(g *generator) {
	*w = runWriter{
		g: g, r: g.r,
		out: w.out[:0], ends: w.ends[:0], glued: w.glued[:0], faults: w.faults[:0],
		answer: w.answer[:0], scratch: w.scratch[:0], tmp: w.tmp[:0],
		real: w.real,
	}
}

func (g *generator) newRunID() string {
	for {
		id := g.clock.runID(g.r)
		if !g.runIDs[id] {
			g.runIDs[id] = true
			return id
		}
	}
}

// turn is one model turn: reasoning, text, and tool calls. The answer turn
// makes no calls; its text is what final repeats.
func (w *runWriter) turn(answer bool) {
	sh := &w.g.shape
	if w.context > contextLimit {
		w.warning("context window over 80% full; older tool results were summarized")
		w.context /= 4
	}
	calls := 0
	if !answer {
		calls = w.r.between(sh.callsPerStep[0], sh.callsPerStep[1])
	}
	if w.model.reasoning && w.r.chance(sh.reasoningPct) {
		w.message(evReasoning, reasonLines)
	}
	// A turn says something or calls something.
	if answer || calls == 0 || w.r.chance(70) {
		w.message(evText, answerLines)
	}
	for ; calls > 0; calls-- {
		w.callFlow(w.g.flows.deal(w.r))
	}
}

func (w *runWriter) incident(i incident) {
	if i == incidentWarning || i == incidentBoth {
		w.warning(pick(w.r, warningMessages))
	}
	if i == incidentRecoverable || i == incidentBoth {
		e := pick(w.r, recoverableErrors)
		w.errorEvent(e.code, w.maybeSecretText(e.message, 30), true)
	}
}

func (w *runWriter) finish(end ending) {
	switch end {
	case endSuccess:
		w.final(w.answer)
		if w.fault == faultDuplicateFinal {
			w.markFault(len(w.ends), w.fault.rule(w.g.opts.SchemaVersion))
			w.final(w.answer)
		}
		if w.fault == faultEndStatus {
			w.markFault(len(w.ends), w.fault.rule(w.g.opts.SchemaVersion))
			w.runEnd("success", w.r.between(1, 4))
			return
		}
		w.runEnd("success", 0)
	case endNoFinal:
		w.runEnd("success", 0)
	case endFatal:
		e := pick(w.r, fatalErrors)
		w.glued = append(w.glued, len(w.ends))
		w.errorEvent(e.code, w.maybeSecretText(e.message, 50), false)
		w.runEnd("error", w.r.between(1, 4))
	case endCancelled:
		w.runEnd("error", 130) // 128 + SIGINT
	}
}

func (w *runWriter) markFault(line int, rule string) {
	w.faults = append(w.faults, plannedFault{line, rule})
}

func (w *runWriter) line(i int) []byte {
	start := 0
	if i > 0 {
		start = w.ends[i-1]
	}
	return w.out[start:w.ends[i]]
}

func (w *runWriter) gluedAfter(i int) bool {
	for _, g := range w.glued {
		if g == i {
			return true
		}
	}
	return false
}

// begin starts an event of type t; end closes it and the line.
func (w *runWriter) begin(t evType) { w.out = append(w.out, w.prefix[t]...) }

func (w *runWriter) end() {
	w.out = append(w.out, '}', '\n')
	w.ends = append(w.ends, len(w.out))
}
