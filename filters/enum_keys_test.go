package filters

import (
	"testing"

	"github.com/zsj-dev/zsj/protocol"
)

// TestEnumKeysFollowTheEventTable ties the keys whose values the decoder
// shares to the protocol's event table: a repeating field added there is
// shared here, and free text never is.
func TestEnumKeysFollowTheEventTable(t *testing.T) {
	want := protocol.RepeatingValueFields()
	if len(want) < 10 {
		t.Fatalf("only %d repeating fields: %v", len(want), want)
	}
	for _, k := range want {
		if !enumKeys[k] {
			t.Errorf("enumKeys lacks %q", k)
		}
	}
	if len(enumKeys) != len(want) {
		t.Errorf("enumKeys has %d keys, the event table %d repeating fields", len(enumKeys), len(want))
	}
	for _, k := range []string{protocol.FieldType, protocol.FieldRunID, protocol.FieldStatus, protocol.FieldName, protocol.FieldLevel} {
		if !enumKeys[k] {
			t.Errorf("enumKeys lacks %q", k)
		}
	}
	for _, k := range []string{protocol.FieldID, protocol.FieldDelta, protocol.FieldOutput, protocol.FieldContent,
		protocol.FieldText, protocol.FieldMessage, protocol.FieldReason, protocol.FieldArgs} {
		if enumKeys[k] {
			t.Errorf("enumKeys shares the values of %q, which do not repeat", k)
		}
	}
}
