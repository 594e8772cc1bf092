package redact

import (
	"bytes"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/zsj-dev/zsj/protocol"
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

// readShaped reads the lines of a stream as zsj redact's workers do: a
// protocol.Parser checks each line, then OfShaped reads it with what the
// parser said; a line that starts with '#' is checked without it and not
// read (as a dropped line is), and LoseShape is told. Every line read must
// come out as DeltaOf reads it alone. It returns how many lines were read
// without the parse OfShaped falls back to.
func readShaped(t *testing.T, lines [][]byte) (fast int) {
	t.Helper()
	var p protocol.Parser
	var r DeltaReader
	for _, line := range lines {
		dropped := bytes.HasPrefix(line, []byte("#"))
		if dropped {
			line = line[1:]
		}
		known := p.Check(line) == nil
		start, repeated := p.LastString()
		if dropped {
			r.LoseShape()
			continue
		}
		before := r.shape
		got, gotOK := r.OfShaped(line, known, start, repeated)
		want, wantOK := DeltaOf(line)
		if gotOK != wantOK || !reflect.DeepEqual(got, want) {
			t.Fatalf("%q (known %v, start %d, repeated %v):\nshaped %v %+v\nalone  %v %+v", line, known, start, repeated, gotOK, got, wantOK, want)
		}
		if known && repeated && before.valid && before.start == start {
			fast++
		}
	}
	return fast
}

func TestDeltaReaderShaped(t *testing.T) {
	const (
		r1 = `{"schemaVersion":2,"type":"text","runId":"r1","delta":`
		r2 = `{"schemaVersion":2,"type":"text","runId":"r2","delta":`
	)
	for _, tc := range []struct {
		name  string
		lines []string
		fast  int // lines read without a parse
	}{
		{"a stream of deltas", []string{r1 + `"a"}`, r1 + `"b\n\u00e9"}`, r1 + `"c\"" } `, r1 + `""}`}, 3},
		// The same start, the shape changing at every line.
		{"two runs in turns", []string{r1 + `"a"}`, r2 + `"b"}`, r1 + `"c"}`, r2 + `"d"}`}, 0},
		{"a line that is not JSON between", []string{r1 + `"a"}`, r1 + `"b`, r1 + `"c"}`, r1 + `"d"}`}, 1},
		{"a dropped line between", []string{r1 + `"a"}`, "#" + r2 + `"b"}`, r2 + `"c"}`, r2 + `"d"}`}, 1},
		{"not a delta", []string{`{"type":"tool_call","runId":"r1","delta":"a"}`, `{"type":"tool_call","runId":"r1","delta":"b"}`}, 0},
		{"the type last", []string{`{"runId":"r1","delta":"a","type":"text"}`, `{"runId":"r1","delta":"a","type":"tool_call"}`}, 0},
		{"a delta before the last string", []string{`{"type":"text","runId":"r1","delta":"a","x":"1"}`, `{"type":"text","runId":"r1","delta":"a","x":"2"}`}, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var lines [][]byte
			for _, l := range tc.lines {
				lines = append(lines, []byte(l))
			}
			if fast := readShaped(t, lines); fast != tc.fast {
				t.Errorf("%d lines read without a parse, want %d", fast, tc.fast)
			}
		})
	}
}

// FuzzDeltaReaderShaped reads the lines of the input with readShaped.
func FuzzDeltaReaderShaped(f *testing.F) {
	for _, s := range []string{
		`{"type":"text","runId":"r","delta":"a"}` + "\n" + `{"type":"text","runId":"r","delta":"b\u00e9"}` + "\n" + `{"type":"text","runId":"r","delta":"c"} `,
		`{"type":"text","runId":"r","delta":"a"}` + "\n#" + `{"type":"text","runId":"s","delta":"b"}` + "\n" + `{"type":"text","runId":"s","delta":"c"}`,
		`{"runId":"r","type":"reasoning","delta":"a"}` + "\n" + `{"runId":"r","type":"reasoning","delta":"a","delta":"b"}`,
		`{"type":"text","runId":"r","delta":"a"}` + "\n" + `{"type":"text","runId":"r","delta":"b` + "\n" + `{"type":"text","runId":"r","delta":"c"}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		readShaped(t, bytes.Split(in, []byte("\n")))
	})
}
