package protocol

// Field lists for readers outside this package (redact, filters), derived
// from the event table so that a field added there reaches them too.

// EventFieldNames lists every field an event of any type, kind or version
// may carry at its top level, schemaVersion, type and runId included, each
// once, in table order.
func EventFieldNames() []string {
	var names []string
	add := func(f field) {
		for _, n := range names {
			if n == f.name {
				return
			}
		}
		names = append(names, f.name)
	}
	for _, f := range commonFields {
		add(f)
	}
	add(fRunID)
	for _, s := range eventSpecs {
		for _, f := range s.fields {
			add(f)
		}
	}
	return names
}

// RepeatingValueFields lists the fields, at the top level of an event or
// inside its Block or Risk, whose string values come from a small set and
// recur from event to event: type and run ids, names, enums. A reader may
// keep one copy of each value. Each name appears once.
func RepeatingValueFields() []string {
	var names []string
	add := func(fields []field) {
		for _, f := range fields {
			if f.repeats && !contains(names, f.name) {
				names = append(names, f.name)
			}
		}
	}
	add(commonFields)
	add([]field{fRunID})
	for _, s := range eventSpecs {
		add(s.fields)
	}
	add(blockFields)
	add(riskFields)
	return names
}

func contains(set []string, s string) bool {
	for _, x := range set {
		if x == s {
			return true
		}
	}
	return false
}

// IsEventField reports whether name is one of EventFieldNames. It does
// not allocate, and costs about what a switch over the names would.
func IsEventField(name []byte) bool {
	return topFields.lookup(name)&topKnown != 0
}

// IsIDOrEnumField reports whether name is a top-level field whose value is
// an identifier or one of a closed set of values, never free text:
// schemaVersion, type, the Ids (runId, id, sessionId) and the enums
// (status, sideEffect, role). It does not allocate.
func IsIDOrEnumField(name []byte) bool {
	return topFields.lookup(name)&topIDOrEnum != 0
}

// idOrEnum reports whether values of kind are identifiers or members of a
// closed set.
func (k fieldKind) idOrEnum() bool {
	switch k {
	case fieldID, fieldSideEffect, fieldResultStatus, fieldEndStatus, fieldRole:
		return true
	}
	return false
}

// Flags of a top-level field name in topFields.
const (
	topKnown uint8 = 1 << iota
	topIDOrEnum
)

// nameTable is an open-addressing hash set of field names with flags,
// built once: the lookups above run once per key of every event a reader
// sees, so they must be as cheap as the switches they replace.
type nameTable struct {
	slots [nameSlots]nameSlot
}

const nameSlots = 128 // a power of two, well above the number of names

type nameSlot struct {
	name  string
	flags uint8
}

func nameHash(name []byte) uint {
	n := uint(len(name))
	if n == 0 {
		return 0
	}
	return (n*31 + uint(name[0])*7 + uint(name[n/2])*3 + uint(name[n-1])) & (nameSlots - 1)
}

func (t *nameTable) lookup(name []byte) uint8 {
	for i := nameHash(name); ; i = (i + 1) & (nameSlots - 1) {
		s := &t.slots[i]
		if s.flags == 0 {
			return 0
		}
		if string(name) == s.name {
			return s.flags
		}
	}
}

func (t *nameTable) add(name string, flags uint8) {
	for i := nameHash([]byte(name)); ; i = (i + 1) & (nameSlots - 1) {
		s := &t.slots[i]
		if s.flags == 0 || s.name == name {
			s.name = name
			s.flags |= flags
			return
		}
	}
}

var topFields = func() *nameTable {
	t := new(nameTable)
	for _, name := range EventFieldNames() {
		t.add(name, topKnown)
	}
	// schemaVersion and type are checked on their own and have kind any,
	// but their values are a version number and a type name.
	t.add(FieldSchemaVersion, topIDOrEnum)
	t.add(FieldType, topIDOrEnum)
	t.add(fRunID.name, topIDOrEnum)
	for _, s := range eventSpecs {
		for _, f := range s.fields {
			if f.kind.idOrEnum() {
				t.add(f.name, topIDOrEnum)
			}
		}
	}
	return t
}()
