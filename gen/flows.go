package gen

import (
	"slices"
	"strconv"

	"github.com/zsj-dev/zsj/protocol"
)

// flow is how one tool call plays out, from the model's request to the
// tool's result.
type flow uint8

const (
	flowPlain       flow = iota // tool_call, tool_result ok
	flowFailed                  // tool_call, tool_result error
	flowTruncated               // tool_call, tool_result ok and truncated
	flowGranted                 // permission_request, decision allow, tool_call, tool_result
	flowDenied                  // permission_request, decision deny, tool_result error
	flowBlockedAsk              // permission_request with block, decision deny with block, tool_result error
	flowHeadless                // permission_request, denied tool_result: no one to ask, no tool_call
	flowBlockedCall             // tool_call with block, tool_result error with block
)

var flowCards = append(repeat(flowPlain, 10),
	flowFailed, flowFailed, flowTruncated, flowTruncated,
	flowGranted, flowGranted, flowGranted, flowDenied,
	flowBlockedAsk, flowHeadless, flowBlockedCall)

func (w *runWriter) nextCallID() string {
	w.calls++
	return "call_" + strconv.Itoa(w.calls)
}

func (w *runWriter) callFlow(f flow) {
	r := w.r
	id := w.nextCallID()
	switch f {
	case flowPlain, flowFailed, flowTruncated:
		t := w.anyTool()
		w.toolCall(id, t.name, w.maybeSecretArgs(w.callArgs(t, f)), t.sideEffect, nil)
		switch f {
		case flowPlain:
			w.toolResultOK(id, t, false)
		case flowFailed:
			w.toolResultError(id, w.failureOutput(), nil)
		default:
			w.toolResultOK(id, t, true)
		}
	case flowGranted, flowDenied, flowHeadless:
		t := pick(r, pick(r, w.g.gated))
		args := w.callArgs(t, f)
		w.permissionRequest(id, t.name, t.sideEffect, permissionReasons[t.sideEffect], nil)
		switch f {
		case flowGranted:
			action, why := "allow", "approved in TUI"
			if r.chance(30) {
				action, why = "always_allow", "always allowed for this session"
			}
			w.permissionDecision(id, t.name, action, true, why, t.sideEffect, nil)
			w.toolCall(id, t.name, w.maybeSecretArgs(args), t.sideEffect, nil)
			w.toolResultOK(id, t, false)
		case flowDenied:
			action, why := "deny", "denied by user"
			if r.chance(25) {
				action, why = "cancel", "prompt dismissed"
			}
			w.permissionDecision(id, t.name, action, false, why, t.sideEffect, nil)
			w.toolResultError(id, w.escaped("permission denied: the user declined "+t.name), nil)
		default:
			w.toolResultError(id, w.escaped("permission denied: "+t.name+" needs approval and headless exec has no one to ask; pre-approve it or change the permission mode"), nil)
		}
	case flowBlockedAsk:
		rule := pick(r, sandboxRules)
		w.permissionRequest(id, rule.tool, rule.sideEffect, rule.reason, &rule)
		w.permissionDecision(id, rule.tool, "deny", false, "sandbox policy", rule.sideEffect, &rule)
		w.toolResultError(id, w.escaped("blocked by sandbox: "+rule.reason), &rule)
	case flowBlockedCall:
		rule := pick(r, sandboxRules)
		w.toolCall(id, rule.tool, w.maybeSecretArgs(rule.args), rule.sideEffect, &rule)
		w.toolResultError(id, w.escaped("blocked by sandbox: "+rule.reason), &rule)
	}
}

// anyTool picks the tool of an ordinary call: mostly reads, and every
// side effect in every round of the deck.
func (w *runWriter) anyTool() tool {
	return pick(w.r, w.g.toolKinds.deal(w.r))
}

// toolKindCards weighs the kinds of tools of ordinary calls.
var toolKindCards = slices.Concat(repeat(readTools, 5), repeat(shellTools, 3),
	[][]tool{writeTools, networkTools, otherTools})

func (w *runWriter) toolCall(id, name, args, sideEffect string, rule *sandboxRule) {
	w.begin(evToolCall)
	w.out = appendStringField(w.out, protocol.FieldID, id)
	w.out = appendStringField(w.out, protocol.FieldName, name)
	w.out = append(appendKey(w.out, protocol.FieldArgs), args...)
	// Some producers leave sideEffect out when it is obvious from the name.
	if sideEffect == "unknown" || w.r.chance(85) {
		w.out = appendStringField(w.out, protocol.FieldSideEffect, sideEffect)
	}
	if rule != nil {
		w.block(rule, "deny")
	}
	w.end()
}

func (w *runWriter) permissionRequest(id, name, sideEffect, reason string, rule *sandboxRule) {
	w.begin(evPermissionRequest)
	w.out = appendStringField(w.out, protocol.FieldID, id)
	w.out = appendStringField(w.out, protocol.FieldName, name)
	w.out = appendStringField(w.out, protocol.FieldAction, "prompt")
	w.out = appendStringField(w.out, protocol.FieldPermission, "prompt")
	w.out = appendStringField(w.out, protocol.FieldPermissionMode, pick(w.r, permissionModes))
	w.out = appendStringField(w.out, protocol.FieldSideEffect, sideEffect)
	w.out = appendStringField(w.out, protocol.FieldReason, w.maybeSecretText(reason, 20))
	if rule != nil {
		w.risk(rule)
		w.block(rule, "prompt")
	}
	w.end()
}

var permissionModes = []string{"ask", "ask", "ask", "auto-edit", "plan"}

func (w *runWriter) permissionDecision(id, name, action string, granted bool, why, sideEffect string, rule *sandboxRule) {
	w.begin(evPermissionDecision)
	w.out = appendStringField(w.out, protocol.FieldID, id)
	w.out = appendStringField(w.out, protocol.FieldName, name)
	w.out = appendStringField(w.out, protocol.FieldAction, action)
	w.out = appendStringField(w.out, protocol.FieldPermission, "prompt")
	w.out = appendBoolField(w.out, protocol.FieldPermissionGranted, granted)
	w.out = appendStringField(w.out, protocol.FieldDecisionReason, why)
	if w.r.chance(50) {
		w.out = appendStringField(w.out, protocol.FieldSideEffect, sideEffect)
	}
	if rule != nil {
		w.out = appendStringField(w.out, protocol.FieldReason, rule.reason)
		w.risk(rule)
		w.block(rule, action)
	}
	w.end()
}

func (w *runWriter) toolResultOK(id string, t tool, truncated bool) {
	w.begin(evToolResult)
	w.out = appendStringField(w.out, protocol.FieldID, id)
	w.out = appendStringField(w.out, protocol.FieldStatus, "ok")
	w.out = append(w.out, `,"output":"`...)
	start := len(w.out)
	if w.g.tree != nil {
		truncated = w.real.truncated
	}
	w.out = w.toolOutput(w.out, t, truncated)
	w.pending += (len(w.out) - start) / 4
	w.out = append(w.out, `","truncated":`...)
	w.out = strconv.AppendBool(w.out, truncated)
	w.end()
}

// toolResultError writes a failed result; output is already escaped.
func (w *runWriter) toolResultError(id string, output []byte, rule *sandboxRule) {
	w.begin(evToolResult)
	w.out = appendStringField(w.out, protocol.FieldID, id)
	w.out = appendStringField(w.out, protocol.FieldStatus, "error")
	w.out = append(w.out, `,"output":"`...)
	w.out = append(w.out, output...)
	w.out = append(w.out, `","truncated":false`...)
	if rule != nil {
		w.block(rule, "deny")
	}
	w.end()
}

func (w *runWriter) risk(rule *sandboxRule) {
	w.out = appendKey(w.out, protocol.FieldRisk)
	w.appendRisk(rule)
}

func (w *runWriter) appendRisk(rule *sandboxRule) {
	w.out = append(w.out, `{"level":`...)
	w.out = appendString(w.out, rule.level)
	w.out = append(w.out, `,"categories":[`...)
	for i, c := range rule.categories {
		if i > 0 {
			w.out = append(w.out, ',')
		}
		w.out = appendString(w.out, c)
	}
	w.out = append(w.out, ']', '}')
}

// block writes the sandbox metadata: "block" in version 2, "violation" in
// version 1. Only code is required; the others are left out now and then.
func (w *runWriter) block(rule *sandboxRule, action string) {
	w.appendBlock(protocol.SandboxKey(w.g.opts.SchemaVersion), rule, action)
}

func (w *runWriter) appendBlock(key string, rule *sandboxRule, action string) {
	r := w.r
	w.out = appendKey(w.out, key)
	w.out = append(w.out, `{"code":`...)
	w.out = appendString(w.out, rule.code)
	w.out = appendStringField(w.out, protocol.FieldToolName, rule.tool)
	w.out = appendStringField(w.out, protocol.FieldAction, action)
	if r.chance(80) {
		w.out = appendKey(w.out, protocol.FieldRisk)
		w.appendRisk(rule)
	}
	w.out = appendStringField(w.out, protocol.FieldReason, w.maybeSecretText(rule.reason, 25))
	if r.chance(85) {
		w.out = appendBoolField(w.out, protocol.FieldRecoverable, rule.level != "critical")
	}
	w.out = append(w.out, '}')
}
