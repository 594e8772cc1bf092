package protocol

// The event tables of docs/PROTOCOL.md section 3, as the JSON Schema export sees
// them. Each field names its value type by a $defs entry (schema_defs.go),
// so the rules for Id, NonEmpty, Count, Risk and Block are written once.

// schemaEvent is one event type: its fields besides schemaVersion, type and
// runId, which every event (or every output event) has.
type schemaEvent struct {
	typ         string
	description string
	fields      []schemaField
	// rules holds conditions over several fields of the event (allOf
	// entries), for the rules a property list cannot say.
	rules []schemaObject
}

type schemaField struct {
	name     string
	value    schemaObject
	required bool
}

func schemaReq(name string, value schemaObject) schemaField {
	return schemaField{name: name, value: value, required: true}
}

func schemaOpt(name string, value schemaObject) schemaField {
	return schemaField{name: name, value: value}
}

// schemaRef points at an entry of the schema's $defs.
func schemaRef(def string) schemaObject { return schemaObj("$ref", "#/$defs/"+def) }

var (
	schemaIDRef         = schemaRef("Id")
	schemaTextRef       = schemaRef("Text")
	schemaNonEmptyRef   = schemaRef("NonEmpty")
	schemaCountRef      = schemaRef("Count")
	schemaRiskRef       = schemaRef("Risk")
	schemaBlockRef      = schemaRef("Block")
	schemaSideEffectRef = schemaRef("SideEffect")
	schemaBoolean       = schemaObj("type", "boolean")
)

// schemaInputEvents are the events a client sends to Zero. They carry no
// runId.
func schemaInputEvents() []schemaEvent {
	return []schemaEvent{
		{typ: "message", description: "A user message; accepted content is joined in order, separated by one blank line, to form the prompt.",
			fields: []schemaField{
				schemaReq("role", schemaObj("const", "user")),
				schemaReq("content", schemaNonEmptyRef),
			}},
		{typ: "prompt", description: "Prompt text; accepted content is joined in order, separated by one blank line, to form the prompt.",
			fields: []schemaField{
				schemaReq("content", schemaNonEmptyRef),
			}},
	}
}

// schemaOutputEvents are the events Zero writes. blockKey is the name of
// the sandbox metadata field, which version 2 renamed from violation to
// block.
func schemaOutputEvents(blockKey string) []schemaEvent {
	return []schemaEvent{
		{typ: "run_start", description: "The first event of a run.",
			fields: []schemaField{
				schemaReq("cwd", schemaNonEmptyRef),
				schemaReq("provider", schemaNonEmptyRef),
				schemaReq("model", schemaNonEmptyRef),
				schemaOpt("sessionId", schemaIDRef),
				schemaOpt("apiModel", schemaNonEmptyRef),
			}},
		{typ: "reasoning", description: "A live reasoning or status delta; not part of the answer text.",
			fields: []schemaField{
				schemaReq("delta", schemaTextRef),
			}},
		{typ: "text", description: "A delta of the answer text.",
			fields: []schemaField{
				schemaReq("delta", schemaTextRef),
			}},
		{typ: "tool_call", description: "The model calls a tool.",
			fields: []schemaField{
				schemaReq("id", schemaIDRef),
				schemaReq("name", schemaNonEmptyRef),
				schemaOpt("args", schemaObj("description", "The tool's arguments: any JSON value, not inspected.")),
				schemaOpt("sideEffect", schemaSideEffectRef),
				schemaOpt(blockKey, schemaBlockRef),
			}},
		{typ: "permission_request", description: "A tool call needs permission.",
			fields: []schemaField{
				schemaReq("id", schemaIDRef),
				schemaReq("name", schemaNonEmptyRef),
				schemaReq("action", schemaPermissionAction()),
				schemaReq("permission", schemaNonEmptyRef),
				schemaOpt("permissionMode", schemaNonEmptyRef),
				schemaOpt("sideEffect", schemaSideEffectRef),
				schemaOpt("reason", schemaTextRef),
				schemaOpt("risk", schemaRiskRef),
				schemaOpt(blockKey, schemaBlockRef),
			}},
		{typ: "permission_decision", description: "The answer to a permission_request.",
			fields: []schemaField{
				schemaReq("id", schemaIDRef),
				schemaReq("name", schemaNonEmptyRef),
				schemaReq("action", schemaPermissionAction()),
				schemaReq("permission", schemaNonEmptyRef),
				schemaReq("permissionGranted", schemaBoolean),
				schemaOpt("decisionReason", schemaTextRef),
				schemaOpt("permissionMode", schemaNonEmptyRef),
				schemaOpt("sideEffect", schemaSideEffectRef),
				schemaOpt("reason", schemaTextRef),
				schemaOpt("risk", schemaRiskRef),
				schemaOpt(blockKey, schemaBlockRef),
			}},
		{typ: "tool_result", description: "The result of a tool_call, or the denial of a permission_request.",
			fields: []schemaField{
				schemaReq("id", schemaIDRef),
				schemaReq("status", schemaObj("type", "string", "enum", []string{"ok", "error"})),
				schemaReq("output", schemaTextRef),
				schemaReq("truncated", schemaBoolean),
				schemaOpt(blockKey, schemaBlockRef),
			}},
		{typ: "usage", description: "Token and cost counts.",
			fields: []schemaField{
				schemaOpt("promptTokens", schemaCountRef),
				schemaOpt("completionTokens", schemaCountRef),
				schemaOpt("totalTokens", schemaCountRef),
				schemaOpt("costUsd", schemaCountRef),
				schemaOpt("cachedInputTokens", schemaCountRef),
				schemaOpt("cacheWriteTokens", schemaCountRef),
				schemaOpt("reasoningTokens", schemaCountRef),
			}},
		{typ: "final", description: "The final answer of the run.",
			fields: []schemaField{
				schemaReq("text", schemaTextRef),
			}},
		{typ: "warning", description: "Something the user should know; the run goes on.",
			fields: []schemaField{
				schemaReq("message", schemaNonEmptyRef),
			}},
		{typ: "error", description: "An error; a non-recoverable one is followed by the run's run_end.",
			fields: []schemaField{
				schemaReq("code", schemaNonEmptyRef),
				schemaReq("message", schemaNonEmptyRef),
				schemaReq("recoverable", schemaBoolean),
			}},
		{typ: "run_end", description: "The last event of a run. Status success goes with exitCode 0, status error with any other exit code.",
			fields: []schemaField{
				schemaReq("status", schemaObj("type", "string", "enum", []string{"success", "error"})),
				schemaReq("exitCode", schemaObj("type", "integer", "minimum", 0)),
			},
			rules: schemaEndStatusRules()},
	}
}

// schemaPermissionAction is NonEmpty: an action outside prompt, allow,
// deny, always_allow and cancel is only a warning, and a schema has no
// way to warn, so the usual values are documented, not enforced.
func schemaPermissionAction() schemaObject {
	return schemaNonEmptyRef.with("description", "Usually prompt, allow, deny, always_allow or cancel; other values are unusual but valid.")
}

// schemaEndStatusRules says status success <=> exitCode 0. Each condition
// requires status, so a run_end without one fails only for the missing
// field, not for an exit code it cannot be judged against.
func schemaEndStatusRules() []schemaObject {
	whenStatus := func(status string) schemaObject {
		return schemaObj(
			"required", []string{"status"},
			"properties", schemaObj("status", schemaObj("const", status)),
		)
	}
	return []schemaObject{
		schemaObj(
			"if", whenStatus("success"),
			"then", schemaObj("properties", schemaObj("exitCode", schemaObj("const", 0))),
		),
		schemaObj(
			"if", whenStatus("error"),
			"then", schemaObj("properties", schemaObj("exitCode", schemaObj("not", schemaObj("const", 0)))),
		),
	}
}
