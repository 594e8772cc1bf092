package pretty

import (
	"encoding/json"
	"strconv"

	"github.com/zsj-dev/zsj/protocol"
)

// event is one parsed line. Its members and its delta point into the
// line's bytes (or a buffer of its batch), so an event is only valid
// while its line is: until the line has been drawn. Parse decodes the
// delta and reads what drawing needs of tool results and usage; other
// strings are decoded when a renderer asks for them, and large ones (file
// contents in args) only as far as they are shown.
type event struct {
	line  int
	typ   string
	runID string
	// members are the line's; parse leaves them out (none) for a text
	// or reasoning event, which is drawn from typ, runID and delta alone.
	members []protocol.Member
	// delta is a text or reasoning event's text, decoded by parse. Events
	// are parsed on all cores and drawn on one; looking the delta up among
	// the members there, after another core wrote them, was a third of the
	// drawing of a log of small deltas.
	delta string
	// outSize and outLines are a tool result's output stats (see
	// outputStats), which parse counts: a long output's escapes are
	// better read on all cores than on the one that draws.
	outSize, outLines int
	// head is the lines of a tool result's output that the timeline
	// shows, when parse was given a headSpec.
	head outputHead
	// tokens is a usage event's counts, which parse reads for the
	// tracker and the sinks.
	tokens usage
}

// parse fills e from a line that a LineChecker found to be one JSON
// object (checked). It reports false for anything else: not an object,
// or no string "type". r is what the parse of the line before left.
func (e *event) parse(num int, text []byte, checked *protocol.Checked, r *lineReader) bool {
	if !checked.Object() {
		return false
	}
	e.line = num
	e.delta, e.outSize, e.outLines, e.tokens = "", 0, 0, usage{}
	if r.deltaLast {
		if v, ok := r.members.LastValue(text); ok {
			// The next delta of a stream: the type and run of the line
			// before, a new delta.
			e.typ, e.runID, e.members = r.typ, r.runID, e.members[:0]
			e.delta = r.text(v)
			return true
		}
	}
	e.members = r.membersOf(text, e.members[:0])
	e.typ = r.typeOf(e.strBytes(protocol.FieldType))
	e.runID = r.run(e.strBytes(protocol.FieldRunID))
	r.deltaLast = false
	if e.typ == protocol.TypeUsage {
		e.tokens = e.usage()
	}
	if e.typ == protocol.TypeToolResult {
		v, _ := e.value(protocol.FieldOutput)
		e.outSize, e.outLines = outputStats(v)
		e.head.spec = headSpec{}
		if r.head.room > 0 {
			e.head = headLines(v, r.head, e.head)
		}
	}
	if e.typ == protocol.TypeText || e.typ == protocol.TypeReasoning {
		i := e.index(protocol.FieldDelta)
		if i >= 0 && e.members[i].Value.Kind == protocol.KindString {
			e.delta = r.text(e.members[i].Value)
		}
		r.typ, r.deltaLast = e.typ, i >= 0 && i == len(e.members)-1
		e.members = e.members[:0]
	}
	return e.typ != ""
}

// value returns the raw value of a top-level key.
func (e *event) value(key string) (protocol.Value, bool) {
	if i := e.index(key); i >= 0 {
		return e.members[i].Value, true
	}
	return protocol.Value{}, false
}

// index is the index of the first member named key, -1 when none is.
func (e *event) index(key string) int {
	for i := range e.members {
		m := &e.members[i]
		if !m.KeyEscaped && string(m.Key) == key {
			return i
		}
	}
	return -1
}

// str returns a string field, "" when absent or not a string.
func (e *event) str(key string) string { return string(e.strBytes(key)) }

// strBytes is str's decoded bytes, nil when absent or not a string; they
// are valid while the line is.
func (e *event) strBytes(key string) []byte {
	v, ok := e.value(key)
	if !ok || v.Kind != protocol.KindString {
		return nil
	}
	return protocol.StringValue(v)
}

// num returns a number field.
func (e *event) num(key string) (float64, bool) {
	v, ok := e.value(key)
	if !ok || v.Kind != protocol.KindNumber {
		return 0, false
	}
	f, err := strconv.ParseFloat(string(v.Raw), 64)
	return f, err == nil
}

// flag returns a boolean field; ok is false when it is absent.
func (e *event) flag(key string) (val, ok bool) {
	v, found := e.value(key)
	switch {
	case !found:
		return false, false
	case v.Kind == protocol.KindTrue:
		return true, true
	case v.Kind == protocol.KindFalse:
		return false, true
	}
	return false, false
}

// risk is the protocol's Risk object.
type risk struct {
	Level      string   `json:"level"`
	Categories []string `json:"categories"`
}

// block is the sandbox metadata: "block" in version 2, "violation" in
// version 1. Both render the same.
type block struct {
	Code        string `json:"code"`
	ToolName    string `json:"toolName"`
	Action      string `json:"action"`
	Risk        *risk  `json:"risk"`
	Reason      string `json:"reason"`
	Recoverable *bool  `json:"recoverable"`
}

// risk decodes the top-level "risk" object, nil when absent.
func (e *event) risk() *risk {
	var r *risk
	e.decode(protocol.FieldRisk, &r)
	return r
}

// block decodes the sandbox metadata under either of its names.
func (e *event) block() *block {
	var b *block
	if !e.decode(protocol.FieldBlock, &b) {
		e.decode(protocol.FieldViolation, &b)
	}
	return b
}

// decode unmarshals a small nested object; a value of the wrong shape
// leaves dst alone (the line is reported invalid by the validator).
func (e *event) decode(key string, dst any) bool {
	v, ok := e.value(key)
	if !ok || v.Kind != protocol.KindObject {
		return false
	}
	return json.Unmarshal(v.Raw, dst) == nil
}

// usage is a usage event's token counts. have* say which were given.
type usage struct {
	prompt, completion, total, cost, cached, cacheWrite, reasoning float64
	haveTotal, haveCost, haveCached, haveReasoning                 bool
}

// words returns the step's counts as both renderers show them: the total,
// tokens in (with the cached part) and out (with reasoning), and the cost
// when given.
func (u usage) words() []string {
	in := "in " + commas(u.prompt)
	if u.haveCached && u.cached > 0 {
		in += " (" + commas(u.cached) + " cached)"
	}
	out := "out " + commas(u.completion)
	if u.haveReasoning && u.reasoning > 0 {
		out += " (" + commas(u.reasoning) + " reasoning)"
	}
	w := []string{commas(u.total) + " tokens", in, out}
	if u.haveCost {
		w = append(w, dollars(u.cost))
	}
	return w
}

func (e *event) usage() usage {
	var u usage
	u.prompt, _ = e.num(protocol.FieldPromptTokens)
	u.completion, _ = e.num(protocol.FieldCompletionTokens)
	u.total, u.haveTotal = e.num(protocol.FieldTotalTokens)
	if !u.haveTotal {
		u.total = u.prompt + u.completion
	}
	u.cost, u.haveCost = e.num(protocol.FieldCostUSD)
	u.cached, u.haveCached = e.num(protocol.FieldCachedInputTokens)
	u.cacheWrite, _ = e.num(protocol.FieldCacheWriteTokens)
	u.reasoning, u.haveReasoning = e.num(protocol.FieldReasoningTokens)
	return u
}
