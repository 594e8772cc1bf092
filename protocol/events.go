package protocol

// fieldKind is what a field's value must be (docs/PROTOCOL.md section 3).
type fieldKind uint8

const (
	fieldAny          fieldKind = iota // any JSON value, not inspected (args)
	fieldID                            // Id: 1-128 chars of [A-Za-z0-9._:-], first a letter or digit
	fieldText                          // any string
	fieldNonEmpty                      // a string of at least one character
	fieldAction                        // NonEmpty; unusual values are a warning
	fieldCount                         // a finite number >= 0; fractions are a warning
	fieldBool                          // true or false
	fieldExitCode                      // an integer >= 0
	fieldSideEffect                    // read, write, shell, network, unknown
	fieldResultStatus                  // ok, error
	fieldEndStatus                     // success, error
	fieldRole                          // user
	fieldBlock                         // a Block object (v2 block, v1 violation)
	fieldRisk                          // a Risk object
	fieldRiskLevel                     // NonEmpty; unusual values are a warning
	fieldCategories                    // a non-empty... array of NonEmpty
)

// field is one field an object may carry.
type field struct {
	name     string
	kind     fieldKind
	required bool
}

// sandboxField stands for the sandbox metadata field, named block in
// version 2 and violation in version 1.
const sandboxField = "\x00sandbox"

// eventSpec is the shape of one event type.
type eventSpec struct {
	name   string
	input  bool // an input event: no runId
	fields []field
}

// Common fields every output event carries; input events lack runId.
var (
	fSchemaVersion = field{"schemaVersion", fieldAny, true} // checked on its own
	fType          = field{"type", fieldAny, true}          // checked on its own
	fRunID         = field{"runId", fieldID, true}
)

func req(name string, kind fieldKind) field { return field{name, kind, true} }
func opt(name string, kind fieldKind) field { return field{name, kind, false} }

// Event types, as in docs/PROTOCOL.md section 3.
var eventSpecs = []*eventSpec{
	{name: "message", input: true, fields: []field{req("role", fieldRole), req("content", fieldNonEmpty)}},
	{name: "prompt", input: true, fields: []field{req("content", fieldNonEmpty)}},
	{name: "run_start", fields: []field{req("cwd", fieldNonEmpty), req("provider", fieldNonEmpty), req("model", fieldNonEmpty), opt("sessionId", fieldID), opt("apiModel", fieldNonEmpty)}},
	{name: "reasoning", fields: []field{req("delta", fieldText)}},
	{name: "text", fields: []field{req("delta", fieldText)}},
	{name: "tool_call", fields: []field{req("id", fieldID), req("name", fieldNonEmpty), opt("args", fieldAny), opt("sideEffect", fieldSideEffect), opt(sandboxField, fieldBlock)}},
	{name: "permission_request", fields: []field{req("id", fieldID), req("name", fieldNonEmpty), req("action", fieldAction), req("permission", fieldNonEmpty),
		opt("permissionMode", fieldNonEmpty), opt("sideEffect", fieldSideEffect), opt("reason", fieldText), opt("risk", fieldRisk), opt(sandboxField, fieldBlock)}},
	{name: "permission_decision", fields: []field{req("id", fieldID), req("name", fieldNonEmpty), req("action", fieldAction), req("permission", fieldNonEmpty), req("permissionGranted", fieldBool),
		opt("decisionReason", fieldText), opt("permissionMode", fieldNonEmpty), opt("sideEffect", fieldSideEffect), opt("reason", fieldText), opt("risk", fieldRisk), opt(sandboxField, fieldBlock)}},
	{name: "tool_result", fields: []field{req("id", fieldID), req("status", fieldResultStatus), req("output", fieldText), req("truncated", fieldBool), opt(sandboxField, fieldBlock)}},
	{name: "usage", fields: []field{opt("promptTokens", fieldCount), opt("completionTokens", fieldCount), opt("totalTokens", fieldCount), opt("costUsd", fieldCount),
		opt("cachedInputTokens", fieldCount), opt("cacheWriteTokens", fieldCount), opt("reasoningTokens", fieldCount)}},
	{name: "final", fields: []field{req("text", fieldText)}},
	{name: "warning", fields: []field{req("message", fieldNonEmpty)}},
	{name: "error", fields: []field{req("code", fieldNonEmpty), req("message", fieldNonEmpty), req("recoverable", fieldBool)}},
	{name: "run_end", fields: []field{req("status", fieldEndStatus), req("exitCode", fieldExitCode)}},
}

// blockFields is the shape of Block (v2) and violation (v1).
var blockFields = []field{req("code", fieldNonEmpty), opt("toolName", fieldNonEmpty), opt("action", fieldNonEmpty), opt("risk", fieldRisk), opt("reason", fieldText), opt("recoverable", fieldBool)}

// riskFields is the shape of Risk.
var riskFields = []field{req("level", fieldRiskLevel), req("categories", fieldCategories)}

// specByName finds an event type without allocating.
func specByName(name []byte) *eventSpec {
	for _, s := range eventSpecs {
		if string(name) == s.name {
			return s
		}
	}
	return nil
}

// EventTypes lists the event types of one kind, in protocol order.
func EventTypes(input bool) []string {
	var names []string
	for _, s := range eventSpecs {
		if s.input == input {
			names = append(names, s.name)
		}
	}
	return names
}

// IsInputType reports whether name is an input event type.
func IsInputType(name string) bool {
	s := specByName([]byte(name))
	return s != nil && s.input
}

// SandboxKey is the name of the sandbox metadata field in a schema version.
func SandboxKey(version int) string {
	if version == 1 {
		return "violation"
	}
	return "block"
}

var (
	sideEffects  = []string{"read", "write", "shell", "network", "unknown"}
	usualActions = []string{"prompt", "allow", "deny", "always_allow", "cancel"}
	usualLevels  = []string{"low", "medium", "high", "critical"}
	resultStatus = []string{"ok", "error"}
	endStatus    = []string{"success", "error"}
	inputRoles   = []string{"user"}
)

func oneOf(b []byte, set []string) bool {
	for _, s := range set {
		if string(b) == s {
			return true
		}
	}
	return false
}
