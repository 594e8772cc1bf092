package protocol

// Field lists for readers outside this package (redact, filters), derived
// from the event table so that a field added there reaches them too.

// EventFieldNames lists every field an event of any type, kind or version
// may carry at its top level, schemaVersion, type and runId included, each
// once, in table order.
func EventFieldNames() []string {
	var names []string
	add := func(fields []field) {
		for _, f := range fields {
			if !contains(names, f.name) {
				names = append(names, f.name)
			}
		}
	}
	add(commonFields)
	add([]field{fRunID})
	for _, s := range eventSpecs {
		add(s.fields)
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
// not allocate: one hash and one comparison.
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

// nameTable is a perfect hash table of field names with flags, built
// once: the lookups above run for every key of every event a reader sees,
// so they must cost what the switches they replace did (one hash, one
// comparison). The hash multiplies the length and three bytes of a name
// by a seed that gives each name a slot of its own.
type nameTable struct {
	slots [1 << nameBits]nameSlot
	seed  uint32
}

// nameBits sizes the table: 256 slots for about 40 names.
const nameBits = 8

type nameSlot struct {
	name  string
	flags uint8
}

func (t *nameTable) index(name []byte) uint32 {
	n := len(name)
	if n == 0 {
		return 0
	}
	k := uint32(n) | uint32(name[0])<<8 | uint32(name[n-1])<<16 | uint32(name[n/2])<<24
	return (k * t.seed) >> (32 - nameBits)
}

func (t *nameTable) lookup(name []byte) uint8 {
	s := &t.slots[t.index(name)]
	if string(name) != s.name {
		return 0
	}
	return s.flags
}

// newNameTable finds a seed under which no two names share a slot. The
// seeds step by the golden ratio so that they mix well: for the names of
// the protocol the search takes a few dozen tries on a bitmap, so starting
// a program costs next to nothing.
func newNameTable(names []string, flags []uint8) *nameTable {
	t := new(nameTable)
	for i := uint32(1); i < 1<<16; i++ {
		t.seed = i*0x9E3779B9 | 1
		if t.perfect(names) {
			for j, name := range names {
				t.slots[t.index([]byte(name))] = nameSlot{name, flags[j]}
			}
			return t
		}
	}
	panic("protocol: no perfect hash for the field names")
}

// perfect reports whether names fall in distinct slots under t's seed.
func (t *nameTable) perfect(names []string) bool {
	var taken [1 << nameBits]bool
	for _, name := range names {
		i := t.index([]byte(name))
		if name == "" || taken[i] {
			return false
		}
		taken[i] = true
	}
	return true
}

var topFields = func() *nameTable {
	names := EventFieldNames()
	flags := make([]uint8, len(names))
	for i, name := range names {
		flags[i] = topKnown
		switch name {
		// schemaVersion and type are checked on their own and have kind
		// any, but their values are a version number and a type name.
		case FieldSchemaVersion, FieldType, fRunID.name:
			flags[i] |= topIDOrEnum
		}
		for _, s := range eventSpecs {
			if j := fieldIndex(s.fields, []byte(name)); j >= 0 && s.fields[j].kind.idOrEnum() {
				flags[i] |= topIDOrEnum
			}
		}
	}
	return newNameTable(names, flags)
}()
