package protocol

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strings"
	"testing"
)

// parsePair parses first and then second with one Parser, and second
// alone with a fresh one: the memo must not make any difference, to the
// members or to Check.
func parsePair(t *testing.T, first, second []byte) (memoUsed bool) {
	t.Helper()
	var p Parser
	_, firstErr := p.Parse(first, nil)
	_, memoUsed = p.memo.likePrevious(second, nil)
	got, gotErr := p.Parse(second, nil)
	want, wantErr := ParseObject(second, nil)
	if (gotErr == nil) != (wantErr == nil) || gotErr != nil && *gotErr != *wantErr {
		t.Fatalf("after %q (err %v), %q: error %v, alone %v", first, firstErr, second, gotErr, wantErr)
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("after %q, %q:\nmembers %+v\nalone   %+v", first, second, got, want)
	}
	// Check, after first, says what the parse said.
	var c Parser
	c.Check(first)
	if checkErr := c.Check(second); (checkErr == nil) != (wantErr == nil) || checkErr != nil && *checkErr != *wantErr {
		t.Fatalf("after %q, Check(%q): %v, ParseObject: %v", first, second, checkErr, wantErr)
	}
	// A MembersReader, given the two lines when both are objects, reads
	// the second as MembersOf does.
	if isObject(first) && isObject(second) {
		var r MembersReader
		before := r.Members(first, nil)
		want := MembersOf(second, nil)
		if v, ok := r.LastValue(second); ok {
			if n := len(want); n == 0 || !reflect.DeepEqual(v, want[n-1].Value) || !sameButLast(before, want) {
				t.Fatalf("LastValue after %q, %q: %+v; members %+v", first, second, v, want)
			}
		}
		if got := r.Members(second, nil); !reflect.DeepEqual(got, want) {
			t.Fatalf("MembersReader after %q, %q:\nmembers %+v\nalone   %+v", first, second, got, want)
		}
	}
	return memoUsed
}

// sameButLast reports whether members a and b have the same keys, in
// order, and the same values but the last.
func sameButLast(a, b []Member) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if !bytes.Equal(a[i].Key, b[i].Key) || i < len(a)-1 && !bytes.Equal(a[i].Value.Raw, b[i].Value.Raw) {
			return false
		}
	}
	return true
}

// isObject reports whether line is one JSON object, as a LineChecker
// finds before MembersOf may read it.
func isObject(line []byte) bool {
	t := bytes.TrimLeft(line, " \t\r\n")
	return json.Valid(line) && len(t) > 0 && t[0] == '{'
}

func TestParseMemo(t *testing.T) {
	const prev = `{"schemaVersion":2,"type":"text","runId":"r1","delta":"hel"}`
	for _, tc := range []struct {
		name, second string
		memo         bool // the memo parses it
	}{
		{"the next delta", `{"schemaVersion":2,"type":"text","runId":"r1","delta":"lo\n wor"}`, true},
		{"an empty delta", `{"schemaVersion":2,"type":"text","runId":"r1","delta":""}`, true},
		{"space before the brace and after", `{"schemaVersion":2,"type":"text","runId":"r1","delta":"x" } ` + "\t", true},
		{"another run", `{"schemaVersion":2,"type":"text","runId":"r2","delta":"lo"}`, false},
		{"a member after the delta", `{"schemaVersion":2,"type":"text","runId":"r1","delta":"lo","x":1}`, false},
		{"the key again after the delta", `{"schemaVersion":2,"type":"text","runId":"r1","delta":"lo","delta":"x"}`, false},
		{"a number for the delta", `{"schemaVersion":2,"type":"text","runId":"r1","delta":1}`, false},
		{"a bad escape", `{"schemaVersion":2,"type":"text","runId":"r1","delta":"a\x"}`, false},
		{"invalid UTF-8", "{\"schemaVersion\":2,\"type\":\"text\",\"runId\":\"r1\",\"delta\":\"\xff\"}", false},
		{"a raw control byte", "{\"schemaVersion\":2,\"type\":\"text\",\"runId\":\"r1\",\"delta\":\"a\nb\"}", false},
		{"cut short", `{"schemaVersion":2,"type":"text","runId":"r1","delta":"lo`, false},
		{"not closed", `{"schemaVersion":2,"type":"text","runId":"r1","delta":"lo"`, false},
		{"a second value", `{"schemaVersion":2,"type":"text","runId":"r1","delta":"lo"} {}`, false},
		{"the prefix alone", `{"schemaVersion":2,"type":"text","runId":"r1","delta":`, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if used := parsePair(t, []byte(prev), []byte(tc.second)); used != tc.memo {
				t.Errorf("memo used %v, want %v", used, tc.memo)
			}
		})
	}
}

// TestParseMemoNotRemembered: lines the memo cannot stand for leave no
// memo, and a line the parser refuses leaves the one before in place.
func TestParseMemoNotRemembered(t *testing.T) {
	for _, line := range []string{
		`{"a":"x","n":1}`,   // the last value is not a string
		`{}`,                // no members
		"{\"a\":\"x\x00\"}", // refused (a raw NUL byte)
	} {
		var p Parser
		p.Parse([]byte(line), nil)
		if p.memo.valid {
			t.Errorf("%.40q left a memo", line)
		}
	}
	long := `{"a":"` + strings.Repeat("a", maxParseMemo) + `","b":"x"}`
	var p Parser
	if _, err := p.Parse([]byte(long), nil); err != nil || p.memo.valid {
		t.Errorf("a last value past %d bytes: err %v, memo %v", maxParseMemo, err, p.memo.valid)
	}
	p.Parse([]byte(`{"a":"x"}`), nil)
	p.Parse([]byte(`{"a":`), nil)
	if !p.memo.valid || string(p.memo.prefix) != `{"a":` {
		t.Errorf("a refused line dropped the memo: %v %q", p.memo.valid, p.memo.prefix)
	}
}

// FuzzParseMemo parses two lines (the input split at its first newline)
// with one Parser, and the second alone: the same members, the same error.
func FuzzParseMemo(f *testing.F) {
	for _, s := range []string{
		`{"type":"text","runId":"r","delta":"a"}` + "\n" + `{"type":"text","runId":"r","delta":"b\u00e9"}`,
		`{"a":[1,{"b":"c"}],"d":"e"}` + "\n" + `{"a":[1,{"b":"c"}],"d":"e\"f"} `,
		`{"a":"x"}` + "\n" + `{"a":"x","a":"y"}`,
		`{"a":"x"}` + "\n" + `{"a":"\ud800"}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		first, second := in, []byte(nil)
		for i, c := range in {
			if c == '\n' {
				first, second = in[:i], in[i+1:]
				break
			}
		}
		parsePair(t, first, second)
	})
}
