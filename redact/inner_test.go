package redact

import (
	"bytes"
	"strings"
	"testing"
)

// TestInnerKeywordQuickCheck: lob-api-key's keywords come after a name
// and an operator. Its quick check now reads what follows the keyword:
// test output full of "test_" no longer sends each string it is in to
// the regex, and a key, raw or escaped in JSON, still passes. Before
// innerPart the rule had no quick check and every case said yes.
func TestInnerKeywordQuickCheck(t *testing.T) {
	rs := defaults(t)
	var m *regexMatcher
	for _, r := range rs.rules {
		if r.id == "lob-api-key" {
			m = r.matcher
		}
	}
	if m == nil {
		t.Fatal("no lob-api-key rule")
	}
	key := "test_" + strings.Repeat("0f", 17) + "a"
	for _, tc := range []struct {
		raw  string
		want bool
	}{
		{`FAILED tests/test_summary.py::test_unicode_labels - AssertionError`, false},
		{`def test_parse_key(self):\n    assert parse(\"lob\") == 1`, false},
		{`lob_id=` + key + `\n`, true},
		{`{\"lob_key\": \"` + key + `\"}`, true},
		{`lob_key = ` + key[:len(key)-1] + `\n`, false}, // one hex digit short
	} {
		raw := []byte(tc.raw)
		start := bytes.Index(bytes.ToLower(raw), []byte("test_"))
		if got := m.maybe(raw, start, start+len("test_")); got != tc.want {
			t.Errorf("%s: maybe %v, want %v", tc.raw, got, tc.want)
		}
		x := rs.NewRedactor()
		line := []byte(`{"schemaVersion":2,"type":"tool_result","runId":"r","id":"c","status":"ok","output":"` + tc.raw + `"}`)
		found := false
		for _, f := range x.Find(line) {
			found = found || f.Rule == "lob-api-key"
		}
		if found != tc.want {
			t.Errorf("%s: found %v, want %v", tc.raw, found, tc.want)
		}
	}
}
