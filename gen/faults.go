package gen

import "github.com/zsj-dev/zsj/protocol"

// Planted faults for validator tests. Each run gets one, dealt from a deck
// so that a few dozen runs hold every kind. Every fault is one line (or one
// missing line) that breaks exactly one rule; the rest of its run stays
// valid, so a validator's report can be checked line by line.
type fault uint8

const (
	faultNone fault = iota
	faultNotJSON
	faultArray
	faultDuplicateKey
	faultUnknownField
	faultUnknownType
	faultBadID
	faultMissingField
	faultWrongType
	faultOtherVersionField // violation in a v2 log, block in a v1 log
	faultUnfinished        // the run stops without run_end
	faultOrphanResult
	faultDuplicateFinal
	faultEndStatus // run_end success with a non-zero exit code
	numFaults
)

func faultCards() []fault {
	cards := make([]fault, 0, numFaults-1)
	for f := faultNone + 1; f < numFaults; f++ {
		cards = append(cards, f)
	}
	return cards
}

// needsSuccess is true for faults planted in a run's successful ending.
func (f fault) needsSuccess() bool { return f == faultDuplicateFinal || f == faultEndStatus }

// rule is the code a validator reports for f.
func (f fault) rule(version int) string {
	switch f {
	case faultNotJSON:
		return protocol.RuleInvalidJSON
	case faultArray:
		return protocol.RuleNotObject
	case faultDuplicateKey:
		return protocol.RuleDuplicateKey
	case faultUnknownField:
		return protocol.RuleUnknownField
	case faultUnknownType:
		return protocol.RuleUnknownType
	case faultBadID:
		return protocol.RuleBadID
	case faultMissingField:
		return protocol.RuleMissingField
	case faultWrongType:
		return protocol.RuleWrongType
	case faultOtherVersionField:
		if version == 1 {
			return protocol.RuleBlockInV1
		}
		return protocol.RuleViolationInV2
	case faultUnfinished:
		return protocol.RuleUnfinishedRun
	case faultOrphanResult:
		return protocol.RuleOrphanToolResult
	case faultDuplicateFinal:
		return protocol.RuleDuplicateFinal
	case faultEndStatus:
		return protocol.RuleEndStatusExitCode
	}
	return ""
}

// Lines a producer's stdout picks up from elsewhere.
var strayLines = []string{
	"npm warn deprecated glob@7.2.3: Glob versions prior to v9 are no longer supported",
	"Killed",
	`{"schemaVersion":2,"type":"text","runId":`,
	"zero: warning: could not restore terminal settings",
}

// lineFault writes the run's faulty line for the faults that are one line
// in the middle of a run.
func (w *runWriter) lineFault() {
	f, version := w.fault, w.g.opts.SchemaVersion
	rule := f.rule(version)
	switch f {
	case faultNone, faultUnfinished, faultDuplicateFinal, faultEndStatus:
		return // not a line in the middle; see run and finish
	case faultOtherVersionField:
		// The request is fine; its decision carries the other version's key.
		rule := pick(w.r, sandboxRules)
		id := w.nextCallID()
		w.permissionRequest(id, rule.tool, rule.sideEffect, rule.reason, &rule)
		w.markFault(len(w.ends), f.rule(version))
		w.begin(evPermissionDecision)
		w.out = appendStringField(w.out, protocol.FieldID, id)
		w.out = appendStringField(w.out, protocol.FieldName, rule.tool)
		w.out = appendStringField(w.out, protocol.FieldAction, "deny")
		w.out = appendStringField(w.out, protocol.FieldPermission, "prompt")
		w.out = appendBoolField(w.out, protocol.FieldPermissionGranted, false)
		w.appendBlock(protocol.SandboxKey(3-version), &rule, "deny")
		w.end()
		w.toolResultError(id, w.escaped("blocked by sandbox: "+rule.reason), nil)
		return
	}
	w.markFault(len(w.ends), rule)
	switch f {
	case faultNotJSON:
		w.out = append(w.out, pick(w.r, strayLines)...)
		w.out = append(w.out, '\n')
		w.ends = append(w.ends, len(w.out))
		return
	case faultArray:
		w.out = append(w.out, '[')
		w.out = append(w.out, w.prefix[evText]...)
		w.out = append(w.out, `,"delta":"wrapped in an array"}]`+"\n"...)
		w.ends = append(w.ends, len(w.out))
		return
	case faultDuplicateKey:
		w.begin(evText)
		w.out = append(w.out, `,"delta":"first","delta":"second"`...)
	case faultUnknownField:
		w.begin(evText)
		w.out = append(w.out, `,"delta":"tagged","channel":"commentary"`...)
	case faultUnknownType:
		w.out = appendEventStart(w.out, version, "heartbeat", w.runID)
	case faultBadID:
		w.begin(evToolCall)
		w.out = append(w.out, `,"id":"call 0","name":"read_file","args":{"path":"README.md"},"sideEffect":"read"`...)
	case faultMissingField:
		w.begin(evWarning) // warning without its message
	case faultWrongType:
		w.begin(evText)
		w.out = append(w.out, `,"delta":42`...)
	case faultOrphanResult:
		// Ids start at call_1, so call_0 was never called.
		w.begin(evToolResult)
		w.out = append(w.out, `,"id":"call_0","status":"ok","output":"","truncated":false`...)
	}
	w.end()
}
