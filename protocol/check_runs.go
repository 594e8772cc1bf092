package protocol

import "strconv"

// Per tool call id: which events have named it so far.
const (
	idCalled    = 1 << iota // a tool_call
	idRequested             // a permission_request
	idResulted              // a tool_result
	idDecided               // a permission_decision
)

// runState is what the checks across lines remember of one run. The ids
// of a run are forgotten at its run_end, so memory grows with the runs
// still open, not with the events seen.
type runState struct {
	id        string
	firstLine int
	lastLine  int
	started   bool
	ended     bool
	fatal     bool // a non-recoverable error is waiting for run_end
	fatalTold bool
	finals    int
	ids       map[string]uint8
}

// runChecker applies docs/PROTOCOL.md section 4 to the events of one file.
type runChecker struct {
	emit  func(line int, typ, rule, path, msg string)
	runs  map[string]*runState
	order []*runState // in order of first appearance, for stable reports
	last  *runState   // consecutive events usually share a run
	count int
	// spare: the id maps of ended runs, emptied, for the runs that start
	// after them. A map made for each run and grown call by call cost
	// 2 % of validate on the realistic log.
	spare []map[string]uint8
}

func (r *runChecker) lookup(line int, id []byte) *runState {
	if r.last != nil && r.last.id == string(id) {
		return r.last
	}
	if r.runs == nil {
		r.runs = make(map[string]*runState)
	}
	st := r.runs[string(id)]
	if st == nil {
		st = &runState{id: string(id), firstLine: line}
		r.runs[st.id] = st
		r.order = append(r.order, st)
		r.count++
	}
	r.last = st
	return st
}

func (r *runChecker) event(line int, typ string, info *eventInfo) {
	st := r.lookup(line, info.runID)
	st.lastLine = line
	isStart := typ == TypeRunStart
	switch {
	case isStart && st.started:
		r.emit(line, typ, RuleDuplicateRunStart, "$.type", "a second run_start for this run (the first is at line "+strconv.Itoa(st.firstLine)+")")
	case isStart:
		st.started = true
	case !st.started && st.firstLine == line:
		r.emit(line, typ, RuleNoRunStart, "$.type", "the first event of a run must be run_start")
	}
	if st.ended {
		r.emit(line, typ, RuleAfterRunEnd, "", "an event of this run comes after its run_end")
		return
	}
	if st.fatal && typ != TypeRunEnd && !st.fatalTold {
		st.fatalTold = true
		r.emit(line, typ, RuleFatalNotEnded, "", "a non-recoverable error must be followed by the run's run_end")
	}
	switch typ {
	case TypeError:
		if info.recoverable == 0 {
			st.fatal = true
		}
	case TypeRunEnd:
		if st.fatal && string(info.status) != "error" && info.status != nil {
			r.emit(line, typ, RuleFatalEndStatus, "$.status", "the run_end after a non-recoverable error must have status error")
		}
		st.ended = true
		if st.ids != nil {
			clear(st.ids)
			r.spare = append(r.spare, st.ids)
			st.ids = nil
		}
	case TypeFinal:
		st.finals++
		if st.finals > 1 {
			r.emit(line, typ, RuleDuplicateFinal, "", "a run has at most one final")
		}
	case TypeToolCall:
		r.mark(st, info.id, idCalled)
	case TypePermissionRequest:
		r.mark(st, info.id, idRequested)
	case TypePermissionDecision:
		if info.id == nil {
			return
		}
		flags := st.ids[string(info.id)]
		switch {
		case flags&idRequested == 0:
			r.emit(line, typ, RuleOrphanDecision, "$.id", "no earlier permission_request of this run has this id")
		case flags&idDecided != 0:
			r.emit(line, typ, RuleDuplicateDecision, "$.id", "this permission_request already has a decision")
		}
		r.mark(st, info.id, idDecided)
	case TypeToolResult:
		if info.id == nil {
			return
		}
		flags := st.ids[string(info.id)]
		switch {
		case flags&(idCalled|idRequested) == 0:
			r.emit(line, typ, RuleOrphanToolResult, "$.id", "no earlier tool_call or permission_request of this run has this id")
		case flags&idResulted != 0:
			r.emit(line, typ, RuleDuplicateToolResult, "$.id", "this id already has a tool_result")
		}
		r.mark(st, info.id, idResulted)
	}
}

func (r *runChecker) mark(st *runState, id []byte, flag uint8) {
	if id == nil {
		return
	}
	if st.ids == nil {
		if n := len(r.spare); n > 0 {
			st.ids, r.spare = r.spare[n-1], r.spare[:n-1]
		} else {
			st.ids = make(map[string]uint8)
		}
	}
	if old, ok := st.ids[string(id)]; ok {
		st.ids[string(id)] = old | flag
		return
	}
	st.ids[string(id)] = flag
}

// end reports the runs that never ended, at their last event.
func (r *runChecker) end() {
	for _, st := range r.order {
		if !st.ended {
			r.emit(st.lastLine, "", RuleUnfinishedRun, "", "run did not finish: log truncated or producer killed? (it starts at line "+strconv.Itoa(st.firstLine)+")")
		}
	}
}
