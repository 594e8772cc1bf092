package protocol

// The event table (events.go) as the JSON Schema export sees it. Each
// field names its value type by a $defs entry (schema_defs.go), so the
// rules for Id, NonEmpty, Count, Risk and Block are written once.

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

// schemaEvents are the event types of one kind, with the fields they have
// in version.
func schemaEvents(version int, kind Kind) []schemaEvent {
	var events []schemaEvent
	for _, s := range eventSpecs {
		if s.input != (kind == Input) {
			continue
		}
		e := schemaEvent{typ: s.name, description: s.description, fields: schemaFields(s.fields, version)}
		if s.name == TypeRunEnd {
			e.rules = schemaEndStatusRules()
		}
		events = append(events, e)
	}
	return events
}

// schemaFields are the fields of version among fields, each with the
// schema of its value.
func schemaFields(fields []field, version int) []schemaField {
	var out []schemaField
	for i := range fields {
		f := &fields[i]
		if f.inVersion(version) {
			out = append(out, schemaField{name: f.name, value: schemaValue(f), required: f.required})
		}
	}
	return out
}

// schemaValue is the schema of a field's value: a $defs entry where the
// protocol names a type, the rule itself where it is the field's own.
func schemaValue(f *field) schemaObject {
	switch f.kind {
	case fieldAny:
		return schemaObj("description", f.note)
	case fieldID:
		return schemaIDRef
	case fieldText:
		return schemaTextRef
	case fieldNonEmpty, fieldRiskLevel:
		// An unusual risk level is only a warning, as with actions; the
		// Risk description says so.
		return schemaNonEmptyRef
	case fieldAction:
		return schemaPermissionAction()
	case fieldCount, fieldCost:
		return schemaCountRef
	case fieldBool:
		return schemaBoolean
	case fieldExitCode:
		return schemaObj("type", "integer", "minimum", 0)
	case fieldSideEffect:
		return schemaSideEffectRef
	case fieldResultStatus:
		return schemaObj("type", "string", "enum", resultStatus)
	case fieldEndStatus:
		return schemaObj("type", "string", "enum", endStatus)
	case fieldRole:
		return schemaObj("const", inputRoles[0])
	case fieldBlock:
		return schemaBlockRef
	case fieldRisk:
		return schemaRiskRef
	case fieldCategories:
		return schemaObj("type", "array", "items", schemaNonEmptyRef)
	}
	panic("schemaValue: no schema for the kind of field " + f.name)
}

// schemaObjectDef is the object part of a $defs entry for a nested object
// of the protocol (Block, Risk): its fields and nothing else.
func schemaObjectDef(fields []field, version int) (required []string, props schemaObject) {
	props = schemaObj()
	for _, f := range schemaFields(fields, version) {
		if f.required {
			required = append(required, f.name)
		}
		props = props.with(f.name, f.value)
	}
	return required, props
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
			"required", []string{FieldStatus},
			"properties", schemaObj(FieldStatus, schemaObj("const", status)),
		)
	}
	return []schemaObject{
		schemaObj(
			"if", whenStatus("success"),
			"then", schemaObj("properties", schemaObj(FieldExitCode, schemaObj("const", 0))),
		),
		schemaObj(
			"if", whenStatus("error"),
			"then", schemaObj("properties", schemaObj(FieldExitCode, schemaObj("not", schemaObj("const", 0)))),
		),
	}
}
