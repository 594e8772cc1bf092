package protocol

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// The -update flag may be shared with other golden tests of this package,
// so it is registered by whichever file gets there first.
func init() {
	if flag.Lookup("update") == nil {
		flag.Bool("update", false, "rewrite the golden files under testdata/")
	}
}

func schemaUpdateGolden() bool {
	f := flag.Lookup("update")
	return f != nil && f.Value.String() == "true"
}

var schemaVariants = []struct {
	version int
	kind    Kind
}{
	{1, Output}, {1, Input}, {2, Output}, {2, Input},
}

// TestSchemaGolden keeps the exported schemas under review: a change to
// them shows up as a diff of testdata/schema. Rewrite with
// go test ./protocol -run Schema -update
func TestSchemaGolden(t *testing.T) {
	for _, v := range schemaVariants {
		name := fmt.Sprintf("v%d-%s", v.version, v.kind)
		t.Run(name, func(t *testing.T) {
			got, err := Schema(v.version, v.kind)
			if err != nil {
				t.Fatal(err)
			}
			again, _ := Schema(v.version, v.kind)
			if !bytes.Equal(got, again) {
				t.Fatal("two calls gave different bytes: the output must be deterministic")
			}
			path := filepath.Join("testdata", "schema", name+".json")
			if schemaUpdateGolden() {
				if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(path, got, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run with -update to create it)", err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("Schema(%d, %s) differs from %s; run with -update if the change is intended", v.version, v.kind, path)
			}
		})
	}
}

// schemaParsed is the generated schema read back as plain JSON, so tests
// look at what a validator would see.
type schemaParsed map[string]any

func schemaParse(t *testing.T, version int, kind Kind) schemaParsed {
	t.Helper()
	b, err := Schema(version, kind)
	if err != nil {
		t.Fatal(err)
	}
	var s schemaParsed
	if err := json.Unmarshal(b, &s); err != nil {
		t.Fatalf("the schema is not JSON: %v", err)
	}
	return s
}

// event returns the definition of an event type, or nil.
func (s schemaParsed) event(typ string) map[string]any {
	defs, _ := s["$defs"].(map[string]any)
	def, _ := defs["event."+typ].(map[string]any)
	return def
}

func (s schemaParsed) types() []string {
	props := s["properties"].(map[string]any)
	enum := props["type"].(map[string]any)["enum"].([]any)
	var out []string
	for _, t := range enum {
		out = append(out, t.(string))
	}
	return out
}

func schemaStrings(v any) []string {
	var out []string
	for _, s := range v.([]any) {
		out = append(out, s.(string))
	}
	return out
}

// docNames are the names of the document's "name Type" entries.
func docNames(fields []string) []string {
	var out []string
	for _, f := range fields {
		name, _, _ := strings.Cut(f, " ")
		out = append(out, name)
	}
	return out
}

// TestSchemaStructure checks the schemas against the rules document
// (docs/PROTOCOL.md), not against the event table they are built from.
func TestSchemaStructure(t *testing.T) {
	doc := readDoc(t)
	for _, v := range schemaVariants {
		t.Run(fmt.Sprintf("v%d-%s", v.version, v.kind), func(t *testing.T) {
			s := schemaParse(t, v.version, v.kind)
			if s["$schema"] != "https://json-schema.org/draft/2020-12/schema" {
				t.Errorf("$schema = %v", s["$schema"])
			}
			title, _ := s["title"].(string)
			if want := fmt.Sprintf("%s event, schema version %d", v.kind, v.version); !strings.Contains(title, want) {
				t.Errorf("title %q does not say %q", title, want)
			}
			for _, def := range []string{"Id", "NonEmpty", "Count", "Risk", "Block", "SideEffect"} {
				if s["$defs"].(map[string]any)[def] == nil {
					t.Errorf("$defs lacks %s", def)
				}
			}

			wantTypes := doc.inputTypes
			if v.kind == Output {
				wantTypes = doc.outputTypes
			}
			if got := s.types(); !slices.Equal(got, wantTypes) {
				t.Fatalf("types = %v, want %v", got, wantTypes)
			}

			for _, typ := range wantTypes {
				ev := s.event(typ)
				if ev == nil {
					t.Fatalf("no definition for %s", typ)
				}
				if ev["additionalProperties"] != false {
					t.Errorf("%s: unknown fields are not rejected", typ)
				}
				props := ev["properties"].(map[string]any)
				want := []string{"schemaVersion", "type"}
				if v.kind == Output {
					want = append(want, "runId")
				} else if props["runId"] != nil {
					t.Errorf("%s: an input event has runId", typ)
				}
				want = append(want, docNames(doc.required[typ])...)
				if got := schemaStrings(ev["required"]); !slices.Equal(got, want) {
					t.Errorf("%s: required = %v, want %v", typ, got, want)
				}
				if props["violation"] != nil && v.version != 1 {
					t.Errorf("%s: violation in version %d", typ, v.version)
				}
				if props["block"] != nil && v.version != 2 {
					t.Errorf("%s: block in version %d", typ, v.version)
				}
			}
		})
	}
}

// TestSchemaBlockField checks that the sandbox field follows the version
// on every event that carries it.
func TestSchemaBlockField(t *testing.T) {
	for _, tc := range []struct {
		version    int
		has, lacks string
	}{
		{1, "violation", "block"},
		{2, "block", "violation"},
	} {
		s := schemaParse(t, tc.version, Output)
		for _, typ := range []string{"tool_call", "permission_request", "permission_decision", "tool_result"} {
			props := s.event(typ)["properties"].(map[string]any)
			if props[tc.has] == nil || props[tc.lacks] != nil {
				t.Errorf("v%d %s: want %s and not %s", tc.version, typ, tc.has, tc.lacks)
			}
		}
	}
}

func TestSchemaRejectsUnknownArguments(t *testing.T) {
	for _, tc := range []struct {
		name    string
		version int
		kind    Kind
	}{
		{"version 0", 0, Output},
		{"version 3", 3, Output},
		{"unknown kind", 2, Kind(7)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := Schema(tc.version, tc.kind); err == nil {
				t.Error("no error")
			}
		})
	}
}

func TestParseKind(t *testing.T) {
	for _, tc := range []struct {
		in      string
		want    Kind
		wantErr bool
	}{
		{"output", Output, false},
		{"input", Input, false},
		{"Output", 0, true},
		{"", 0, true},
		{"both", 0, true},
	} {
		t.Run(tc.in, func(t *testing.T) {
			got, err := ParseKind(tc.in)
			if (err != nil) != tc.wantErr {
				t.Fatalf("ParseKind(%q) error = %v, want error %v", tc.in, err, tc.wantErr)
			}
			if err == nil && (got != tc.want || got.String() != tc.in) {
				t.Errorf("ParseKind(%q) = %v", tc.in, got)
			}
		})
	}
}
