package protocol

import "strconv"

// The value types of docs/PROTOCOL.md section 3, as $defs entries of the JSON
// Schema export. Events refer to them by name (schemaRef).

// schemaIDPattern is the Id rule of docs/PROTOCOL.md: a letter or digit, then letters,
// digits and . _ : -. The length limit is a separate rule (schemaMaxIDLength).
const schemaIDPattern = `^[A-Za-z0-9][A-Za-z0-9._:-]*$`

const schemaMaxIDLength = 128 // characters

// schemaValueDefs returns the shared value types, in the order docs/PROTOCOL.md
// introduces them. Block and Risk take their fields from the event table.
func schemaValueDefs(version int) schemaObject {
	riskRequired, riskProps := schemaObjectDef(riskFields, version)
	blockRequired, blockProps := schemaObjectDef(blockFields, version)
	return schemaObj(
		"SchemaVersion", schemaObj(
			"description", "The protocol version of the event; every event of a log has the same one.",
			"type", "integer",
			"const", version,
		),
		"Id", schemaObj(
			"description", "An identifier: 1 to 128 characters, a letter or digit first, then letters, digits and . _ : -.",
			"type", "string",
			"minLength", 1,
			"maxLength", schemaMaxIDLength,
			"pattern", schemaIDPattern,
		),
		"Text", schemaObj(
			"description", "Any string, empty included.",
			"type", "string",
		),
		"NonEmpty", schemaObj(
			"description", "A string of at least one character.",
			"type", "string",
			"minLength", 1,
		),
		// Count is a number, not an integer: a fractional token count is
		// unusual (a warning), not wrong, and costUsd is fractional anyway.
		"Count", schemaObj(
			"description", "A finite number, 0 or more. Token counts are usually whole numbers.",
			"type", "number",
			"minimum", 0,
		),
		"SideEffect", schemaObj(
			"description", "What a tool does to the world.",
			"type", "string",
			"enum", sideEffects,
		),
		"Risk", schemaObj(
			"description", "How risky a tool call is. The level is usually low, medium, high or critical; other levels are unusual but valid.",
			"type", "object",
			"required", riskRequired,
			"properties", riskProps,
			"additionalProperties", false,
		),
		"Block", schemaObj(
			"description", "Sandbox metadata: why a tool call was blocked or needs approval. The field is named "+SandboxKey(version)+" in schema version "+strconv.Itoa(version)+".",
			"type", "object",
			"required", blockRequired,
			"properties", blockProps,
			"additionalProperties", false,
		),
	)
}
