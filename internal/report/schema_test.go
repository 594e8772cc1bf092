package report

import (
	"encoding/json"
	"fmt"
	"net/url"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// The JSON Schema keywords the SARIF schema subset uses (draft 04), checked
// well enough to catch a document that code scanning would refuse: a
// missing required member, an unknown one, a wrong type or enum value, a
// bad URI reference.

type schema = map[string]any

func loadSARIFSchema(t *testing.T) schema {
	t.Helper()
	data, err := os.ReadFile("testdata/sarif-2.1.0-subset.json")
	if err != nil {
		t.Fatal(err)
	}
	var s schema
	if err := json.Unmarshal(data, &s); err != nil {
		t.Fatal(err)
	}
	return s
}

// checkSchema lists what in doc (decoded JSON) breaks s; root holds the
// definitions that $ref points into.
func checkSchema(root, s schema, doc any, at string) []string {
	if ref, ok := s["$ref"].(string); ok {
		name := strings.TrimPrefix(ref, "#/definitions/")
		return checkSchema(root, root["definitions"].(schema)[name].(schema), doc, at)
	}
	var errs []string
	fail := func(format string, args ...any) { errs = append(errs, at+": "+fmt.Sprintf(format, args...)) }
	if t, ok := s["type"]; ok && !typeMatches(t, doc) {
		fail("type %v wanted, got %T", t, doc)
		return errs
	}
	if enum, ok := s["enum"].([]any); ok && !slices.Contains(enum, doc) {
		fail("%v is not one of %v", doc, enum)
	}
	matches := func(alt any) bool { return len(checkSchema(root, alt.(schema), doc, at)) == 0 }
	if alts := asList(s["anyOf"]); len(alts) > 0 && !slices.ContainsFunc(alts, matches) {
		fail("matches none of anyOf")
	}
	switch v := doc.(type) {
	case map[string]any:
		props, _ := s["properties"].(schema)
		for _, r := range asList(s["required"]) {
			if _, ok := v[r.(string)]; !ok {
				fail("required %q missing", r)
			}
		}
		for k, val := range v {
			sub, ok := props[k].(schema)
			switch extra := s["additionalProperties"].(type) {
			case bool:
				if !ok && !extra {
					fail("property %q not allowed", k)
					continue
				}
			case schema:
				if !ok {
					sub = extra
				}
			}
			if sub != nil {
				errs = append(errs, checkSchema(root, sub, val, at+"."+k)...)
			}
		}
	case []any:
		if n, ok := s["minItems"].(float64); ok && float64(len(v)) < n {
			fail("fewer than %v items", n)
		}
		if s["uniqueItems"] == true {
			seen := map[string]bool{}
			for _, item := range v {
				b, _ := json.Marshal(item)
				if seen[string(b)] {
					fail("items not unique")
				}
				seen[string(b)] = true
			}
		}
		if items, ok := s["items"].(schema); ok {
			for i, item := range v {
				errs = append(errs, checkSchema(root, items, item, fmt.Sprintf("%s[%d]", at, i))...)
			}
		}
	case float64:
		if m, ok := s["minimum"].(float64); ok && v < m {
			fail("%v below minimum %v", v, m)
		}
		if m, ok := s["maximum"].(float64); ok && v > m {
			fail("%v above maximum %v", v, m)
		}
	case string:
		if p, ok := s["pattern"].(string); ok && !regexp.MustCompile(p).MatchString(v) {
			fail("%q does not match %s", v, p)
		}
		if f, ok := s["format"].(string); ok && !formatMatches(f, v) {
			fail("%q is not a %s", v, f)
		}
	}
	return errs
}

func asList(v any) []any { l, _ := v.([]any); return l }

func typeMatches(t any, v any) bool {
	for _, name := range append(asList(t), t) {
		ok := false
		switch name {
		case "object":
			_, ok = v.(map[string]any)
		case "array":
			_, ok = v.([]any)
		case "string":
			_, ok = v.(string)
		case "boolean":
			_, ok = v.(bool)
		case "null":
			ok = v == nil
		case "number":
			_, ok = v.(float64)
		case "integer":
			f, isNum := v.(float64)
			ok = isNum && f == float64(int64(f))
		}
		if ok {
			return true
		}
	}
	return false
}

// formatMatches checks the URI formats: a reference has no characters
// outside RFC 3986's (spaces, <, >, backslashes); a uri also has a scheme.
func formatMatches(format, v string) bool {
	if strings.ContainsAny(v, " <>\\\"{}|^`") {
		return false
	}
	u, err := url.Parse(v)
	switch format {
	case "uri-reference":
		return err == nil
	case "uri":
		return err == nil && u.Scheme != ""
	}
	return true
}

// The checker must reject what the standard rejects, or the tests below
// prove nothing.
func TestSchemaCheckerRejects(t *testing.T) {
	root := loadSARIFSchema(t)
	for _, tc := range []struct{ name, doc string }{
		{"no runs", `{"version":"2.1.0"}`},
		{"wrong version", `{"version":"2.0.0","runs":[]}`},
		{"unknown member", `{"version":"2.1.0","runs":[],"extra":1}`},
		{"tool without name", `{"version":"2.1.0","runs":[{"tool":{"driver":{}}}]}`},
		{"result without message", `{"version":"2.1.0","runs":[{"tool":{"driver":{"name":"zsj"}},"results":[{"ruleId":"x"}]}]}`},
		{"message without text", `{"version":"2.1.0","runs":[{"tool":{"driver":{"name":"zsj"}},"results":[{"message":{}}]}]}`},
		{"location without line or offset", `{"version":"2.1.0","runs":[{"tool":{"driver":{"name":"zsj"}},"results":[{"message":{"text":"m"},"locations":[{"physicalLocation":{"artifactLocation":{"uri":"a"},"region":{}}}]}]}]}`},
		{"bad level", `{"version":"2.1.0","runs":[{"tool":{"driver":{"name":"zsj"}},"results":[{"level":"fatal","message":{"text":"m"}}]}]}`},
		{"line 0", `{"version":"2.1.0","runs":[{"tool":{"driver":{"name":"zsj"}},"results":[{"message":{"text":"m"},"locations":[{"physicalLocation":{"artifactLocation":{"uri":"a"},"region":{"startLine":0}}}]}]}]}`},
		{"uri with space", `{"version":"2.1.0","runs":[{"tool":{"driver":{"name":"zsj"}},"results":[{"message":{"text":"m"},"locations":[{"physicalLocation":{"artifactLocation":{"uri":"a b"}}}]}]}]}`},
		{"fingerprint not a string", `{"version":"2.1.0","runs":[{"tool":{"driver":{"name":"zsj"}},"results":[{"message":{"text":"m"},"partialFingerprints":{"k":1}}]}]}`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var doc any
			if err := json.Unmarshal([]byte(tc.doc), &doc); err != nil {
				t.Fatal(err)
			}
			if errs := checkSchema(root, root, doc, "$"); len(errs) == 0 {
				t.Error("accepted")
			}
		})
	}
}
