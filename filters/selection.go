package filters

import (
	"slices"

	"github.com/zsj-dev/zsj/protocol"
)

// Selection holds the shortcut flags: event selectors that need no jq.
// Values within one field are alternatives (any matches); different
// fields must all match.
type Selection struct {
	Types   []string // --type: the event's type is one of these
	Runs    []string // --run: its runId is one of these
	IDs     []string // --id: its tool call id is one of these
	Tools   []string // --tool: calls of these tools, their permission events and results
	Blocked bool     // --blocked: it carries block (v2) or violation (v1)
	Failed  bool     // --failed: error events, failed tool results, failed runs
}

// Active reports whether any shortcut is set.
func (s Selection) Active() bool {
	return len(s.Types) > 0 || len(s.Runs) > 0 || len(s.IDs) > 0 || len(s.Tools) > 0 || s.Blocked || s.Failed
}

// stateful reports whether matching a line depends on earlier lines: a
// tool's result names the tool only through its call's id.
func (s Selection) stateful() bool { return len(s.Tools) > 0 }

// toolTypes are the events that carry a tool name.
var toolTypes = []string{protocol.TypeToolCall, protocol.TypePermissionRequest, protocol.TypePermissionDecision}

// selector matches events against a Selection by their top-level fields.
// It is not safe for concurrent use; a stateless Selection may be copied
// into one selector per worker.
type selector struct {
	Selection
	calls map[runCall]bool // --tool: the calls of the named tools seen so far
}

type runCall struct{ run, id string }

func newSelector(s Selection) *selector {
	return &selector{Selection: s, calls: map[runCall]bool{}}
}

// event holds the top-level fields a Selection looks at, not yet decoded:
// a selector decodes only the ones its flags need.
type event struct {
	typ, run, id, name, status *field // nil when missing
	blocked                    bool
}

func (s *selector) fields(fs []field) event {
	var ev event
	for i := range fs {
		f := &fs[i]
		// A key spelled with escapes is only one of ours once decoded.
		if !ev.set(f.key, f) && hasBackslash(f.key) {
			ev.set(protocol.AppendUnescaped(nil, f.key), f)
		}
	}
	return ev
}

// set records f under key when a selector may look at it.
func (ev *event) set(key []byte, f *field) bool {
	switch string(key) {
	case protocol.FieldType:
		ev.typ = f
	case protocol.FieldRunID:
		ev.run = f
	case "id":
		ev.id = f
	case "name":
		ev.name = f
	case "status":
		ev.status = f
	case "block", "violation":
		ev.blocked = true
	default:
		return false
	}
	return true
}

// match reports whether an event with these top-level fields is selected,
// and for --tool remembers the calls it names.
func (s *selector) match(fs []field) bool {
	ev := s.fields(fs)
	// --tool must see every event, or a result could not be told from
	// the call the other selectors dropped.
	if len(s.Tools) > 0 && !s.tool(ev) {
		return false
	}
	if len(s.Types) > 0 && !containsText(s.Types, ev.typ.textOrNil()) {
		return false
	}
	if len(s.Runs) > 0 && !containsText(s.Runs, ev.run.textOrNil()) {
		return false
	}
	if len(s.IDs) > 0 && !containsText(s.IDs, ev.id.textOrNil()) {
		return false
	}
	if s.Blocked && !ev.blocked {
		return false
	}
	return !s.Failed || failed(ev)
}

func failed(ev event) bool {
	switch string(ev.typ.textOrNil()) {
	case protocol.TypeError:
		return true
	case protocol.TypeToolResult, protocol.TypeRunEnd:
		return string(ev.status.textOrNil()) == "error"
	}
	return false
}

// tool follows tool calls by id within their run: a call or permission
// event names the tool, and the result that carries the same id belongs
// to it (a headless denial has a permission_request and no tool_call).
func (s *selector) tool(ev event) bool {
	typ, run, id := ev.typ.textOrNil(), ev.run.textOrNil(), ev.id.textOrNil()
	switch {
	case slices.Contains(toolTypes, string(typ)):
		if !containsText(s.Tools, ev.name.textOrNil()) {
			return false
		}
		if id != nil {
			s.calls[runCall{string(run), string(id)}] = true
		}
		return true
	case string(typ) == "tool_result":
		return s.calls[runCall{string(run), string(id)}]
	}
	return false
}

func containsText(list []string, text []byte) bool {
	if text == nil {
		return false
	}
	for _, s := range list {
		if s == string(text) {
			return true
		}
	}
	return false
}
