package protocol

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestSkipValue(t *testing.T) {
	for _, tc := range []struct {
		text   string
		end    int    // where SkipValue stops (after the value, or at the problem)
		msg    string // the problem; empty when the value is fine
		eof    bool
		offset int // the problem's offset
	}{
		{`1 `, 1, "", false, 0},
		{`-0.5e+3,`, 7, "", false, 0},
		{`"a\"b"x`, 6, "", false, 0},
		{`{"a":1,"a":2}`, 13, "", false, 0}, // keys may repeat
		{`[ 1 , [ ] , { } ]`, 17, "", false, 0},
		{`{"a":[true,false,null]}`, 23, "", false, 0},
		{``, 0, "the line ends inside a value", true, 0},
		{`{"a":1`, 6, "the line ends inside an object", true, 6},
		{`{"a":1,`, 7, "the line ends inside an object", true, 7},
		{`{"a" 1}`, 5, "unexpected '1' in an object (':' must follow a key)", false, 5},
		{`{a:1}`, 1, "unexpected 'a' in an object (a key must be a string)", false, 1},
		{`[1 2]`, 3, "unexpected '2' in an array (',' or ']' must follow a value)", false, 3},
		{`[1,]`, 3, "unexpected ']' in a value", false, 3},
		{"[\x00]", 1, "unexpected a NUL byte in a value", false, 1},
		{"[\x7f]", 1, "unexpected byte 0x7f in a value", false, 1},
		{`tru`, 3, "the line ends inside a literal", true, 3},
		{`trUe`, 0, "unexpected 't' in a literal", false, 0},
		{`01`, 1, "", false, 0}, // a number ends where 0 does; what follows is the caller's
		{`1.`, 2, "the line ends inside a number", true, 2},
		{`1.x`, 2, "unexpected 'x' in a number", false, 2},
		{`1e+`, 3, "the line ends inside a number", true, 3},
		{`-`, 1, "the line ends inside a number", true, 1},
		{`"\u12`, 5, "the line ends inside a string escape", true, 5},
		{`"\x"`, 1, "invalid escape in a string", false, 1},
		{"\"a\x1f\"", 2, "a control character (byte 0x1f) inside a string must be escaped", false, 2},
		{"\"\xff\"", 1, "invalid UTF-8 in a string", false, 1},
		{"\"\xe2\x82", 3, "invalid UTF-8 (a character cut short) in a string", true, 3},
		{strings.Repeat("[", MaxDepth) + strings.Repeat("]", MaxDepth), 2 * MaxDepth, "", false, 0},
		{strings.Repeat("[", MaxDepth+1), MaxDepth, "objects and arrays nest deeper than 512 levels", false, MaxDepth},
	} {
		end, err := SkipValue([]byte(tc.text), 0, 0)
		if end != tc.end {
			t.Errorf("SkipValue(%.40q) ends at %d, want %d", tc.text, end, tc.end)
		}
		switch {
		case tc.msg == "" && err != nil:
			t.Errorf("SkipValue(%.40q): %s", tc.text, err.Msg)
		case tc.msg != "" && err == nil:
			t.Errorf("SkipValue(%.40q) accepted it, want %q", tc.text, tc.msg)
		case err != nil && (err.Msg != tc.msg || err.EOF != tc.eof || err.Offset != tc.offset):
			t.Errorf("SkipValue(%.40q): %q (eof %v) at %d, want %q (eof %v) at %d", tc.text, err.Msg, err.EOF, err.Offset, tc.msg, tc.eof, tc.offset)
		}
	}
}

// TestSkipValueDepth: the depth given counts as levels already open.
func TestSkipValueDepth(t *testing.T) {
	if _, err := SkipValue([]byte(`[]`), 0, MaxDepth-1); err != nil {
		t.Errorf("an array at level %d: %v", MaxDepth, err)
	}
	if _, err := SkipValue([]byte(`[]`), 0, MaxDepth); err == nil || err.Rule != RuleTooDeep {
		t.Errorf("an array at level %d: %v, want %s", MaxDepth+1, err, RuleTooDeep)
	}
}

func TestSteps(t *testing.T) {
	d := []byte(" { \"k\" : [ ] , \"v\" : 1 } ")
	i, empty := Open(d, 1)
	if i != 3 || empty {
		t.Fatalf("Open: %d %v, want 3 false", i, empty)
	}
	end, escaped, err := ScanKey(d, i)
	if end != 6 || escaped || err != nil {
		t.Fatalf("ScanKey: %d %v %v", end, escaped, err)
	}
	if i = AfterKey(d, end); i != 9 {
		t.Fatalf("AfterKey: %d, want 9", i)
	}
	if i, empty = Open(d, i); i != 12 || !empty {
		t.Fatalf("Open of an empty array: %d %v, want 12 true", i, empty)
	}
	next, closed := AfterValue(d, i, '}')
	if next != 15 || closed {
		t.Fatalf("AfterValue after a comma: %d %v, want 15", next, closed)
	}
	next, closed = AfterValue(d, 22, '}')
	if next != 24 || !closed {
		t.Fatalf("AfterValue at the closer: %d %v, want 24", next, closed)
	}
	if err := EndOfLine(d, next); err != nil {
		t.Errorf("EndOfLine: %v", err)
	}
	if err := EndOfLine([]byte(`{} {}`), 2); err == nil || err.Rule != RuleTrailingData || err.Offset != 3 {
		t.Errorf("EndOfLine before a second value: %+v", err)
	}
	for _, tc := range []struct {
		text   string
		closer byte
		offset int
		msg    string
	}{
		{`[1 }`, ']', 3, "unexpected '}' in an array (',' or ']' must follow a value)"},
		{`{"a":1 ]`, '}', 7, "unexpected ']' in an object (',' or '}' must follow a value)"},
		{`[1 `, ']', 3, "the line ends inside an array"},
	} {
		d := []byte(tc.text)
		at := bytes.IndexByte(d, '1') + 1
		if next, _ := AfterValue(d, at, tc.closer); next != -1 {
			t.Errorf("AfterValue(%s) = %d, want -1", tc.text, next)
		}
		if err := AfterValueError(d, at, tc.closer); err.Offset != tc.offset || err.Msg != tc.msg {
			t.Errorf("AfterValueError(%s): %q at %d, want %q at %d", tc.text, err.Msg, err.Offset, tc.msg, tc.offset)
		}
	}
	if i := AfterKey([]byte(`{"a" 1}`), 4); i != -1 {
		t.Errorf("AfterKey without a colon = %d, want -1", i)
	}
	if err := AfterKeyError([]byte(`{"a" 1}`), 4); err.Offset != 5 || err.Msg != "unexpected '1' in an object (':' must follow a key)" {
		t.Errorf("AfterKeyError: %+v", err)
	}
	if _, _, err := ScanKey([]byte(`{1:2}`), 1); err == nil || err.Offset != 1 {
		t.Errorf("ScanKey of a number: %+v", err)
	}
}

func TestQuickValueEnd(t *testing.T) {
	for _, tc := range []struct {
		text string
		end  int // -1: an error
	}{
		{`"abc"`, 5},
		{`"a\"b",`, 6},
		{`"a\\"b`, 5},
		{`"a\\\"b"`, 8},
		{`"` + strings.Repeat("x", 50) + `\\"` + `,`, 54},
		{`"` + strings.Repeat(`\"`, 30) + `"`, 62},
		{`{"a":"}"}x`, 9},
		{`[1,[2,{"b":"]"}]] `, 17},
		{`true,`, 4},
		{`12e3}`, 4},
		{`"abc`, -1},
		{`[1,2`, -1},
		{`[1}`, -1},
		{`,`, -1},
		{``, -1},
		{strings.Repeat("[", MaxDepth+1), -1},
	} {
		end, err := QuickValueEnd([]byte(tc.text), 0)
		if tc.end < 0 && err == nil || tc.end >= 0 && (err != nil || end != tc.end) {
			t.Errorf("QuickValueEnd(%.40q) = %d, %v; want %d", tc.text, end, err, tc.end)
		}
	}
}

func TestQuickMember(t *testing.T) {
	d := []byte(`{"a" : "x\"y" , "b\u0041":{"c":[1]},"d":null}`)
	i, _ := Open(d, 0)
	var got []string
	for closed := false; !closed; {
		m, next, last, err := QuickMember(d, i)
		if err != nil {
			t.Fatal(err)
		}
		if string(d[m.ValueStart:m.ValueStart+len(m.Value)]) != string(m.Value) {
			t.Errorf("ValueStart of %s does not point at its value", m.Key)
		}
		got = append(got, string(m.Key)+"="+string(m.Value))
		i, closed = next, last
	}
	want := []string{`a="x\"y"`, `b\u0041={"c":[1]}`, `d=null`}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("members %q, want %q", got, want)
	}
	if i != len(d) {
		t.Errorf("stopped at %d, want %d", i, len(d))
	}
	for _, bad := range []string{`{"a"}`, `{"a":}`, `{1:2}`, `{"a":1 "b":2}`, `{"a":"x}`, `{"a":1`} {
		d := []byte(bad)
		i, _ := Open(d, 0)
		var err *SyntaxError
		for closed := false; !closed && err == nil; {
			_, i, closed, err = QuickMember(d, i)
		}
		if err == nil {
			t.Errorf("QuickMember accepted %s", bad)
		}
	}
}

func TestAppendUnescaped(t *testing.T) {
	for raw, want := range map[string]string{
		`plain`:                 "plain",
		`a\u002db\/c\"d\\e`:     `a-b/c"d\e`,
		`\ud83d\ude00`:          "😀",
		`\ud83d x`:              "\ufffd x", // a lone surrogate, as encoding/json reads it
		`\ude00\ud83d`:          "\ufffd\ufffd",
		`\b\f\n\r\t`:            "\b\f\n\r\t",
		`\u00E9\u00e9`:          "éé",
		`x\`:                    `x\`,      // cut short: as it is
		`x\u12`:                 "x\ufffd", // cut short
		`\\\\n`:                 `\\n`,
		`\u0000`:                "\x00",
		`ok\u263A` + `\u263a!`:  "ok☺☺!",
		strings.Repeat(`ab`, 9): strings.Repeat(`ab`, 9),
	} {
		if got := string(AppendUnescaped([]byte("<"), []byte(raw))); got != "<"+want {
			t.Errorf("AppendUnescaped(%s) = %q, want %q", raw, got[1:], want)
		}
	}
}

// FuzzSkipValue holds the steps to encoding/json on any text: SkipValue
// accepts a line (with EndOfLine) exactly when encoding/json does, apart
// from invalid UTF-8, which encoding/json lets through, and nesting beyond
// MaxDepth; reading by structure finds the same end of a valid value; and
// every string decodes as encoding/json decodes it.
func FuzzSkipValue(f *testing.F) {
	for _, s := range []string{`{"a":[1,{"b":null}]}`, `"\u00e9\ud83d\ude00"`, `-1.5e-3`, `[1,]`, `{"a":1,"a":2}`, `"\ud800"`, `tru`, `[{"a":"}"}]`, `"a\\\"b"`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, line []byte) {
		i := SkipSpace(line, 0)
		end, err := SkipValue(line, i, 0)
		if err == nil {
			err = EndOfLine(line, end)
		}
		stdOK := json.Valid(line)
		deep := bytes.Count(line, []byte("["))+bytes.Count(line, []byte("{")) > MaxDepth
		if (err == nil) != stdOK && utf8.Valid(line) && !deep {
			t.Fatalf("%q: SkipValue says %v, encoding/json valid %v", line, err, stdOK)
		}
		if err != nil {
			return
		}
		if qend, qerr := QuickValueEnd(line, i); qerr != nil || qend != end {
			t.Fatalf("%q: QuickValueEnd %d %v, SkipValue %d", line, qend, qerr, end)
		}
		if line[i] == '"' {
			var want string
			if json.Unmarshal(line, &want) == nil && utf8.Valid(line) {
				if got := string(AppendUnescaped(nil, line[i+1:end-1])); got != want {
					t.Fatalf("%q: decoded %q, encoding/json %q", line, got, want)
				}
			}
		}
		if line[i] == '{' {
			checkQuickMembers(t, line)
		}
	})
}

// checkQuickMembers compares the members QuickMember finds in a valid
// object with those ParseObject finds.
func checkQuickMembers(t *testing.T, line []byte) {
	t.Helper()
	members, perr := ParseObject(line, nil)
	if perr != nil {
		return // a duplicate key
	}
	i, closed := Open(line, SkipSpace(line, 0))
	for k := 0; !closed; k++ {
		m, next, last, err := QuickMember(line, i)
		if err != nil || k >= len(members) {
			t.Fatalf("%q: member %d: %v", line, k, err)
		}
		p := members[k]
		if !bytes.Equal(m.Key, p.Key) || !bytes.Equal(m.Value, p.Value.Raw) || m.ValueStart != p.ValueStart {
			t.Fatalf("%q: member %d: %q=%q at %d, ParseObject %q=%q at %d", line, k, m.Key, m.Value, m.ValueStart, p.Key, p.Value.Raw, p.ValueStart)
		}
		i, closed = next, last
	}
}

// FuzzAppendUnescaped: any text between quotes decodes as its escapes do
// one at a time (DecodeEscape), after what dst held, and text that is a
// valid JSON string decodes as encoding/json reads it.
func FuzzAppendUnescaped(f *testing.F) {
	for _, s := range []string{`a\nb`, `\ud83d\ude00`, `\ud83d`, `\u12`, `\`, `\\\"`, `\uZZZZ`, `tail\u`, "\\\xc3", `\/\b\f\r\t\q`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, raw []byte) {
		kept := AppendUnescaped([]byte("kept"), raw)
		if want := unescapeEach([]byte("kept"), raw); !bytes.Equal(kept, want) {
			t.Fatalf("%q: decoded %q, escape by escape %q", raw, kept, want)
		}
		got := kept[len("kept"):]
		quoted := append(append([]byte{'"'}, raw...), '"')
		if end, _, err := ScanString(quoted, 0); err != nil || end != len(quoted) {
			return
		}
		var want string
		if err := json.Unmarshal(quoted, &want); err != nil {
			t.Fatalf("%q: ScanString accepts it, encoding/json says %v", quoted, err)
		}
		if string(got) != want {
			t.Fatalf("%q: decoded %q, encoding/json %q", raw, got, want)
		}
	})
}

// unescapeEach is AppendUnescaped the plain way: each run of text, then
// each escape as DecodeEscape reads it.
func unescapeEach(dst, raw []byte) []byte {
	for {
		i := bytes.IndexByte(raw, '\\')
		if i < 0 || i+1 >= len(raw) {
			return append(dst, raw...)
		}
		dst = append(dst, raw[:i]...)
		r, n := DecodeEscape(raw[i:])
		dst = utf8.AppendRune(dst, r)
		raw = raw[i+n:]
	}
}
