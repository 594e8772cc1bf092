package redact

import (
	"testing"

	"github.com/zsj-dev/zsj/protocol"
)

// TestProtocolKeysFollowTheEventTable ties the keys the walk trusts to
// the protocol's event table: a field added there must be known here, and
// a name the protocol does not define at the top level must not be.
func TestProtocolKeysFollowTheEventTable(t *testing.T) {
	names := protocol.EventFieldNames()
	if len(names) < 30 {
		t.Fatalf("only %d event fields: %v", len(names), names)
	}
	protected := 0
	for _, name := range names {
		k := []byte(name)
		if !protocolKey(k) {
			t.Errorf("protocolKey(%q) = false for a field of the event table", name)
		}
		if protectedKey(k) {
			protected++
		}
	}
	// The ids and enums stay as they are; free text is redacted.
	for _, name := range []string{protocol.FieldSchemaVersion, protocol.FieldType, protocol.FieldRunID, protocol.FieldID,
		protocol.FieldSessionID, protocol.FieldStatus, protocol.FieldSideEffect, protocol.FieldRole} {
		if !protectedKey([]byte(name)) {
			t.Errorf("protectedKey(%q) = false", name)
		}
	}
	for _, name := range []string{protocol.FieldContent, protocol.FieldOutput, protocol.FieldDelta, protocol.FieldText,
		protocol.FieldMessage, protocol.FieldArgs, protocol.FieldReason, protocol.FieldCwd, protocol.FieldBlock} {
		if !protocolKey([]byte(name)) || protectedKey([]byte(name)) {
			t.Errorf("%q: want a protocol key whose value is redacted", name)
		}
	}
	if protected != 8 {
		t.Errorf("%d protected keys, want the 8 ids and enums", protected)
	}
	// Nested fields (Block, Risk) and look-alikes are no top-level keys.
	for _, name := range []string{"", protocol.FieldToolName, protocol.FieldLevel, protocol.FieldCategories,
		"Type", "runid", "types", "apiKey", "password", "block\x00"} {
		if protocolKey([]byte(name)) || protectedKey([]byte(name)) {
			t.Errorf("%q: taken for a top-level protocol key", name)
		}
	}
}

func BenchmarkProtocolKey(b *testing.B) {
	keys := [][]byte{[]byte("schemaVersion"), []byte("type"), []byte("runId"), []byte("delta"),
		[]byte("output"), []byte("truncated"), []byte("apiKey"), []byte("promptTokens")}
	n := 0
	for b.Loop() {
		for _, k := range keys {
			if protocolKey(k) && !protectedKey(k) {
				n++
			}
		}
	}
	if n == 0 {
		b.Fatal("no key found")
	}
}
