package protocol

import (
	"encoding/json"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestParseObjectMembers(t *testing.T) {
	line := []byte(` {"a": 1.50, "b\u0021":"x\/y" ,"c":{"d":[true,null]}} `)
	members, err := ParseObject(line, nil)
	if err != nil {
		t.Fatal(err)
	}
	want := []struct {
		key, raw string
		kind     ValueKind
	}{
		{"a", "1.50", KindNumber},
		{`b\u0021`, `"x\/y"`, KindString},
		{"c", `{"d":[true,null]}`, KindObject},
	}
	if len(members) != len(want) {
		t.Fatalf("got %d members, want %d", len(members), len(want))
	}
	for i, w := range want {
		m := members[i]
		if string(m.Key) != w.key || string(m.Value.Raw) != w.raw || m.Value.Kind != w.kind {
			t.Errorf("member %d: got %q=%q (%v), want %q=%q (%v)", i, m.Key, m.Value.Raw, m.Value.Kind, w.key, w.raw, w.kind)
		}
		if string(line[m.ValueStart:m.ValueStart+len(m.Value.Raw)]) != w.raw {
			t.Errorf("member %d: ValueStart does not point at the value", i)
		}
		if line[m.KeyOffset] != '"' {
			t.Errorf("member %d: KeyOffset does not point at the key's quote", i)
		}
	}
	if got := string(members[1].KeyText()); got != "b!" {
		t.Errorf("decoded key: got %q", got)
	}
	if got := string(StringValue(members[1].Value)); got != "x/y" {
		t.Errorf("decoded value: got %q", got)
	}
}

func TestParseObjectErrors(t *testing.T) {
	for _, tc := range []struct {
		name, line, rule, path string
		eof                    bool
	}{
		{"empty", ``, RuleInvalidJSON, "", false},
		{"array", `[1]`, RuleNotObject, "", false},
		{"string", `"x"`, RuleNotObject, "", false},
		{"two objects", `{}{}`, RuleTrailingData, "", false},
		{"garbage after", `{} x`, RuleTrailingData, "", false},
		{"cut in string", `{"a":"b`, RuleInvalidJSON, "", true},
		{"cut after colon", `{"a":`, RuleInvalidJSON, "", true},
		{"cut in literal", `{"a":tr`, RuleInvalidJSON, "", true},
		{"cut in escape", `{"a":"\u00`, RuleInvalidJSON, "", true},
		{"bad literal", `{"a":tru}`, RuleInvalidJSON, "", false},
		{"bad escape", `{"a":"\x"}`, RuleInvalidJSON, "", false},
		{"control char", "{\"a\":\"\x01\"}", RuleInvalidJSON, "", false},
		{"nul outside string", "{\"a\":1\x00}", RuleInvalidJSON, "", false},
		{"leading zero", `{"a":01}`, RuleInvalidJSON, "", false},
		{"bare minus", `{"a":-}`, RuleInvalidJSON, "", false},
		{"dot without digits", `{"a":1.}`, RuleInvalidJSON, "", false},
		{"exponent without digits", `{"a":1e}`, RuleInvalidJSON, "", false},
		{"single quotes", `{'a':1}`, RuleInvalidJSON, "", false},
		{"trailing comma", `{"a":1,}`, RuleInvalidJSON, "", false},
		{"invalid utf8", "{\"a\":\"\xff\"}", RuleInvalidUTF8, "", false},
		{"overlong utf8", "{\"a\":\"\xc0\xaf\"}", RuleInvalidUTF8, "", false},
		{"surrogate in utf8", "{\"a\":\"\xed\xa0\x80\"}", RuleInvalidUTF8, "", false},
		{"duplicate top", `{"a":1,"a":2}`, RuleDuplicateKey, "$.a", false},
		{"duplicate escaped", `{"type":1,"\u0074ype":2}`, RuleDuplicateKey, "$.type", false},
		{"duplicate nested", `{"args":{"x":[{"k":1,"k":2}]}}`, RuleDuplicateKey, "$.args.x[0].k", false},
		{"duplicate in large object", `{` + manyKeys(40) + `,"k7":0}`, RuleDuplicateKey, "$.k7", false},
		{"too deep", `{"a":` + strings.Repeat("[", MaxDepth) + strings.Repeat("]", MaxDepth) + `}`, RuleTooDeep, "", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ParseObject([]byte(tc.line), nil)
			if err == nil {
				t.Fatalf("%q: no error, want %s", tc.line, tc.rule)
			}
			if err.Rule != tc.rule || err.EOF != tc.eof {
				t.Errorf("%q: got %s (eof %v): %s; want %s (eof %v)", tc.line, err.Rule, err.EOF, err.Msg, tc.rule, tc.eof)
			}
			if tc.path != "" && err.Path != tc.path {
				t.Errorf("%q: path %q, want %q", tc.line, err.Path, tc.path)
			}
		})
	}
}

func manyKeys(n int) string {
	var b strings.Builder
	for i := 0; i < n; i++ {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(`"k` + strconv.Itoa(i) + `":0`)
	}
	return b.String()
}

// TestMaxDepthAllowed: exactly MaxDepth levels is fine.
func TestMaxDepthAllowed(t *testing.T) {
	line := `{"a":` + strings.Repeat("[", MaxDepth-1) + strings.Repeat("]", MaxDepth-1) + `}`
	if _, err := ParseObject([]byte(line), nil); err != nil {
		t.Fatalf("%d levels: %v", MaxDepth, err)
	}
}

// TestStringScanBoundaries puts the special bytes at every offset of the
// eight-byte blocks the scanner skips, so the block arithmetic is covered.
func TestStringScanBoundaries(t *testing.T) {
	for pad := 0; pad < 20; pad++ {
		for _, special := range []string{`\"`, `\\`, `\n`, `\u00e9`, "é", "日本", "🙂"} {
			text := strings.Repeat("a", pad) + special + strings.Repeat("b", 9)
			line := `{"k":"` + text + `"}`
			members, err := ParseObject([]byte(line), nil)
			if err != nil {
				t.Fatalf("pad %d %q: %v", pad, special, err)
			}
			var want string
			if err := json.Unmarshal(members[0].Value.Raw, &want); err != nil {
				t.Fatal(err)
			}
			if got := string(StringValue(members[0].Value)); got != want {
				t.Errorf("pad %d %q: decoded %q, want %q", pad, special, got, want)
			}
		}
		bad := `{"k":"` + strings.Repeat("a", pad) + "\xff" + `"}`
		if _, err := ParseObject([]byte(bad), nil); err == nil || err.Rule != RuleInvalidUTF8 {
			t.Errorf("pad %d: invalid UTF-8 not found: %v", pad, err)
		}
		ctrl := `{"k":"` + strings.Repeat("a", pad) + "\x1f" + `"}`
		if _, err := ParseObject([]byte(ctrl), nil); err == nil || err.Rule != RuleInvalidJSON {
			t.Errorf("pad %d: control byte not found: %v", pad, err)
		}
	}
}

// FuzzParseObject compares the scanner with encoding/json: whatever the
// scanner accepts, encoding/json accepts as an object; whatever
// encoding/json accepts as a UTF-8 object, the scanner rejects only for a
// duplicate key or the depth limit; and decoded strings agree.
func FuzzParseObject(f *testing.F) {
	for _, s := range []string{`{}`, `{"a":1}`, `{"a":"\u00e9\ud83d\ude00"}`, `{"a":[1,{"b":null}]}`, `[]`, `{"a":1,"a":2}`, `{"a":"\ud800"}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, line []byte) {
		members, err := ParseObject(line, nil)
		var obj map[string]json.RawMessage
		stdErr := json.Unmarshal(line, &obj)
		// A line checker takes a line for an object exactly where
		// ParseObject does, and MembersOf then reads the same members.
		var checked Checked
		NewLineChecker(Options{}).Check(line, false, &checked)
		if checked.Object() != (err == nil) {
			t.Fatalf("%q: the line checker says object %v, ParseObject %v", line, checked.Object(), err)
		}
		if err == nil && !reflect.DeepEqual(MembersOf(line, nil), members) {
			t.Fatalf("%q: MembersOf %v, ParseObject %v", line, MembersOf(line, nil), members)
		}
		if err == nil {
			if stdErr != nil {
				t.Fatalf("scanner accepts %q, encoding/json says %v", line, stdErr)
			}
			for _, m := range members {
				if m.Value.Kind != KindString {
					continue
				}
				var want string
				if json.Unmarshal(m.Value.Raw, &want) != nil {
					t.Fatalf("string %q does not decode", m.Value.Raw)
				}
				if got := string(StringValue(m.Value)); got != want {
					t.Fatalf("decoded %q, encoding/json %q", got, want)
				}
			}
			return
		}
		if stdErr == nil && obj != nil && utf8.Valid(line) && err.Rule != RuleDuplicateKey && err.Rule != RuleTooDeep {
			t.Fatalf("scanner rejects %q (%s: %s), encoding/json accepts it", line, err.Rule, err.Msg)
		}
	})
}

func TestBoolValue(t *testing.T) {
	members, err := ParseObject([]byte(`{"t":true,"f":false,"s":"true","n":1,"z":null}`), nil)
	if err != nil {
		t.Fatal(err)
	}
	want := []struct{ value, ok bool }{{true, true}, {false, true}, {false, false}, {false, false}, {false, false}}
	for i, m := range members {
		if value, ok := BoolValue(m.Value); value != want[i].value || ok != want[i].ok {
			t.Errorf("%s: %v, %v; want %v, %v", m.Key, value, ok, want[i].value, want[i].ok)
		}
	}
}
