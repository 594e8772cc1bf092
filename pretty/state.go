package pretty

import (
	"cmp"
	"slices"
	"strings"

	"github.com/zsj-dev/zsj/protocol"
)

// runState is what is kept of one run between its events: the header,
// tool calls waiting for their result, and counters for the summary.
// Nothing here grows with the length of the run except the distinct tool
// names; a call is dropped as soon as its result arrives.
type runState struct {
	id, tag string
	index   int // order of appearance in the input, picks the tag color

	started, ended bool
	session        string
	provider       string
	model          string
	apiModel       string
	cwd            string

	calls map[string]*toolCall // by tool id, until the result arrives

	steps     int // usage events
	toolCalls int
	tools     map[string]int // calls by tool name
	denied    int
	errors    int
	fatal     int // errors with recoverable false
	warnings  int
	tokens    usage // sums
	status    string
	exitCode  float64
	final     bool
}

// toolCall is a tool call or permission request waiting for its result.
type toolCall struct {
	name      string
	requested bool // a permission_request was seen
	called    bool // a tool_call was seen
	decided   bool // a permission_decision was seen
}

// toolCount is one line of the summary's tool table.
type toolCount struct {
	name  string
	count int
}

// toolCounts returns the calls by tool name, most used first.
func (r *runState) toolCounts() []toolCount {
	var out []toolCount
	for name, n := range r.tools {
		out = append(out, toolCount{name, n})
	}
	slices.SortFunc(out, func(a, b toolCount) int {
		if c := cmp.Compare(b.count, a.count); c != 0 {
			return c
		}
		return strings.Compare(a.name, b.name)
	})
	return out
}

// tracker holds the runs of one input.
type tracker struct {
	runs map[string]*runState
	tags map[string]string // tag -> the run id that has it
	seen int               // runs seen
	open int               // runs seen and not ended
	// last is the run of the last event noted: nearly every event is of
	// the run of the one before, and it spares looking the id up.
	last *runState
}

// noted is what the tracker learned from an event, for the renderer.
type noted struct {
	run    *runState
	newRun bool      // first event of this run
	call   *toolCall // tool_result, permission_decision: the call it answers (nil if unknown)
	// headlessDenial marks a failed tool_result answering a permission
	// request that had no tool call and no decision.
	headlessDenial bool
}

// note updates the run of ev and returns what the renderer needs. It must
// see every event of a selected run, shown or not.
func (t *tracker) note(ev *event) noted {
	if t.runs == nil {
		t.runs, t.tags = make(map[string]*runState), make(map[string]string)
	}
	r := t.last
	if r == nil || r.id != ev.runID {
		r = t.runs[ev.runID]
	}
	var n noted
	if r == nil || (ev.typ == protocol.TypeRunStart && r.ended) {
		r = &runState{id: ev.runID, index: t.seen, calls: map[string]*toolCall{}, tools: map[string]int{}}
		r.tag = t.tagFor(ev.runID)
		t.runs[ev.runID] = r
		t.seen++
		t.open++
		n.newRun = true
	}
	n.run, t.last = r, r
	switch ev.typ {
	case protocol.TypeRunStart:
		r.started = true
		r.session, r.cwd = ev.str(protocol.FieldSessionID), ev.str(protocol.FieldCwd)
		r.provider, r.model, r.apiModel = ev.str(protocol.FieldProvider), ev.str(protocol.FieldModel), ev.str(protocol.FieldAPIModel)
	case protocol.TypeToolCall:
		c := r.call(ev.str(protocol.FieldID))
		c.called = true
		c.name = ev.str(protocol.FieldName)
		r.toolCalls++
		r.tools[c.name]++
	case protocol.TypePermissionRequest:
		c := r.call(ev.str(protocol.FieldID))
		c.requested = true
		c.name = ev.str(protocol.FieldName)
	case protocol.TypePermissionDecision:
		n.call = r.calls[ev.str(protocol.FieldID)]
		if n.call != nil {
			n.call.decided = true
		}
		if granted, _ := ev.flag(protocol.FieldPermissionGranted); !granted {
			r.denied++
		}
	case protocol.TypeToolResult:
		id := ev.str(protocol.FieldID)
		n.call = r.calls[id]
		delete(r.calls, id)
		if c := n.call; c != nil && c.requested && !c.called && !c.decided && ev.str(protocol.FieldStatus) == "error" {
			n.headlessDenial = true
			r.denied++
		}
	case protocol.TypeUsage:
		u := ev.tokens
		r.steps++
		r.tokens.add(u)
	case protocol.TypeWarning:
		r.warnings++
	case protocol.TypeError:
		r.errors++
		if rec, ok := ev.flag(protocol.FieldRecoverable); ok && !rec {
			r.fatal++
		}
	case protocol.TypeFinal:
		r.final = true
	case protocol.TypeRunEnd:
		r.status = ev.str(protocol.FieldStatus)
		r.exitCode, _ = ev.num(protocol.FieldExitCode)
		t.end(r)
	}
	return n
}

// end closes a run: it no longer counts as open and its pending calls are
// dropped (a call never answered stays unanswered).
func (t *tracker) end(r *runState) {
	if r.ended {
		return
	}
	r.ended = true
	r.calls = nil
	t.open--
}

// call returns the pending call with this id, creating it.
func (r *runState) call(id string) *toolCall {
	c := r.calls[id]
	if c == nil {
		c = &toolCall{}
		if r.calls != nil { // nil once the run has ended
			r.calls[id] = c
		}
	}
	return c
}

// unfinished returns the runs that never ended, in order of appearance.
func (t *tracker) unfinished() []*runState {
	var out []*runState
	for _, r := range t.runs {
		if !r.ended {
			out = append(out, r)
		}
	}
	slices.SortFunc(out, func(a, b *runState) int { return cmp.Compare(a.index, b.index) })
	return out
}

// allEnded reports whether at least one run was seen and all have ended.
func (t *tracker) allEnded() bool { return t.seen > 0 && t.open == 0 }

// tagFor returns the short name shown beside each block when runs are
// interleaved: the part after the id's last '_' or '-' when it is short
// (run_20260603_abc123 -> abc123), else the last 8 characters. A tag
// that another run already has falls back to the whole id.
func (t *tracker) tagFor(id string) string {
	tag := id
	if i := strings.LastIndexAny(id, "_-"); i >= 0 && len(id)-i-1 >= 3 && len(id)-i-1 <= 10 {
		tag = id[i+1:]
	} else if len(id) > 8 {
		tag = id[len(id)-8:]
	}
	if other, taken := t.tags[tag]; taken && other != id {
		return id
	}
	t.tags[tag] = id
	return tag
}

// add sums a usage event into u.
func (u *usage) add(o usage) {
	u.prompt += o.prompt
	u.completion += o.completion
	u.total += o.total
	u.cost += o.cost
	u.cached += o.cached
	u.cacheWrite += o.cacheWrite
	u.reasoning += o.reasoning
	u.haveCost = u.haveCost || o.haveCost
	u.haveCached = u.haveCached || o.haveCached
	u.haveReasoning = u.haveReasoning || o.haveReasoning
	u.haveTotal = true
}
