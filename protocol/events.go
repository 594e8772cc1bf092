package protocol

// The event table of docs/PROTOCOL.md sections 2 and 3, written once. The
// validator checks fields with it (check_event.go), the JSON Schema export
// is built from it (schema_events.go), and other packages take their field
// lists from it (fields.go).

// fieldKind is what a field's value must be (docs/PROTOCOL.md section 3).
type fieldKind uint8

const (
	fieldAny          fieldKind = iota // any JSON value, not inspected (args)
	fieldID                            // Id: 1-128 chars of [A-Za-z0-9._:-], first a letter or digit
	fieldText                          // any string
	fieldNonEmpty                      // a string of at least one character
	fieldAction                        // NonEmpty; unusual values are a warning
	fieldCount                         // a finite number >= 0; fractions are a warning
	fieldCost                          // a Count where fractions are usual (an amount of money)
	fieldBool                          // true or false
	fieldExitCode                      // an integer >= 0
	fieldSideEffect                    // read, write, shell, network, unknown
	fieldResultStatus                  // ok, error
	fieldEndStatus                     // success, error
	fieldRole                          // user
	fieldBlock                         // a Block object (v2 block, v1 violation)
	fieldRisk                          // a Risk object
	fieldRiskLevel                     // NonEmpty; unusual values are a warning
	fieldCategories                    // an array of NonEmpty
)

// field is one field an object may carry.
type field struct {
	name     string
	kind     fieldKind
	required bool
	// versions has bit v set when the field exists in schema version v.
	// Only the sandbox field differs: violation in 1, block in 2.
	versions uint8
	// repeats marks a string whose values come from a small set and
	// recur from event to event (names, enums, run and session ids), so a
	// reader may share one copy of each value.
	repeats bool
	// note describes a field whose kind says little (args), for the schema.
	note string
}

const allVersions uint8 = 1<<1 | 1<<2

// inVersion reports whether f exists in version; 0 (a version not known
// yet) accepts every field.
func (f *field) inVersion(version int) bool {
	return version == 0 || f.versions&(1<<version) != 0
}

func req(name string, kind fieldKind) field {
	return field{name: name, kind: kind, required: true, versions: allVersions}
}
func opt(name string, kind fieldKind) field {
	return field{name: name, kind: kind, versions: allVersions}
}

// shared marks the field's values as repeating (field.repeats).
func (f field) shared() field { f.repeats = true; return f }

// only keeps the field to one schema version.
func (f field) only(version int) field { f.versions = 1 << version; return f }

// eventSpec is the shape of one event type.
type eventSpec struct {
	name        string
	input       bool // an input event: no runId
	description string
	fields      []field
}

// The fields every event carries before its own; input events lack runId.
// They are checked on their own (check_event.go), not through eventSpec.
var (
	commonFields = []field{req(FieldSchemaVersion, fieldAny), req(FieldType, fieldAny).shared()}
	fRunID       = req(FieldRunID, fieldID).shared()
)

// sandboxFields is the optional sandbox metadata field of tool events, in
// each version's spelling.
var sandboxFields = []field{opt(FieldViolation, fieldBlock).only(1), opt(FieldBlock, fieldBlock).only(2)}

// toolFields are the fields of a tool event (tool_call, the permission
// events, tool_result): its own, then the sandbox field.
func toolFields(fields ...field) []field { return append(fields, sandboxFields...) }

// Event types, as in docs/PROTOCOL.md section 3, in its order.
var eventSpecs = []*eventSpec{
	{name: TypeMessage, input: true,
		description: "A user message; accepted content is joined in order, separated by one blank line, to form the prompt.",
		fields:      []field{req(FieldRole, fieldRole).shared(), req(FieldContent, fieldNonEmpty)}},
	{name: TypePrompt, input: true,
		description: "Prompt text; accepted content is joined in order, separated by one blank line, to form the prompt.",
		fields:      []field{req(FieldContent, fieldNonEmpty)}},
	{name: TypeRunStart, description: "The first event of a run.",
		fields: []field{req(FieldCwd, fieldNonEmpty).shared(), req(FieldProvider, fieldNonEmpty).shared(), req(FieldModel, fieldNonEmpty).shared(),
			opt(FieldSessionID, fieldID).shared(), opt(FieldAPIModel, fieldNonEmpty).shared()}},
	{name: TypeReasoning, description: "A live reasoning or status delta; not part of the answer text.",
		fields: []field{req(FieldDelta, fieldText)}},
	{name: TypeText, description: "A delta of the answer text.",
		fields: []field{req(FieldDelta, fieldText)}},
	{name: TypeToolCall, description: "The model calls a tool.",
		fields: toolFields(req(FieldID, fieldID), req(FieldName, fieldNonEmpty).shared(),
			field{name: FieldArgs, kind: fieldAny, versions: allVersions, note: "The tool's arguments: any JSON value, not inspected."},
			opt(FieldSideEffect, fieldSideEffect).shared())},
	{name: TypePermissionRequest, description: "A tool call needs permission.",
		fields: toolFields(req(FieldID, fieldID), req(FieldName, fieldNonEmpty).shared(), req(FieldAction, fieldAction).shared(), req(FieldPermission, fieldNonEmpty).shared(),
			opt(FieldPermissionMode, fieldNonEmpty).shared(), opt(FieldSideEffect, fieldSideEffect).shared(), opt(FieldReason, fieldText), opt(FieldRisk, fieldRisk))},
	{name: TypePermissionDecision, description: "The answer to a permission_request.",
		fields: toolFields(req(FieldID, fieldID), req(FieldName, fieldNonEmpty).shared(), req(FieldAction, fieldAction).shared(), req(FieldPermission, fieldNonEmpty).shared(),
			req(FieldPermissionGranted, fieldBool), opt(FieldDecisionReason, fieldText), opt(FieldPermissionMode, fieldNonEmpty).shared(),
			opt(FieldSideEffect, fieldSideEffect).shared(), opt(FieldReason, fieldText), opt(FieldRisk, fieldRisk))},
	{name: TypeToolResult, description: "The result of a tool_call, or the denial of a permission_request.",
		fields: toolFields(req(FieldID, fieldID), req(FieldStatus, fieldResultStatus).shared(), req(FieldOutput, fieldText), req(FieldTruncated, fieldBool))},
	{name: TypeUsage, description: "Token and cost counts.",
		fields: []field{opt(FieldPromptTokens, fieldCount), opt(FieldCompletionTokens, fieldCount), opt(FieldTotalTokens, fieldCount), opt(FieldCostUSD, fieldCost),
			opt(FieldCachedInputTokens, fieldCount), opt(FieldCacheWriteTokens, fieldCount), opt(FieldReasoningTokens, fieldCount)}},
	{name: TypeFinal, description: "The final answer of the run.",
		fields: []field{req(FieldText, fieldText)}},
	{name: TypeWarning, description: "Something the user should know; the run goes on.",
		fields: []field{req(FieldMessage, fieldNonEmpty)}},
	{name: TypeError, description: "An error; a non-recoverable one is followed by the run's run_end.",
		fields: []field{req(FieldCode, fieldNonEmpty).shared(), req(FieldMessage, fieldNonEmpty), req(FieldRecoverable, fieldBool)}},
	{name: TypeRunEnd, description: "The last event of a run. Status success goes with exitCode 0, status error with any other exit code.",
		fields: []field{req(FieldStatus, fieldEndStatus).shared(), req(FieldExitCode, fieldExitCode)}},
}

// blockFields is the shape of Block (v2) and violation (v1).
var blockFields = []field{req(FieldCode, fieldNonEmpty).shared(), opt(FieldToolName, fieldNonEmpty).shared(), opt(FieldAction, fieldNonEmpty).shared(),
	opt(FieldRisk, fieldRisk), opt(FieldReason, fieldText), opt(FieldRecoverable, fieldBool)}

// riskFields is the shape of Risk.
var riskFields = []field{req(FieldLevel, fieldRiskLevel).shared(), req(FieldCategories, fieldCategories)}

// The closed and the usual sets of values.
var (
	sideEffects  = []string{"read", "write", "shell", "network", "unknown"}
	usualActions = []string{"prompt", "allow", "deny", "always_allow", "cancel"}
	usualLevels  = []string{"low", "medium", "high", "critical"}
	resultStatus = []string{"ok", "error"}
	endStatus    = []string{"success", "error"}
	inputRoles   = []string{"user"}
)

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
		return FieldViolation
	}
	return FieldBlock
}

func oneOf(b []byte, set []string) bool {
	for _, s := range set {
		if string(b) == s {
			return true
		}
	}
	return false
}
