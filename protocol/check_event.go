package protocol

import (
	"math"
	"strconv"
)

// eventInfo is what the run checks need to know of one checked event.
type eventInfo struct {
	spec        *eventSpec // nil when the type is unknown
	version     int        // 0 when missing or unsupported
	runID       []byte     // nil when missing or invalid
	id          []byte     // the tool call id, nil when missing or invalid
	status      []byte     // run_end / tool_result status when valid
	recoverable int8       // error.recoverable: -1 unknown, 0 false, 1 true
}

// eventChecker applies the per-event rules of docs/PROTOCOL.md sections 2-3.
// It keeps scratch slices so that checking a line allocates nothing in the
// common case.
type eventChecker struct {
	opts    Options
	report  func(rule, path, msg string) // the caller knows file, line and type
	emitted int                          // problems reported so far
	memo    lineMemo
	scan    scanner
	members []Member
	// parsed: members are those of the line checked last (its check
	// parsed it in full, without the memo). shaped: the memo is that
	// line's shape, remembered by its check (new) or repeated by it.
	parsed, shaped, repeated bool
	nested                   []Member
	// typeName is the checked event's type once known, for problems.
	typeName string
	// long is where the longest string value of the line is (Shape).
	long span
}

// check validates one line and fills info. It returns false when the line
// is not a JSON object at all.
func (c *eventChecker) check(line []byte, info *eventInfo, fileVersion int) (*SyntaxError, bool) {
	// LineChecker.Check, the only caller, has reset parsed, shaped and
	// repeated.
	if c.checkLikePrevious(line, info, fileVersion) {
		c.shaped, c.repeated = true, true
		return nil, true
	}
	before := c.emitted
	*info = eventInfo{recoverable: -1}
	c.typeName = ""
	members, serr := c.scan.parse(line, c.members[:0])
	c.members = members
	c.parsed = serr == nil
	if serr != nil {
		c.memo.valid = false
		return serr, false
	}
	c.long = c.scan.long
	var typeVal, versionVal *Value
	for i := range members {
		m := &members[i]
		switch string(m.KeyText()) {
		case FieldType:
			typeVal = &m.Value
		case FieldSchemaVersion:
			versionVal = &m.Value
		}
	}
	if typeVal == nil {
		c.emit(RuleMissingField, "$.type", "missing required field type")
	} else if typeVal.Kind != KindString {
		c.emit(RuleWrongType, "$.type", "type must be a string, not "+typeVal.Kind.String())
	} else {
		info.spec = specByName(StringValue(*typeVal))
		if info.spec != nil {
			c.typeName = info.spec.name
		} else {
			c.emit(RuleUnknownType, "$.type", "unknown event type"+c.typeNameText(StringValue(*typeVal)))
		}
	}
	info.version = c.checkVersion(versionVal)
	version := info.version
	if version == 0 {
		version = fileVersion
	}
	c.checkMembers(info, version)
	c.remember(line, info, c.emitted == before, fileVersion)
	c.shaped = c.memo.valid
	return nil, true
}

func (c *eventChecker) emit(rule, path, msg string) {
	c.emitted++
	c.report(rule, path, msg)
}

// quoteTypeName shows an unknown type name when it looks like one; any
// other string might be something that must not be printed.
func quoteTypeName(name []byte) string {
	if len(name) == 0 || len(name) > 40 {
		return ""
	}
	for _, b := range name {
		if !(b == '_' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9') {
			return ""
		}
	}
	return " " + strconv.Quote(string(name))
}

func (c *eventChecker) checkVersion(v *Value) int {
	if v == nil {
		c.emit(RuleMissingField, "$.schemaVersion", "missing required field schemaVersion")
		return 0
	}
	if v.Kind == KindNumber {
		switch f, ok := numberValue(v.Raw); {
		case ok && f == 1:
			return 1
		case ok && f == 2:
			return 2
		}
	}
	c.emit(RuleBadVersion, "$.schemaVersion", "schemaVersion must be 1 or 2")
	return 0
}

// checkMembers checks each top-level field against the event's spec and
// reports required fields that are missing.
func (c *eventChecker) checkMembers(info *eventInfo, version int) {
	spec := info.spec
	var seen uint32 // bit i: spec.fields[i] is present
	for i := range c.members {
		m := &c.members[i]
		key := m.KeyText()
		switch string(key) {
		case FieldType, FieldSchemaVersion:
			continue
		case FieldRunID:
			if spec != nil && spec.input {
				c.emit(RuleUnknownField, "$."+FieldRunID, "input events carry no runId")
				continue
			}
			if c.checkValue(&m.Value, fRunID.kind, "$", m.KeyText()) {
				info.runID = StringValue(m.Value)
			}
			continue
		}
		if spec == nil {
			continue // an unknown type's fields are unknown too
		}
		idx := fieldIndex(spec.fields, key)
		if idx < 0 {
			if c.wrongVersion(key, version) {
				continue
			}
			c.unknownField("$", key, "a "+spec.name+" event")
			continue
		}
		f := &spec.fields[idx]
		if !f.inVersion(version) {
			c.wrongVersion(key, version)
			continue
		}
		seen |= 1 << idx
		if !c.checkValue(&m.Value, f.kind, "$", key) {
			continue
		}
		switch f.name {
		case FieldID:
			info.id = StringValue(m.Value)
		case FieldStatus:
			info.status = StringValue(m.Value)
		case FieldRecoverable:
			info.recoverable = 0
			if m.Value.Kind == KindTrue {
				info.recoverable = 1
			}
		}
	}
	if spec == nil {
		return
	}
	if !spec.input && info.runID == nil && !c.has(FieldRunID) {
		c.emit(RuleMissingField, "$."+FieldRunID, "missing required field runId")
	}
	for i := range spec.fields {
		f := &spec.fields[i]
		if f.required && seen&(1<<i) == 0 && f.inVersion(version) {
			c.emit(RuleMissingField, "$."+f.name, "missing required field "+f.name+" in a "+spec.name+" event")
		}
	}
	switch spec.name {
	case TypeUsage:
		c.checkUsageTotal()
	case TypeRunEnd:
		c.checkEndStatus(info)
	}
}

// checksAcrossFields reports whether checkMembers compares fields of the
// event with each other (the switch at its end).
func (s *eventSpec) checksAcrossFields() bool { return s.name == TypeUsage || s.name == TypeRunEnd }

// wrongVersion reports a field of another schema version than the
// event's, on any event type; it returns false when key is no such field.
// Only the sandbox field differs between versions (docs/PROTOCOL.md section 2):
// the messages say how.
func (c *eventChecker) wrongVersion(key []byte, version int) bool {
	idx := fieldIndex(sandboxFields, key)
	if idx < 0 || sandboxFields[idx].inVersion(version) {
		return false
	}
	if version == 2 {
		c.emit(RuleViolationInV2, "$."+FieldViolation, "version 2 events carry block, not violation (renamed in version 2); run zsj upgrade")
	} else {
		c.emit(RuleBlockInV1, "$."+FieldBlock, "version 1 events carry violation, not block (a version 2 field)")
	}
	return true
}

func fieldIndex(fields []field, name []byte) int {
	for i := range fields {
		if fields[i].name == string(name) {
			return i
		}
	}
	return -1
}

func (c *eventChecker) has(key string) bool {
	for i := range c.members {
		if string(c.members[i].KeyText()) == key {
			return true
		}
	}
	return false
}

// member finds a top-level member's value.
func (c *eventChecker) member(key string) *Value {
	for i := range c.members {
		if string(c.members[i].KeyText()) == key {
			return &c.members[i].Value
		}
	}
	return nil
}

// checkUsageTotal warns when all three token counts are present and the
// total is not the sum, compared exactly (see sumIs).
func (c *eventChecker) checkUsageTotal() {
	p, cp, t := c.member(FieldPromptTokens), c.member(FieldCompletionTokens), c.member(FieldTotalTokens)
	if p == nil || cp == nil || t == nil || p.Kind != KindNumber || cp.Kind != KindNumber || t.Kind != KindNumber {
		return
	}
	if equal, ok := sumIs(p.Raw, cp.Raw, t.Raw); ok && !equal {
		c.emit(RuleTotalMismatch, "$."+FieldTotalTokens, "totalTokens is not promptTokens + completionTokens")
	}
}

// checkEndStatus: status success goes with exitCode 0 and error with any
// other code.
func (c *eventChecker) checkEndStatus(info *eventInfo) {
	code := c.member(FieldExitCode)
	if info.status == nil || code == nil || code.Kind != KindNumber {
		return
	}
	f, ok := numberValue(code.Raw)
	if !ok {
		return
	}
	success := string(info.status) == endStatus[0]
	if success != (f == 0) {
		if success {
			c.emit(RuleEndStatusExitCode, "$."+FieldExitCode, "run_end with status success must have exitCode 0")
		} else {
			c.emit(RuleEndStatusExitCode, "$."+FieldExitCode, "run_end with status error must have a non-zero exitCode")
		}
	}
}

// numberValue parses a number the scanner has checked; ok is false when it
// is too large to be finite.
func numberValue(raw []byte) (float64, bool) {
	if len(raw) < 4 && raw[0] >= '0' && raw[0] <= '9' {
		n := 0
		for _, b := range raw {
			if b < '0' || b > '9' {
				goto slow
			}
			n = n*10 + int(b-'0')
		}
		return float64(n), true
	}
slow:
	f, err := strconv.ParseFloat(string(raw), 64)
	if err != nil || math.IsInf(f, 0) {
		return 0, false
	}
	return f, true
}

// validID applies the Id rule to a decoded string.
func validID(s []byte) bool {
	if len(s) == 0 || len(s) > 128 || !isAlnum(s[0]) {
		return false
	}
	for _, b := range s[1:] {
		if !idByte[b] {
			return false
		}
	}
	return true
}

// idByte marks the bytes an Id may hold after its first.
var idByte = func() (t [256]bool) {
	for c := 0; c < 256; c++ {
		t[c] = isAlnum(byte(c)) || c == '.' || c == '_' || c == ':' || c == '-'
	}
	return t
}()

func isAlnum(b byte) bool {
	return b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9'
}
