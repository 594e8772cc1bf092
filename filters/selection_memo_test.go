package filters

import (
	"bytes"
	"fmt"
	"testing"
)

// memoSelections are flag sets the memo must agree with a full scan
// under, --tool (which remembers calls across lines) among them.
var memoSelections = []Selection{
	{Types: []string{"text"}},
	{Types: []string{"usage", "run_end"}},
	{Runs: []string{"run_1"}},
	{IDs: []string{"call_1"}},
	{Blocked: true},
	{Failed: true},
	{Types: []string{"tool_result"}, Failed: true},
	{Tools: []string{"shell"}},
}

const (
	memoText   = `{"schemaVersion":2,"type":"text","runId":"run_1","delta":"hello"}`
	memoPrefix = `{"schemaVersion":2,"type":"text","runId":"run_1","delta":`
)

// TestSelectionMemoShortensScans pins which lines are answered from the
// memo: without it, every hit below would be a full scan.
func TestSelectionMemoShortensScans(t *testing.T) {
	for _, tc := range []struct {
		name       string
		prev, next string
		hit        bool
	}{
		{"next delta", memoText, memoPrefix + `" world"}`, true},
		{"escaped quote and space", memoText, memoPrefix + `"say \"hi\"" } `, true},
		{"another field follows", memoText, memoPrefix + `"a","x":1}`, false},
		{"not a string", memoText, memoPrefix + `1}`, false},
		{"data after the object", memoText, memoPrefix + `"a"}x`, false},
		{"cut short", memoText, memoPrefix + `"a`, false},
		{"other run", memoText, `{"schemaVersion":2,"type":"text","runId":"run_2","delta":"a"}`, false},
		{"last field is read by selectors", `{"schemaVersion":2,"runId":"run_1","type":"text"}`, `{"schemaVersion":2,"runId":"run_1","type":"usage"}`, false},
		{"escaped last key", `{"type":"text","d\u0065lta":"a"}`, `{"type":"text","d\u0065lta":"b"}`, false},
		{"previous not an object", `{"type":`, memoText, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ls := newLineSelector(Selection{Types: []string{"usage"}})
			ls.selects([]byte(tc.prev))
			if _, hit := ls.likePrevious([]byte(tc.next)); hit != tc.hit {
				t.Errorf("answered from the memo: %v, want %v", hit, tc.hit)
			}
			checkSelectionMemo(t, []byte(tc.prev), []byte(tc.next))
		})
	}
}

func TestSelectionMemoOverFixtures(t *testing.T) {
	lines := fixtureLines(t)
	for i := 1; i < len(lines); i++ {
		checkSelectionMemo(t, lines[i-1], lines[i])
	}
}

// FuzzSelectionMemo: a line selected after another gets the answer it
// gets on its own, also when built to share the other's prefix.
func FuzzSelectionMemo(f *testing.F) {
	lines := fixtureLines(f)
	for i := 1; i < len(lines); i++ {
		f.Add(lines[i-1], lines[i])
	}
	f.Add([]byte(memoText), []byte(`"\\"}`))
	f.Fuzz(func(t *testing.T, prev, next []byte) {
		checkSelectionMemo(t, prev, next)
		ls := newLineSelector(memoSelections[0])
		ls.selects(prev)
		if ls.memo.valid {
			checkSelectionMemo(t, prev, append(bytes.Clone(ls.memo.prefix), next...))
		}
	})
}

// checkSelectionMemo selects next after prev, and again with a plain
// selector that scans every line in full, under every flag set: the
// answers and errors must be the same.
func checkSelectionMemo(t *testing.T, prev, next []byte) {
	t.Helper()
	for _, s := range memoSelections {
		warm := newLineSelector(s)
		warm.selects(prev)
		got, gotErr := warm.selects(next)
		full := newSelector(s)
		fullScan(full, prev)
		want, wantErr := fullScan(full, next)
		if got != want || fmt.Sprint(gotErr) != fmt.Sprint(wantErr) {
			t.Fatalf("%+v:\nprev %q\nnext %q\nwith the memo: %v %v\nscanned:       %v %v", s, prev, next, got, gotErr, want, wantErr)
		}
	}
}

func fullScan(sel *selector, line []byte) (bool, *SyntaxError) {
	fs, err := scanFields(line, nil)
	if err != nil {
		return false, err
	}
	return sel.match(fs), nil
}

// TestSelectionMemoKeepsToolState: --tool answers a result by the calls
// seen before it, so two results alike but for their output may get
// different answers.
func TestSelectionMemoKeepsToolState(t *testing.T) {
	const result = `{"schemaVersion":2,"type":"tool_result","runId":"r","id":"call_1","status":"ok","truncated":false,"output":`
	ls := newLineSelector(Selection{Tools: []string{"shell"}})
	for i, tc := range []struct {
		line string
		want bool
	}{
		{result + `"before the call"}`, false},
		{`{"schemaVersion":2,"type":"tool_call","runId":"r","id":"call_1","name":"shell"}`, true},
		{result + `"after the call"}`, true},
	} {
		if got, err := ls.selects([]byte(tc.line)); got != tc.want || err != nil {
			t.Errorf("line %d: selected %v (%v), want %v", i+1, got, err, tc.want)
		}
	}
}
