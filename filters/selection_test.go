package filters

import (
	"bytes"
	"fmt"
	"slices"
	"testing"
)

func TestScanFields(t *testing.T) {
	for _, tc := range []struct {
		line string
		want []string // key=value pairs
	}{
		{`{}`, nil},
		{`{"a":1,"b":"x"}`, []string{`a=1`, `b="x"`}},
		{` { "a" : true , "b" : null } `, []string{`a=true`, `b=null`}},
		{`{"s":"q\"}{[","n":{"x":["]",{"y":"}"}]},"t":"\\"}`, []string{`s="q\"}{["`, `n={"x":["]",{"y":"}"}]}`, `t="\\"`}},
		{`{"\u0074ype":"x\\\\"}`, []string{`\u0074ype="x\\\\"`}},
		{`{"a":-1.5e3}`, []string{`a=-1.5e3`}},
	} {
		fs, err := scanFields([]byte(tc.line), nil)
		if err != nil {
			t.Errorf("scanFields(%s): %v", tc.line, err)
			continue
		}
		var got []string
		for _, f := range fs {
			got = append(got, fmt.Sprintf("%s=%s", f.key, f.val))
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("scanFields(%s) = %q, want %q", tc.line, got, tc.want)
		}
	}
}

func TestScanFieldsErrors(t *testing.T) {
	for _, line := range []string{
		``, `[1]`, `"x"`, `{"a":1`, `{"a":"x}`, `{"a":"x\"}`, `{"a":{"b":[1}}`, `{"a":{"b":1}`,
		`{"a":1}x`, `{"a"}`, `{"a":}`, `{1:2}`, `{"a":1 "b":2}`,
	} {
		if _, err := scanFields([]byte(line), nil); err == nil {
			t.Errorf("scanFields(%s) succeeded", line)
		}
	}
}

// matches returns the numbers of the lines of a fixture that a selection
// picks.
func matches(t *testing.T, fixtureName string, s Selection) []int {
	t.Helper()
	sel := newSelector(s)
	var got []int
	for i, line := range bytes.Split(fixture(t, fixtureName), []byte("\n")) {
		if len(line) == 0 {
			continue
		}
		fs, err := scanFields(line, nil)
		if err != nil {
			t.Fatalf("%s:%d: %v", fixtureName, i+1, err)
		}
		if sel.match(fs) {
			got = append(got, i+1)
		}
	}
	return got
}

func TestSelection(t *testing.T) {
	for _, tc := range []struct {
		name    string
		fixture string
		sel     Selection
		want    []int
	}{
		{"one type", "v2/run.jsonl", Selection{Types: []string{"usage"}}, []int{8, 13, 23, 28}},
		{"two types", "v2/run.jsonl", Selection{Types: []string{"final", "run_end"}}, []int{29, 30}},
		{"run", "v2/interleaved.jsonl", Selection{Runs: []string{"run_20260603_bbb222"}, Types: []string{"run_start", "run_end"}}, []int{2, 14}},
		{"id: call, permission events and result", "v2/run.jsonl", Selection{IDs: []string{"call_3"}}, []int{15, 16, 17, 18}},
		{"tool: call and result", "v2/run.jsonl", Selection{Tools: []string{"read_file"}}, []int{6, 7, 19, 20}},
		{"tool: a headless denial has no call", "v2/run.jsonl", Selection{Tools: []string{"bash"}}, []int{11, 12, 21, 22}},
		{"blocked v2", "v2/run.jsonl", Selection{Blocked: true}, []int{15, 21, 22}},
		{"blocked v1", "v1/run.jsonl", Selection{Blocked: true}, []int{15, 21, 22}},
		{"failed", "v2/run.jsonl", Selection{Failed: true}, []int{20, 22, 25}},
		{"failed run", "v2/failed.jsonl", Selection{Failed: true, Types: []string{"run_end"}}, []int{7}},
		{"failed tool result and error", "v2/failed.jsonl", Selection{Failed: true}, []int{4, 6, 7}},
		{"all must match", "v2/run.jsonl", Selection{Failed: true, Blocked: true}, []int{22}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := matches(t, tc.fixture, tc.sel); !slices.Equal(got, tc.want) {
				t.Errorf("lines %v, want %v", got, tc.want)
			}
		})
	}
}

// Ids are unique within a run only: --tool follows each call within its
// own run.
func TestSelectionToolPerRun(t *testing.T) {
	lines := []string{
		`{"type":"tool_call","runId":"A","id":"call_1","name":"read_file"}`,
		`{"type":"tool_call","runId":"B","id":"call_1","name":"bash"}`,
		`{"type":"tool_result","runId":"A","id":"call_1","status":"ok"}`,
		`{"type":"tool_result","runId":"B","id":"call_1","status":"ok"}`,
		`{"type":"permission_request","runId":"A","id":"call_2","name":"bash"}`,
		`{"type":"tool_result","runId":"A","id":"call_2","status":"error"}`,
	}
	sel := newSelector(Selection{Tools: []string{"bash"}})
	var got []int
	for i, line := range lines {
		fs, err := scanFields([]byte(line), nil)
		if err != nil {
			t.Fatal(err)
		}
		if sel.match(fs) {
			got = append(got, i+1)
		}
	}
	if want := []int{2, 4, 5, 6}; !slices.Equal(got, want) {
		t.Errorf("--tool bash picked lines %v, want %v", got, want)
	}
}
