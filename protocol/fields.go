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

// nameTable is a perfect hash table of field names with flags, built
// once: the lookups above run for every key of every event a reader sees,
// so they must cost what the switches they replace did (one hash, one
// comparison). The hash multiplies the length and three bytes of a name
// by a seed that gives each name a slot of its own.
type nameTable struct {
	slots [1 << nameBits]nameSlot
	seed  uint32
}

// nameBits sizes the table: at 256 slots for about 40 names, one seed in
// twenty or so is perfect.
const nameBits = 8

type nameSlot struct {
	name  string
	flags uint8
}

func (t *nameTable) slot(name []byte) *nameSlot {
	n := len(name)
	if n == 0 {
		return &t.slots[0]
	}
	k := uint32(n) | uint32(name[0])<<8 | uint32(name[n-1])<<16 | uint32(name[n/2])<<24
	return &t.slots[(k*t.seed)>>(32-nameBits)]
}

func (t *nameTable) lookup(name []byte) uint8 {
	s := t.slot(name)
	if string(name) != s.name {
		return 0
	}
	return s.flags
}

// newNameTable finds a seed under which no two names share a slot.
func newNameTable(flags map[string]uint8) *nameTable {
	for seed := uint32(1); seed < 1<<20; seed += 2 {
		t := &nameTable{seed: seed}
		if t.fill(flags) {
			return t
		}
	}
	panic("protocol: no perfect hash for the field names")
}

func (t *nameTable) fill(flags map[string]uint8) bool {
	for name, f := range flags {
		s := t.slot([]byte(name))
		if s.flags != 0 || name == "" {
			return false
		}
		*s = nameSlot{name, f}
	}
	return true
}

var topFields = func() *nameTable {
	flags := map[string]uint8{}
	for _, name := range EventFieldNames() {
		flags[name] |= topKnown
	}
	// schemaVersion and type are checked on their own and have kind any,
	// but their values are a version number and a type name.
	flags[FieldSchemaVersion] |= topIDOrEnum
	flags[FieldType] |= topIDOrEnum
	flags[fRunID.name] |= topIDOrEnum
	for _, s := range eventSpecs {
		for _, f := range s.fields {
			if f.kind.idOrEnum() {
				flags[f.name] |= topIDOrEnum
			}
		}
	}
	return newNameTable(flags)
}()
