package protocol

// Names of the event types (docs/PROTOCOL.md section 3), for code that
// recognises or writes events. The table in events.go says what each
// carries.
const (
	TypeMessage            = "message"
	TypePrompt             = "prompt"
	TypeRunStart           = "run_start"
	TypeReasoning          = "reasoning"
	TypeText               = "text"
	TypeToolCall           = "tool_call"
	TypePermissionRequest  = "permission_request"
	TypePermissionDecision = "permission_decision"
	TypeToolResult         = "tool_result"
	TypeUsage              = "usage"
	TypeFinal              = "final"
	TypeWarning            = "warning"
	TypeError              = "error"
	TypeRunEnd             = "run_end"
)

// Names of the fields of events and of the objects inside them (Block,
// Risk), as they are spelled in the JSON.
const (
	FieldSchemaVersion = "schemaVersion"
	FieldType          = "type"
	FieldRunID         = "runId"

	FieldRole    = "role"
	FieldContent = "content"

	FieldCwd       = "cwd"
	FieldProvider  = "provider"
	FieldModel     = "model"
	FieldSessionID = "sessionId"
	FieldAPIModel  = "apiModel"

	FieldDelta = "delta"

	FieldID                = "id"
	FieldName              = "name"
	FieldArgs              = "args"
	FieldSideEffect        = "sideEffect"
	FieldAction            = "action"
	FieldPermission        = "permission"
	FieldPermissionMode    = "permissionMode"
	FieldPermissionGranted = "permissionGranted"
	FieldDecisionReason    = "decisionReason"
	FieldReason            = "reason"
	FieldRisk              = "risk"
	FieldStatus            = "status"
	FieldOutput            = "output"
	FieldTruncated         = "truncated"

	// The sandbox metadata field: block in version 2, violation in 1.
	FieldBlock     = "block"
	FieldViolation = "violation"

	FieldPromptTokens      = "promptTokens"
	FieldCompletionTokens  = "completionTokens"
	FieldTotalTokens       = "totalTokens"
	FieldCostUSD           = "costUsd"
	FieldCachedInputTokens = "cachedInputTokens"
	FieldCacheWriteTokens  = "cacheWriteTokens"
	FieldReasoningTokens   = "reasoningTokens"

	FieldText        = "text"
	FieldMessage     = "message"
	FieldCode        = "code"
	FieldRecoverable = "recoverable"
	FieldExitCode    = "exitCode"

	// Inside Block.
	FieldToolName = "toolName"
	// Inside Risk.
	FieldLevel      = "level"
	FieldCategories = "categories"
)
