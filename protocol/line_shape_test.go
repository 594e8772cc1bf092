package protocol

import "testing"

// TestShapeNamesLongestString: Shape names the text of the longest string
// value of the line checked last, at any depth, never a key; on a line
// checked like the one before, its last string; nothing on a line that is
// not an object.
func TestShapeNamesLongestString(t *testing.T) {
	const delta = `{"schemaVersion":2,"type":"text","runId":"r1","delta":`
	tests := []struct {
		name  string
		lines []string // checked in turn; the last one's shape is looked at
		want  string   // the long string's text; "" for none
	}{
		{"top-level output", []string{`{"schemaVersion":2,"type":"tool_result","runId":"r1","id":"call_1","status":"ok","output":"the output, longer"}`}, "the output, longer"},
		{"nested argument", []string{`{"schemaVersion":2,"type":"tool_call","runId":"r1","id":"c","name":"write_file","args":{"path":"a.go","content":"package a\nfunc A() {}\n"}}`}, `package a\nfunc A() {}\n`},
		{"array element", []string{`{"schemaVersion":2,"type":"x","list":[1,"short","the longest of all"]}`}, "the longest of all"},
		{"a key is not a value", []string{`{"a key longer than any value":"v","type":"xy"}`}, "xy"},
		{"escapes kept raw", []string{`{"type":"x","output":"a\"b\u0041"}`}, `a\"b\u0041`},
		{"first of equals", []string{`{"a":"xy","b":"zw"}`}, "xy"},
		{"no string value", []string{`{"a":1,"b":[true,null]}`}, ""},
		{"not an object", []string{`["a long string in an array"]`}, ""},
		{"broken", []string{`{"type":"text","delta":"unterminated`}, ""},
		{"blank", []string{`   `}, ""},
		{"repeated shape: the last string", []string{delta + `"a"}`, delta + `"the next delta"}`}, "the next delta"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			lc := NewLineChecker(Options{})
			var out Checked
			var line []byte
			for _, l := range tt.lines {
				line = []byte(l)
				lc.Check(line, false, &out)
			}
			s := lc.Shape()
			if got := string(line[s.LongStart:s.LongEnd]); got != tt.want {
				t.Errorf("long string %q, want %q (shape %+v)", got, tt.want, s)
			}
			if tt.want == "" && (s.LongStart != 0 || s.LongEnd != 0) {
				t.Errorf("no long string, but shape %+v", s)
			}
		})
	}
}
