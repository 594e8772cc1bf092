package usage

import (
	"bytes"
	"slices"

	"github.com/cespare/xxhash/v2"

	"github.com/zsj-dev/zsj/protocol"
)

// Options say how a Collector reads logs.
type Options struct {
	// Cumulative is for producers whose usage events are running totals:
	// a run's last usage event is its total, instead of the sum of all.
	Cumulative bool
	// Details also reads tool calls, permissions, tool results, errors
	// and finals (what zsj runs shows). Without it only run_start, usage
	// and run_end events are parsed; other lines are counted and
	// fingerprinted but not read past their type and runId.
	Details bool
	// Run receives each run once it is complete: when the same runId
	// starts over after a run_end or a second run_start (a log appended
	// to itself), at the end of its file once it has ended, or else once
	// the next file shows it does not go on there (see File.End); the
	// last runs come with Collector.End.
	Run func(*Run)
	// Warn receives each line that cannot be used. May be nil.
	Warn func(Warning)
}

// Warning is a line skipped because it cannot be read, or because a field
// this package needs has a value the protocol does not allow. Messages
// never quote values from the log.
type Warning struct {
	File    string
	Line    int
	Rule    string // a protocol rule code
	Message string
}

// Collector turns the lines of logs into runs. It holds the runs of the
// file being read, and those of the file before that did not end, never
// their events: memory grows with the number of runs.
type Collector struct {
	opts    Options
	strings map[string]string // interned model, provider, cwd and session names
	members []protocol.Member // reused by every full parse
	order   int
	// held are the runs of the previous file that had not ended when it
	// did, by runId: a log rotated or cut in two (split -l) goes on in
	// the next file, and such a run goes on with it.
	held map[string]*runState

	Files   int64 // files read (File calls)
	Lines   int64 // lines read, blank ones included
	Invalid int64 // lines skipped as unreadable
}

// NewCollector returns a Collector with opts.
func NewCollector(opts Options) *Collector {
	return &Collector{opts: opts, strings: make(map[string]string)}
}

// File starts reading the file called name (as shown in messages).
func (c *Collector) File(name string) *File {
	c.Files++
	return &File{c: c, name: name, open: make(map[string]*runState)}
}

// File reads one file's lines, in order.
type File struct {
	c    *Collector
	name string
	open map[string]*runState // by runId: the run each id's events go to now
	last *runState            // the run of the last event, tried first
}

type runState struct {
	run     *Run
	id      identity
	first   uint64   // the hash of the run's first line, to tell a repeat from a sequel
	ended   bool     // run_end seen: the id's next event starts another run
	fatal   bool     // a non-recoverable error was seen
	done    bool     // handed to Options.Run
	pending []string // permission requests not yet answered (Details only)
}

// Line reads one line: num is its 1-based number, text the line without
// its line end; noEOL says it is the last line and has no newline, so it
// may be cut short and is checked whole.
func (f *File) Line(num int, text []byte, noEOL bool) {
	c := f.c
	c.Lines++
	if protocol.IsBlank(text) {
		return
	}
	h, sniffed := sniff(text)
	var members []protocol.Member
	parsed := false
	if !sniffed || noEOL || c.needs(h.typ) || needsKeys(text, h) {
		var err *protocol.SyntaxError
		members, err = protocol.ParseObject(text, c.members[:0])
		c.members = members[:0]
		if err != nil {
			f.invalid(num, err, noEOL)
			return
		}
		h, parsed = headOf(members), true
	}
	if h.runID == nil {
		if parsed && c.needs(h.typ) {
			f.warn(num, protocol.RuleMissingField, "a "+string(h.typ)+" event without runId is skipped")
		}
		return
	}
	st := f.state(h.runID, string(h.typ) == protocol.TypeRunStart, num, text)
	f.fingerprint(st, text, h, members)
	if parsed && c.needs(h.typ) && !f.event(st, num, h.typ, members) {
		return // reported as skipped: not one of the run's events
	}
	st.run.Events++
}

// needs reports whether lines of type typ are parsed in full.
func (c *Collector) needs(typ []byte) bool {
	switch string(typ) {
	case protocol.TypeRunStart, protocol.TypeUsage, protocol.TypeRunEnd:
		return true
	case protocol.TypeToolCall, protocol.TypePermissionRequest, protocol.TypePermissionDecision, protocol.TypeToolResult, protocol.TypeError, protocol.TypeFinal:
		return c.opts.Details
	}
	return false
}

var violationKey = []byte(`"violation"`)

// needsKeys reports whether the fingerprint needs the line's keys: a
// version 1 line that may carry a violation key to read as block.
func needsKeys(text []byte, h head) bool {
	return h.verTo != 0 && string(text[h.verFrom:h.verTo]) == "1" && bytes.Contains(text, violationKey)
}

// headOf reads the head of a parsed line from its members.
func headOf(members []protocol.Member) head {
	var h head
	for i := range members {
		m := &members[i]
		switch string(m.KeyText()) {
		case protocol.FieldType:
			if m.Value.Kind == protocol.KindString {
				h.typ = protocol.StringValue(m.Value)
			}
		case protocol.FieldRunID:
			if m.Value.Kind == protocol.KindString {
				h.runID = protocol.StringValue(m.Value)
			}
		case protocol.FieldSchemaVersion:
			h.verFrom, h.verTo = m.ValueStart, m.ValueStart+len(m.Value.Raw)
		}
	}
	return h
}

// fingerprint adds the line, normalized, to its run's identity.
func (f *File) fingerprint(st *runState, text []byte, h head, members []protocol.Member) {
	var spans [2]span
	n := 0
	if h.verTo != 0 {
		spans[n] = span{from: h.verFrom, to: h.verTo}
		n++
	}
	if members != nil && h.verTo != 0 && string(text[h.verFrom:h.verTo]) == "1" {
		for i := range members {
			m := &members[i]
			if string(m.KeyText()) == "violation" {
				spans[n] = span{from: m.KeyOffset, to: m.KeyOffset + len(m.Key) + 2, with: `"block"`}
				n++
				break
			}
		}
	}
	if n == 2 && spans[1].from < spans[0].from {
		spans[0], spans[1] = spans[1], spans[0]
	}
	st.id.line(text, spans[:n]...)
}

// state returns the run that an event of id belongs to, starting one when
// the id is new in this file, has ended, or starts again. A run of the
// previous file that had not ended goes on when its id's first event here
// is no run_start and is not the run's first line again (a file read
// twice repeats it).
func (f *File) state(id []byte, start bool, num int, text []byte) *runState {
	// Consecutive events mostly belong to one run: try it before the map.
	st := f.last
	if st == nil || st.run.ID != string(id) {
		st = f.open[string(id)]
	}
	if st != nil && !st.ended && !(start && st.run.Started) {
		f.last = st
		return st
	}
	c := f.c
	if st == nil && c.held != nil {
		if held := c.held[string(id)]; held != nil {
			delete(c.held, string(id))
			if !start && xxhash.Sum64(text) != held.first {
				f.open[held.run.ID] = held
				f.last = held
				return held
			}
			st = held
		}
	}
	if st != nil {
		f.finish(st)
	}
	c.order++
	st = &runState{run: &Run{ID: string(id), File: f.name, Line: num, ExitCode: -1, order: c.order}, first: xxhash.Sum64(text)}
	f.open[st.run.ID] = st
	f.last = st
	return st
}

// End finishes the file. The runs of the previous file that did not go on
// in it are complete, and so are its runs that ended; those that did not
// end are held until the next file shows whether they go on there. Runs
// are handed over in the order they started.
func (f *File) End() {
	c := f.c
	c.finishHeld()
	for _, st := range inOrder(f.open) {
		if st.ended || st.done {
			f.finish(st)
			continue
		}
		if c.held == nil {
			c.held = make(map[string]*runState)
		}
		c.held[st.run.ID] = st
	}
	f.open = nil
}

// End hands over the runs of the last file that had not ended: call it
// once every file has been read.
func (c *Collector) End() { c.finishHeld() }

func (c *Collector) finishHeld() {
	for _, st := range inOrder(c.held) {
		c.finish(st)
	}
	clear(c.held)
}

func inOrder(runs map[string]*runState) []*runState {
	list := make([]*runState, 0, len(runs))
	for _, st := range runs {
		list = append(list, st)
	}
	slices.SortFunc(list, func(x, y *runState) int { return x.run.order - y.run.order })
	return list
}

func (f *File) finish(st *runState) { f.c.finish(st) }

func (c *Collector) finish(st *runState) {
	if st.done {
		return
	}
	st.done = true
	st.run.Hash = st.id.sum()
	st.pending = nil
	if c.opts.Run != nil {
		c.opts.Run(st.run)
	}
}

func (f *File) invalid(num int, err *protocol.SyntaxError, noEOL bool) {
	if err.EOF && noEOL {
		f.warn(num, protocol.RuleTruncatedLine, "the file ends in the middle of a line (truncated?)")
		return
	}
	f.warn(num, err.Rule, err.Msg)
}

func (f *File) warn(num int, rule, msg string) {
	f.c.Invalid++
	if f.c.opts.Warn != nil {
		f.c.opts.Warn(Warning{File: f.name, Line: num, Rule: rule, Message: msg})
	}
}

func (c *Collector) intern(b []byte) string {
	if s, ok := c.strings[string(b)]; ok {
		return s
	}
	s := string(b)
	c.strings[s] = s
	return s
}
