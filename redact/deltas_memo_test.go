package redact

import (
	"bytes"
	"fmt"
	"reflect"
	"strings"
	"testing"
)

// readPair reads first and then second with one DeltaReader, and second
// alone with DeltaOf: the memo must make no difference.
func readPair(t *testing.T, first, second []byte) (memoUsed bool) {
	t.Helper()
	var r DeltaReader
	r.Of(first)
	_, memoUsed = r.likePrevious(second)
	got, gotOK := r.Of(second)
	want, wantOK := DeltaOf(second)
	if gotOK != wantOK || !reflect.DeepEqual(got, want) {
		t.Fatalf("after %q, %q:\nreader %v %+v\nalone  %v %+v", first, second, gotOK, got, wantOK, want)
	}
	return memoUsed
}

func TestDeltaReader(t *testing.T) {
	const prev = `{"schemaVersion":2,"type":"text","runId":"r1","delta":"hel"}`
	for _, tc := range []struct {
		name, next string
		memo       bool // the memo reads it
	}{
		{"the next delta", `{"schemaVersion":2,"type":"text","runId":"r1","delta":"lo\n w\u00e9"}`, true},
		{"an empty delta", `{"schemaVersion":2,"type":"text","runId":"r1","delta":""}`, true},
		{"space around the brace", `{"schemaVersion":2,"type":"text","runId":"r1","delta":"x" } `, true},
		{"an escaped quote", `{"schemaVersion":2,"type":"text","runId":"r1","delta":"a\"b\\"}`, true},
		{"another run", `{"schemaVersion":2,"type":"text","runId":"r2","delta":"lo"}`, false},
		{"reasoning", `{"schemaVersion":2,"type":"reasoning","runId":"r1","delta":"lo"}`, false},
		{"a member after it", `{"schemaVersion":2,"type":"text","runId":"r1","delta":"lo","x":1}`, false},
		{"the run id again after it", `{"schemaVersion":2,"type":"text","runId":"r1","delta":"lo","runId":"r9"}`, false},
		{"a number", `{"schemaVersion":2,"type":"text","runId":"r1","delta":1}`, false},
		{"cut short", `{"schemaVersion":2,"type":"text","runId":"r1","delta":"lo`, false},
		{"not closed", `{"schemaVersion":2,"type":"text","runId":"r1","delta":"lo"`, false},
		{"a second value", `{"schemaVersion":2,"type":"text","runId":"r1","delta":"lo"} {}`, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if used := readPair(t, []byte(prev), []byte(tc.next)); used != tc.memo {
				t.Errorf("memo used %v, want %v", used, tc.memo)
			}
		})
	}
}

// TestDeltaReaderKeepsTexts: the texts of deltas with escapes, decoded
// into the reader's buffer, stay as they were read while more are read
// (until Reset), however often the buffer grows.
func TestDeltaReaderKeepsTexts(t *testing.T) {
	var r DeltaReader
	var got []Delta
	var want []string
	for i := range 200 {
		// Each different, with escapes; some the length of the one
		// before (the buffer has room), some longer (it grows).
		text := fmt.Sprint(i) + `\n` + strings.Repeat(`\u00e9`, i%7)
		line := []byte(`{"schemaVersion":2,"type":"text","runId":"r1","delta":"` + text + `"}`)
		d, ok := r.Of(line)
		alone, _ := DeltaOf(line)
		if !ok {
			t.Fatalf("%s: not read", line)
		}
		got, want = append(got, d), append(want, string(alone.Text))
	}
	for i, d := range got {
		if string(d.Text) != want[i] {
			t.Fatalf("delta %d reads %q once 200 were read, want %q", i, d.Text, want[i])
		}
	}
}

// TestDeltaReaderNotRemembered: a delta that is not the line's last
// member, or starts too far in, leaves no memo.
func TestDeltaReaderNotRemembered(t *testing.T) {
	for _, line := range []string{
		`{"type":"text","delta":"x","runId":"r1"}`,
		`{"type":"text","runId":"r1","pad":"` + strings.Repeat("p", maxDeltaMemo) + `","delta":"x"}`,
		`{"type":"tool_call","runId":"r1","delta":"x"}`,
	} {
		var r DeltaReader
		r.Of([]byte(line))
		if r.valid {
			t.Errorf("%.50q left a memo", line)
		}
	}
}

// FuzzDeltaReader reads two lines (the input split at its first newline)
// with one DeltaReader, and the second alone with DeltaOf.
func FuzzDeltaReader(f *testing.F) {
	for _, s := range []string{
		`{"type":"text","runId":"r","delta":"a"}` + "\n" + `{"type":"text","runId":"r","delta":"b\u00e9"}`,
		`{"type":"text","runId":"r","delta":"a"}` + "\n" + `{"type":"text","runId":"r","delta":"b\\"} `,
		`{"runId":"r","type":"reasoning","delta":"a"}` + "\n" + `{"runId":"r","type":"reasoning","delta":"a","delta":"b"}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		first, second, _ := bytes.Cut(in, []byte("\n"))
		readPair(t, first, second)
	})
}
