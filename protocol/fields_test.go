package protocol

import (
	"slices"
	"strings"
	"testing"
)

// TestFieldLookups compares the hash lookups with a plain search of the
// table, on every name and on near misses of each (one byte changed,
// dropped or added), which share the hash's inputs more often than not.
func TestFieldLookups(t *testing.T) {
	names := EventFieldNames()
	idOrEnum := map[string]bool{FieldSchemaVersion: true, FieldType: true, FieldRunID: true}
	for _, s := range eventSpecs {
		for _, f := range s.fields {
			if f.kind.idOrEnum() {
				idOrEnum[f.name] = true
			}
		}
	}
	if len(idOrEnum) != 8 { // schemaVersion, type, runId, id, sessionId, status, sideEffect, role
		t.Errorf("%d id or enum fields: %v", len(idOrEnum), idOrEnum)
	}
	candidates := []string{"", "x", "types", "Type", "blocks", "toolName", "level", "categories"}
	for _, n := range names {
		candidates = append(candidates, n, strings.ToUpper(n), n+"s", n[1:], n[:len(n)-1], "_"+n)
		for i := range n {
			candidates = append(candidates, n[:i]+"x"+n[i+1:])
		}
	}
	for _, c := range candidates {
		known := slices.Contains(names, c)
		if got := IsEventField([]byte(c)); got != known {
			t.Errorf("IsEventField(%q) = %v, want %v", c, got, known)
		}
		if got := IsIDOrEnumField([]byte(c)); got != idOrEnum[c] {
			t.Errorf("IsIDOrEnumField(%q) = %v, want %v", c, got, idOrEnum[c])
		}
	}
}

func TestFieldListsHaveNoRepeats(t *testing.T) {
	for name, list := range map[string][]string{"EventFieldNames": EventFieldNames(), "RepeatingValueFields": RepeatingValueFields()} {
		sorted := slices.Clone(list)
		slices.Sort(sorted)
		if len(slices.Compact(sorted)) != len(list) || len(list) == 0 {
			t.Errorf("%s: %v", name, list)
		}
	}
	for _, n := range RepeatingValueFields() {
		if n == FieldID || n == FieldDelta || n == FieldOutput || n == FieldContent {
			t.Errorf("RepeatingValueFields has %s, whose values are new on every event", n)
		}
	}
}

func BenchmarkIsEventField(b *testing.B) {
	keys := [][]byte{[]byte(FieldSchemaVersion), []byte(FieldType), []byte(FieldRunID), []byte(FieldDelta),
		[]byte(FieldOutput), []byte(FieldTruncated), []byte("apiKey"), []byte(FieldPromptTokens)}
	n := 0
	for b.Loop() {
		for _, k := range keys {
			if IsEventField(k) && !IsIDOrEnumField(k) {
				n++
			}
		}
	}
	if n == 0 {
		b.Fatal("no key found")
	}
}
