package protocol

import (
	"math"
	"strconv"
)

// checkValue checks one value against the kind its field must have and
// reports whether it is valid (so the run checks may rely on it).
func (c *eventChecker) checkValue(v *Value, kind fieldKind, parent string, key []byte) bool {
	switch kind {
	case fieldAny:
		return true
	case fieldBool:
		if v.Kind != KindTrue && v.Kind != KindFalse {
			c.emitAt(RuleWrongType, parent, key, string(key)+" must be a boolean, not "+v.Kind.String())
			return false
		}
		return true
	case fieldCount, fieldCost, fieldExitCode:
		return c.checkNumber(v, kind, parent, key)
	case fieldBlock:
		return c.checkObject(v, blockFields, parent, key)
	case fieldRisk:
		return c.checkObject(v, riskFields, parent, key)
	case fieldCategories:
		return c.checkCategories(v, parent, key)
	}
	if v.Kind != KindString {
		c.emitAt(RuleWrongType, parent, key, string(key)+" must be a string, not "+v.Kind.String())
		return false
	}
	s := v.Raw[1 : len(v.Raw)-1] // escapes are decoded only when the value matters
	switch kind {
	case fieldText:
		return true
	case fieldID:
		if v.Escaped {
			s = StringValue(*v)
		}
		if !validID(s) {
			c.emitAt(RuleBadID, parent, key, string(key)+" must be 1-128 characters of letters, digits and . _ : - starting with a letter or digit")
			return false
		}
		return true
	}
	if v.Escaped {
		s = StringValue(*v)
	}
	switch kind {
	case fieldNonEmpty, fieldAction, fieldRiskLevel:
		if len(s) == 0 {
			c.emitAt(RuleEmptyString, parent, key, string(key)+" must not be empty")
			return false
		}
	}
	switch kind {
	case fieldSideEffect:
		return c.enum(s, sideEffects, parent, key)
	case fieldResultStatus:
		return c.enum(s, resultStatus, parent, key)
	case fieldEndStatus:
		return c.enum(s, endStatus, parent, key)
	case fieldRole:
		return c.enum(s, inputRoles, parent, key)
	case fieldAction:
		if !oneOf(s, usualActions) {
			c.emitAt(RuleUnusualAction, parent, key, "unusual permission action (expected prompt, allow, deny, always_allow or cancel)")
		}
	case fieldRiskLevel:
		if !oneOf(s, usualLevels) {
			c.emitAt(RuleUnusualRiskLevel, parent, key, "unusual risk level (expected low, medium, high or critical)")
		}
	}
	return true
}

func (c *eventChecker) enum(s []byte, set []string, parent string, key []byte) bool {
	if oneOf(s, set) {
		return true
	}
	c.emitAt(RuleBadEnum, parent, key, string(key)+" must be one of "+listWords(set))
	return false
}

func listWords(set []string) string {
	out := ""
	for i, w := range set {
		switch {
		case i == 0:
		case i == len(set)-1:
			out += " or "
		default:
			out += ", "
		}
		out += strconv.Quote(w)
	}
	return out
}

func (c *eventChecker) checkNumber(v *Value, kind fieldKind, parent string, key []byte) bool {
	if v.Kind != KindNumber {
		c.emitAt(RuleWrongType, parent, key, string(key)+" must be a number, not "+v.Kind.String())
		return false
	}
	f, finite := numberValue(v.Raw)
	switch {
	case !finite:
		c.emitAt(RuleBadNumber, parent, key, string(key)+" is too large to be a finite number")
		return false
	case f < 0:
		c.emitAt(RuleBadNumber, parent, key, string(key)+" must not be negative")
		return false
	case f != math.Trunc(f):
		if kind == fieldExitCode {
			c.emitAt(RuleBadNumber, parent, key, string(key)+" must be a whole number")
			return false
		}
		if kind == fieldCount {
			c.emitAt(RuleFractionalTokens, parent, key, string(key)+" is not a whole number of tokens")
		}
	}
	return true
}

// checkObject checks a nested object of the protocol (Block, Risk): its
// fields, unknown keys and required keys.
func (c *eventChecker) checkObject(v *Value, fields []field, parent string, key []byte) bool {
	if v.Kind != KindObject {
		c.emitAt(RuleWrongType, parent, key, string(key)+" must be an object, not "+v.Kind.String())
		return false
	}
	path, name := pathOf(parent, key), string(key)
	// The whole line has been scanned already, so this cannot fail; the
	// nested slice is taken and given back so Risk inside Block can reuse it.
	var sc scanner
	members, _ := sc.parse(v.Raw, c.nested[len(c.nested):])
	c.nested = members[:len(c.nested)]
	var seen uint32
	ok := true
	for i := range members {
		m := &members[i]
		sub := m.KeyText()
		idx := fieldIndex(fields, sub)
		if idx < 0 {
			c.unknownField(path, sub, name)
			ok = false
			continue
		}
		seen |= 1 << idx
		if !c.checkValue(&m.Value, fields[idx].kind, path, sub) {
			ok = false
		}
	}
	for i, f := range fields {
		if f.required && seen&(1<<i) == 0 {
			c.emit(RuleMissingField, path+"."+f.name, "missing required field "+f.name+" in "+name)
			ok = false
		}
	}
	return ok
}

func (c *eventChecker) checkCategories(v *Value, parent string, key []byte) bool {
	if v.Kind != KindArray {
		c.emitAt(RuleWrongType, parent, key, string(key)+" must be an array of strings, not "+v.Kind.String())
		return false
	}
	path := pathOf(parent, key)
	ok := true
	each(v.Raw, func(i int, e Value) {
		sub := path + "[" + strconv.Itoa(i) + "]"
		if e.Kind != KindString {
			c.emit(RuleWrongType, sub, "a risk category must be a string, not "+e.Kind.String())
			ok = false
		} else if len(e.Raw) == 2 {
			c.emit(RuleEmptyString, sub, "a risk category must not be empty")
			ok = false
		}
	})
	return ok
}

// each calls fn with every element of an array the scanner has checked.
func each(raw []byte, fn func(int, Value)) {
	s := scanner{data: raw, pos: 1}
	s.skipSpace()
	if s.pos < len(s.data) && s.data[s.pos] == ']' {
		return
	}
	for i := 0; ; i++ {
		s.skipSpace()
		fn(i, s.value())
		s.skipSpace()
		if s.pos >= len(s.data) || s.data[s.pos] != ',' {
			return
		}
		s.pos++
	}
}

// emitAt reports a problem with the member key of the object at parent.
// The path is built here, on the way out, so valid events never pay for it.
func (c *eventChecker) emitAt(rule, parent string, key []byte, msg string) {
	c.emit(rule, pathOf(parent, key), msg)
}

func pathOf(parent string, key []byte) string {
	return string(appendPathKey([]byte(parent), key))
}
