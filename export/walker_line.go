package export

import (
	"strconv"

	"github.com/zsj-dev/zsj/protocol"
	"github.com/zsj-dev/zsj/usage"
)

// line reads one line into an event row, and into a tool call or a usage
// row when it is one.
func (w *walker) line(num int, text []byte, noEOL bool) {
	w.lineNum, w.cur = num, nil
	if protocol.IsBlank(text) {
		return
	}
	ev := EventRow{File: w.file, Line: int64(num), Seq: -1, Bytes: int64(len(text)), Day: UnknownDay}
	members, err := protocol.ParseObject(text, w.members[:0])
	w.members = members[:0]
	if err != nil {
		w.emit(w.out.event(&ev))
		return
	}
	ev.Valid, ev.Raw = true, text
	o := object(members)
	typ := w.intern(o.str(protocol.FieldType))
	ev.Type = typ
	if v := o.get(protocol.FieldSchemaVersion); v != nil && v.Kind == protocol.KindNumber {
		ev.SchemaVersion, _ = strconv.ParseInt(string(v.Raw), 10, 64)
	}
	ev.ID = string(o.str(protocol.FieldID))
	ev.Name = w.intern(o.str(protocol.FieldName))
	ev.Status = w.intern(o.str(protocol.FieldStatus))
	ev.Code = w.intern(o.str(protocol.FieldCode))
	if ev.Code == "" {
		if b := o.block(); b != nil {
			ev.Code = w.intern(b.str(protocol.FieldCode))
		}
	}
	runID := o.str(protocol.FieldRunID)
	if runID == nil {
		w.emit(w.out.event(&ev))
		return
	}
	ri := w.run(runID, typ == protocol.TypeRunStart, num, o)
	w.cur = ri
	ev.RunID, ev.Day, ev.Seq = ri.id, ri.day, ri.seq
	ri.seq++
	w.emit(w.out.event(&ev))

	switch typ {
	case protocol.TypeRunStart:
		ri.started = true
		ri.model = w.intern(o.str(protocol.FieldModel))
		ri.provider = w.intern(o.str(protocol.FieldProvider))
		ri.apiModel = w.intern(o.str(protocol.FieldAPIModel))
	case protocol.TypeRunEnd:
		ri.ended = true
	case protocol.TypeUsage:
		w.usageRow(ri, num, ev.Seq, o)
	case protocol.TypeToolCall, protocol.TypePermissionRequest, protocol.TypePermissionDecision, protocol.TypeToolResult:
		if ev.ID != "" {
			w.toolEvent(ri, typ, num, ev.Seq, ev.ID, o)
		}
	}
}

// run returns the run an event of id belongs to, starting one as the
// collector does: when the id is new in this file, has ended, or starts
// again.
func (w *walker) run(id []byte, start bool, num int, o object) *runInfo {
	ri := w.runs[string(id)]
	if ri != nil && !ri.ended && !(start && ri.started) {
		return ri
	}
	if ri != nil {
		w.flushCalls(ri)
	}
	ri = &runInfo{id: string(id), firstLine: num, calls: make(map[string]*ToolCallRow)}
	r := usage.Run{ID: ri.id}
	if start {
		r.Session = string(o.str(protocol.FieldSessionID))
	}
	ri.day = r.Day()
	if ri.day == usage.Unknown {
		ri.day = UnknownDay
	}
	w.runs[ri.id] = ri
	w.starts[num] = ri
	return ri
}

func (w *walker) usageRow(ri *runInfo, num int, seq int64, o object) {
	w.UsageEvents++
	row := UsageRow{RunID: ri.id, File: w.file, Line: int64(num), Seq: seq, Model: ri.model, Provider: ri.provider, Day: ri.day}
	row.PromptTokens = o.tokens(protocol.FieldPromptTokens)
	row.CompletionTokens = o.tokens(protocol.FieldCompletionTokens)
	if o.get(protocol.FieldTotalTokens) != nil {
		row.TotalTokens = o.tokens(protocol.FieldTotalTokens)
	} else {
		// as zsj usage counts it
		row.TotalTokens = row.PromptTokens + row.CompletionTokens
	}
	row.CachedInputTokens = o.tokens(protocol.FieldCachedInputTokens)
	row.CacheWriteTokens = o.tokens(protocol.FieldCacheWriteTokens)
	row.ReasoningTokens = o.tokens(protocol.FieldReasoningTokens)
	if v := o.get(protocol.FieldCostUSD); v != nil && v.Kind == protocol.KindNumber {
		if d, err := parseUSD(v.Raw); err == nil {
			c := picos(d)
			row.CostUSD = &c
		}
	}
	// The event's own estimate: a run of this one event, priced.
	one := usage.Run{Model: ri.model, Provider: ri.provider, APIModel: ri.apiModel}
	one.Usage = usage.Usage{Events: 1, Prompt: usage.TokensOf(row.PromptTokens), Completion: usage.TokensOf(row.CompletionTokens),
		Cached: usage.TokensOf(row.CachedInputTokens), CacheWrite: usage.TokensOf(row.CacheWriteTokens), Reasoning: usage.TokensOf(row.ReasoningTokens)}
	if w.prices.Estimate(&one) == "" && one.Usage.Unpriced == 0 {
		e := picos(one.Usage.Estimated)
		row.EstimatedCostUSD = &e
	}
	w.emit(w.out.usage(&row))
}

// toolEvent adds an event of a tool call to the call's row; the result
// completes it.
func (w *walker) toolEvent(ri *runInfo, typ string, num int, seq int64, id string, o object) {
	tc := ri.calls[id]
	if tc == nil {
		tc = &ToolCallRow{RunID: ri.id, File: w.file, CallID: id, Line: int64(num), Seq: seq, Day: ri.day}
		ri.calls[id] = tc
	}
	tc.EndLine, tc.EndSeq = int64(num), seq
	if name := o.str(protocol.FieldName); name != nil {
		tc.Name = w.intern(name)
	}
	if se := o.str(protocol.FieldSideEffect); se != nil {
		tc.SideEffect = w.intern(se)
	}
	switch typ {
	case protocol.TypeToolCall:
		tc.Called = true
		if v := o.get(protocol.FieldArgs); v != nil {
			tc.ArgsBytes = int64(len(v.Raw))
		}
	case protocol.TypePermissionRequest:
		tc.Requested = true
		tc.Permission = w.intern(o.str(protocol.FieldPermission))
		tc.PermissionMode = w.intern(o.str(protocol.FieldPermissionMode))
		if risk := o.object(protocol.FieldRisk); risk != nil {
			tc.RiskLevel = w.intern(risk.str(protocol.FieldLevel))
		}
	case protocol.TypePermissionDecision:
		tc.Decided = true
		tc.DecisionAction = w.intern(o.str(protocol.FieldAction))
		tc.DecisionReason = string(o.str(protocol.FieldDecisionReason))
		if g, ok := o.boolean(protocol.FieldPermissionGranted); ok {
			tc.Granted = &g
			if !g {
				tc.Denied = true
			}
		}
	case protocol.TypeToolResult:
		tc.Status = w.intern(o.str(protocol.FieldStatus))
		if v := o.get(protocol.FieldOutput); v != nil {
			tc.OutputBytes = int64(len(v.Raw))
		}
		tc.Truncated, _ = o.boolean(protocol.FieldTruncated)
		// A request answered by a failed result, with no decision and no
		// call in between, is a headless denial (as zsj runs counts it).
		if tc.Requested && !tc.Decided && !tc.Called && tc.Status == "error" {
			tc.Denied = true
		}
		if b := o.block(); b != nil {
			tc.Blocked = true
			tc.BlockCode = w.intern(b.str(protocol.FieldCode))
			tc.BlockAction = w.intern(b.str(protocol.FieldAction))
			if r, ok := b.boolean(protocol.FieldRecoverable); ok {
				tc.BlockRecoverable = &r
			}
		}
		delete(ri.calls, id)
		w.ToolCalls++
		w.emit(w.out.toolCall(tc))
	}
}

// flushCalls hands over the calls of a run that never got a result, in
// the order they began.
func (w *walker) flushCalls(ri *runInfo) {
	if len(ri.calls) == 0 {
		return
	}
	calls := make([]*ToolCallRow, 0, len(ri.calls))
	for _, tc := range ri.calls {
		calls = append(calls, tc)
	}
	sortCalls(calls)
	for _, tc := range calls {
		w.ToolCalls++
		w.emit(w.out.toolCall(tc))
	}
	clear(ri.calls)
}

func (w *walker) intern(b []byte) string {
	if b == nil {
		return ""
	}
	if s, ok := w.strs[string(b)]; ok {
		return s
	}
	if len(w.strs) > 1<<16 { // names, not data: keep the table small
		return string(b)
	}
	s := string(b)
	w.strs[s] = s
	return s
}
