package pretty

import (
	"encoding/json"
	"strconv"

	"github.com/zsj-dev/zsj/protocol"
)

// event is one parsed line. Its members point into the line's bytes, so
// an event is only valid until the next line is read; strings are decoded
// when a renderer asks for them, and large ones (tool outputs, file
// contents in args) only as far as they are shown.
type event struct {
	line    int
	typ     string
	runID   string
	members []protocol.Member
}

// parse fills e from a line that a LineChecker found to be one JSON
// object (checked). It reports false for anything else: not an object,
// or no string "type". names lends the strings of its type and run id.
func (e *event) parse(num int, text []byte, checked *protocol.Checked, names *recentNames) bool {
	if !checked.Object() {
		return false
	}
	e.members = protocol.MembersOf(text, e.members[:0])
	e.line = num
	e.typ = names.typeOf(e.strBytes(protocol.FieldType))
	e.runID = names.run(e.strBytes(protocol.FieldRunID))
	return e.typ != ""
}

// recentNames keeps the strings of event types and of the last run id:
// nearly every event is of a type the protocol names and of the run of
// the event before, and making both strings anew for each event was two
// of the three allocations of a text delta's line.
type recentNames struct{ runID string }

var eventTypeNames = func() map[string]string {
	m := map[string]string{}
	for _, t := range append(protocol.EventTypes(false), protocol.EventTypes(true)...) {
		m[t] = t
	}
	return m
}()

func (*recentNames) typeOf(b []byte) string {
	if s, ok := eventTypeNames[string(b)]; ok {
		return s
	}
	return string(b)
}

func (n *recentNames) run(b []byte) string {
	if string(b) != n.runID {
		n.runID = string(b)
	}
	return n.runID
}

// value returns the raw value of a top-level key.
func (e *event) value(key string) (protocol.Value, bool) {
	for i := range e.members {
		m := &e.members[i]
		if !m.KeyEscaped && string(m.Key) == key {
			return m.Value, true
		}
	}
	return protocol.Value{}, false
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
