package filters

import (
	"reflect"
	"testing"

	"github.com/itchyny/gojq"
)

func TestWithLoc(t *testing.T) {
	loc := func(n string) string { return `({"file":"<top-level>","line":` + n + `})` }
	for _, tc := range []struct{ in, want string }{
		{`.a`, `.a`},
		{`$__loc__`, loc("1")},
		{"1,\n$__loc__.line", "1,\n" + loc("2") + ".line"},
		{`"$__loc__"`, `"$__loc__"`},
		{`"a\"$__loc__"`, `"a\"$__loc__"`},
		{`"\($__loc__.line) $__loc__"`, `"\(` + loc("1") + `.line) $__loc__"`},
		{`"\(("(" | length) + $__loc__.line)"`, `"\(("(" | length) + ` + loc("1") + `.line)"`},
		{"# $__loc__\n$__loc__", "# $__loc__\n" + loc("2")},
		{`$__loc__x`, `$__loc__x`},
	} {
		if got := withLoc(tc.in); got != tc.want {
			t.Errorf("withLoc(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// TestStreamEvents checks --stream's events against gojq's tostream on
// values whose keys are sorted already (tostream goes in sorted order,
// --stream in input order, as jq's).
func TestStreamEvents(t *testing.T) {
	q, err := gojq.Parse("[tostream]")
	if err != nil {
		t.Fatal(err)
	}
	code, err := gojq.Compile(q)
	if err != nil {
		t.Fatal(err)
	}
	f, err := New(Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, text := range []string{
		`1`, `"s"`, `null`, `[]`, `{}`, `[1]`, `{"a":1}`,
		`{"a":[1,{"b":2}],"e":{},"f":[],"g":"s"}`,
		`[[[]],[{}],[[1,2],[3]],{"a":{"b":{"c":null}}}]`,
	} {
		w := newWorker(f, false)
		v, derr := w.dec.decode([]byte(text))
		if derr != nil {
			t.Fatal(derr)
		}
		want, _ := code.Run(v).Next()
		got := w.streamEvents(nil, []byte(text))
		if !reflect.DeepEqual(any(got), want) {
			t.Errorf("%s: events %v, tostream %v", text, got, want)
		}
	}
}
