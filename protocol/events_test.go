package protocol

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// The event table is checked against the rules document
// (docs/PROTOCOL.md), read as a second, independent statement of the model: the tests below parse its tables and sentences
// rather than restate them.

// docModel is what the rules document says of events.
type docModel struct {
	sandbox      map[int]string // version -> name of the sandbox field
	common       []string       // fields of every output event
	inputTypes   []string
	outputTypes  []string
	required     map[string][]string // type -> "name Type" in the document's order
	optional     map[string][]string
	block, risk  []string // "name Type", required ones first
	blockReq     []string
	riskReq      []string
	sideEffects  []string
	usualActions []string
	usualLevels  []string
}

func readDoc(t *testing.T) docModel {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join("..", "docs", "PROTOCOL.md"))
	if err != nil {
		t.Fatal(err)
	}
	text := string(raw)
	d := docModel{sandbox: map[int]string{}, required: map[string][]string{}, optional: map[string][]string{}}

	for _, m := range regexp.MustCompile("(?m)^\\| `(\\d)`(?: \\(current\\))? \\| `(\\w+)` \\|").FindAllStringSubmatch(text, -1) {
		v, _ := strconv.Atoi(m[1])
		d.sandbox[v] = m[2]
	}

	var types *[]string
	for _, line := range strings.Split(text, "\n") {
		switch {
		case strings.HasPrefix(line, "### Input events"):
			types = &d.inputTypes
		case strings.HasPrefix(line, "### Output events"):
			types = &d.outputTypes
		case types != nil && strings.HasPrefix(line, "| `"):
			cells := strings.Split(strings.ReplaceAll(line, `\|`, "|"), " | ")
			if len(cells) != 3 {
				t.Fatalf("PROTOCOL.md: a row of %d cells: %s", len(cells), line)
			}
			typ := strings.Trim(cells[0], "|` ")
			*types = append(*types, typ)
			d.required[typ] = docFields(cells[1])
			d.optional[typ] = docFields(strings.TrimSuffix(cells[2], " |"))
		}
	}

	if m := regexp.MustCompile("Every output event requires (.*)\\.").FindStringSubmatch(text); m != nil {
		d.common = backticked(m[1])
	}
	para := strings.Join(strings.Fields(text), " ") // sentences without line breaks
	if m := regexp.MustCompile("\\*\\*Risk\\*\\*: object `\\{ (.*?) \\}`, both required").FindStringSubmatch(para); m != nil {
		for _, f := range regexp.MustCompile(`(\w+): (\[[^\]]*\]|\w+)`).FindAllStringSubmatch(m[1], -1) {
			d.risk = append(d.risk, f[1]+" "+f[2])
			d.riskReq = append(d.riskReq, f[1])
		}
	}
	if m := regexp.MustCompile("\\*\\*Block\\*\\* \\(v2\\) / violation \\(v1\\): object with (.*?)\\. ").FindStringSubmatch(para); m != nil {
		for _, f := range regexp.MustCompile("`(\\w+)` (\\w+)( \\(required\\))?").FindAllStringSubmatch(m[1], -1) {
			d.block = append(d.block, f[1]+" "+f[2])
			if f[3] != "" {
				d.blockReq = append(d.blockReq, f[1])
			}
		}
	}
	if m := regexp.MustCompile("SideEffect is one of (.*?)\\. ").FindStringSubmatch(para); m != nil {
		d.sideEffects = backticked(m[1])
	}
	if m := regexp.MustCompile("a permission `action` other than (.*?);").FindStringSubmatch(para); m != nil {
		d.usualActions = backticked(m[1])
	}
	if m := regexp.MustCompile("a Risk `level` other than (.*?);").FindStringSubmatch(para); m != nil {
		d.usualLevels = backticked(m[1])
	}
	return d
}

// docFields reads a table cell: "`a` NonEmpty, `b` Id", "—", or
// "`a`, `b`: all Count".
func docFields(cell string) []string {
	cell = strings.TrimSpace(cell)
	if cell == "—" {
		return nil
	}
	if names, typ, ok := strings.Cut(cell, ": all "); ok {
		var out []string
		for _, n := range backticked(names) {
			out = append(out, n+" "+typ)
		}
		return out
	}
	starts := regexp.MustCompile("(?:^|, )`(\\w+)` ").FindAllStringSubmatchIndex(cell, -1)
	var out []string
	for i, s := range starts {
		end := len(cell)
		if i+1 < len(starts) {
			end = starts[i+1][0]
		}
		out = append(out, cell[s[2]:s[3]]+" "+cell[s[1]:end])
	}
	return out
}

func backticked(s string) []string {
	var out []string
	for _, m := range regexp.MustCompile("`([^`]*)`").FindAllStringSubmatch(s, -1) {
		out = append(out, m[1])
	}
	return out
}

// docType is how the document writes a field's type: the vocabulary of
// section 3, with the enums spelled from the table's own value lists.
func docType(f field) string {
	switch f.kind {
	case fieldAny:
		return "any JSON"
	case fieldID:
		return "Id"
	case fieldText:
		return "Text"
	case fieldNonEmpty, fieldAction, fieldRiskLevel:
		return "NonEmpty"
	case fieldCount, fieldCost:
		return "Count"
	case fieldBool:
		return "boolean"
	case fieldExitCode:
		return "integer ≥ 0"
	case fieldSideEffect:
		return "SideEffect"
	case fieldResultStatus:
		return docEnum(resultStatus)
	case fieldEndStatus:
		return docEnum(endStatus)
	case fieldRole:
		return "= " + docEnum(inputRoles)
	case fieldBlock:
		return "Block"
	case fieldRisk:
		return "Risk"
	case fieldCategories:
		return "[NonEmpty, ...]"
	}
	return "kind " + strconv.Itoa(int(f.kind))
}

func docEnum(set []string) string {
	var quoted []string
	for _, s := range set {
		quoted = append(quoted, "`"+strconv.Quote(s)+"`")
	}
	return strings.Join(quoted, "|")
}

// tableFields lists fields of version as the document writes them,
// required or optional ones, with the document's name for the sandbox
// field (block) so one table row serves both versions.
func tableFields(fields []field, version int, required bool, sandbox map[int]string) []string {
	var out []string
	for _, f := range fields {
		if f.required != required || !f.inVersion(version) {
			continue
		}
		name := f.name
		if name == sandbox[version] {
			name = sandbox[2]
		}
		out = append(out, name+" "+docType(f))
	}
	return out
}

func TestEventTableMatchesDocument(t *testing.T) {
	d := readDoc(t)
	if len(d.sandbox) != 2 || len(d.outputTypes) == 0 || len(d.inputTypes) == 0 || len(d.block) == 0 ||
		len(d.risk) == 0 || len(d.common) == 0 || len(d.sideEffects) == 0 || len(d.usualActions) == 0 || len(d.usualLevels) == 0 {
		t.Fatalf("docs/PROTOCOL.md was not read whole: %+v", d)
	}
	for v, name := range d.sandbox {
		if got := SandboxKey(v); got != name {
			t.Errorf("SandboxKey(%d) = %q, the document says %q", v, got, name)
		}
	}
	if got := EventTypes(true); !slices.Equal(got, d.inputTypes) {
		t.Errorf("input types %v, the document has %v", got, d.inputTypes)
	}
	if got := EventTypes(false); !slices.Equal(got, d.outputTypes) {
		t.Errorf("output types %v, the document has %v", got, d.outputTypes)
	}
	var common []string
	for _, f := range commonFields {
		common = append(common, f.name)
	}
	if common = append(common, fRunID.name); !slices.Equal(common, d.common) || fRunID.kind != fieldID {
		t.Errorf("common output fields %v, the document has %v (runId an Id)", common, d.common)
	}
	for _, s := range eventSpecs {
		for v := range d.sandbox {
			if got, want := tableFields(s.fields, v, true, d.sandbox), d.required[s.name]; !slices.Equal(got, want) {
				t.Errorf("v%d %s: required %q, the document has %q", v, s.name, got, want)
			}
			if got, want := tableFields(s.fields, v, false, d.sandbox), d.optional[s.name]; !slices.Equal(got, want) {
				t.Errorf("v%d %s: optional %q, the document has %q", v, s.name, got, want)
			}
		}
	}
	objects := []struct {
		name            string
		fields          []field
		doc, docReqired []string
	}{
		{"Block", blockFields, d.block, d.blockReq},
		{"Risk", riskFields, d.risk, d.riskReq},
	}
	for _, o := range objects {
		var got, req []string
		for _, f := range o.fields {
			got = append(got, f.name+" "+docType(f))
			if f.required {
				req = append(req, f.name)
			}
		}
		if !slices.Equal(got, o.doc) || !slices.Equal(req, o.docReqired) {
			t.Errorf("%s: fields %q required %q, the document has %q required %q", o.name, got, req, o.doc, o.docReqired)
		}
	}
	for _, set := range []struct {
		name      string
		got, want []string
	}{
		{"side effects", sideEffects, d.sideEffects},
		{"usual actions", usualActions, d.usualActions},
		{"usual risk levels", usualLevels, d.usualLevels},
	} {
		if !slices.Equal(set.got, set.want) {
			t.Errorf("%s %q, the document has %q", set.name, set.got, set.want)
		}
	}
}

// TestEventTableConsistent checks what the document does not say but the
// readers of the table rely on.
func TestEventTableConsistent(t *testing.T) {
	kinds := map[string]field{}
	check := func(where string, fields []field) {
		if len(fields) > 32 {
			t.Errorf("%s: %d fields do not fit the checker's bit set", where, len(fields))
		}
		for i, f := range fields {
			if f.versions == 0 || f.versions&^allVersions != 0 {
				t.Errorf("%s.%s: versions %b", where, f.name, f.versions)
			}
			if f.required && f.versions != allVersions {
				t.Errorf("%s.%s: a required field of one version only", where, f.name)
			}
			if f.kind == fieldAny && f.name != FieldSchemaVersion && f.name != FieldType && f.note == "" {
				t.Errorf("%s.%s: a field of any value needs a note for the schema", where, f.name)
			}
			for _, g := range fields[:i] {
				if g.name == f.name {
					t.Errorf("%s: %s twice", where, f.name)
				}
			}
			// A name means one thing wherever it is, so that readers may
			// go by the name alone (fields.go, redact, filters).
			if prev, ok := kinds[f.name]; ok && (prev.kind.idOrEnum() != f.kind.idOrEnum() || prev.repeats != f.repeats) {
				t.Errorf("%s.%s: kind or repeats differ from another field of that name", where, f.name)
			}
			kinds[f.name] = f
			if f.repeats && !isStringKind(f.kind) && f.name != FieldType {
				t.Errorf("%s.%s: repeats but is no string", where, f.name)
			}
		}
	}
	for _, s := range eventSpecs {
		check(s.name, s.fields)
		if s.description == "" {
			t.Errorf("%s: no description", s.name)
		}
	}
	check("Block", blockFields)
	check("Risk", riskFields)
}

func isStringKind(k fieldKind) bool {
	switch k {
	case fieldID, fieldText, fieldNonEmpty, fieldAction, fieldSideEffect, fieldResultStatus, fieldEndStatus, fieldRole, fieldRiskLevel:
		return true
	}
	return false
}

// TestEventTableCoversTestdata reads the valid logs of testdata: every
// field they carry is in the table for its type and version, and every
// event type and field of the table shows up in them, so the fixtures
// exercise the whole table: each event type, and each field name in each
// version the logs have events of its kind in (on one event type at least).
func TestEventTableCoversTestdata(t *testing.T) {
	paths, _ := filepath.Glob("../testdata/v[12]/*.jsonl")
	more, _ := filepath.Glob("../testdata/input/*.jsonl")
	paths = append(paths, more...)
	if len(paths) < 3 {
		t.Fatalf("no valid logs under ../testdata: %v", paths)
	}
	seen := map[string]bool{} // "type" and "version.field"
	for _, path := range paths {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(bytes.NewReader(data))
		sc.Buffer(nil, 1<<24)
		for n := 1; sc.Scan(); n++ {
			if len(bytes.TrimSpace(sc.Bytes())) == 0 {
				continue
			}
			var ev map[string]json.RawMessage
			if err := json.Unmarshal(sc.Bytes(), &ev); err != nil {
				t.Fatalf("%s:%d: %v", path, n, err)
			}
			var typ string
			var version int
			_ = json.Unmarshal(ev[FieldType], &typ)
			_ = json.Unmarshal(ev[FieldSchemaVersion], &version)
			s := specByName([]byte(typ))
			if s == nil {
				t.Errorf("%s:%d: type %q is not in the table", path, n, typ)
				continue
			}
			seen[typ] = true
			seen[strconv.Itoa(version)+"."+strconv.FormatBool(s.input)] = true
			for key := range ev {
				if key == FieldType || key == FieldSchemaVersion || key == FieldRunID && !s.input {
					continue
				}
				i := fieldIndex(s.fields, []byte(key))
				if i < 0 || !s.fields[i].inVersion(version) {
					t.Errorf("%s:%d: %s is not a field of a version %d %s event", path, n, key, version, typ)
					continue
				}
				seen[strconv.Itoa(version)+"."+key] = true
			}
		}
	}
	for _, s := range eventSpecs {
		if !seen[s.name] {
			t.Errorf("no %s event in the valid logs of testdata", s.name)
		}
	}
	for _, s := range eventSpecs {
		for _, f := range s.fields {
			for v := 1; v <= 2; v++ {
				kind := strconv.Itoa(v) + "." + strconv.FormatBool(s.input)
				if f.inVersion(v) && seen[kind] && !seen[strconv.Itoa(v)+"."+f.name] {
					t.Errorf("no version %d event in the valid logs of testdata carries %s", v, f.name)
				}
			}
		}
	}
}
