package pretty

import (
	"strconv"
	"strings"
	"testing"

	"github.com/zsj-dev/zsj/protocol"
)

func TestShortArgs(t *testing.T) {
	big := `{"path":"NOTES.md","content":"` + strings.Repeat("x", 1<<20) + `"}`
	var many strings.Builder // 100,000 keys: only the first few are parsed
	many.WriteString(`{"k0":1`)
	for i := 1; i < 100_000; i++ {
		many.WriteString(`,"k` + strconv.Itoa(i) + `":1`)
	}
	many.WriteString(`}`)
	for _, tc := range []struct {
		name  string
		args  string
		width int
		want  string
	}{
		{"bare strings", `{"path":"README.md"}`, 40, "path=README.md"},
		{"order kept", `{"b":1,"a":true,"c":null}`, 40, "b=1 a=true c=null"},
		{"spaces keep quotes", `{"command":"go test ./..."}`, 40, `command="go test ./..."`},
		{"escapes stay visible", `{"content":"a\nb"}`, 40, `content="a\nb"`},
		{"nested values as JSON", `{"opts":{"x":[1,2]}}`, 40, `opts={"x":[1,2]}`},
		{"cut to the width", `{"command":"echo one two three four five"}`, 20, `command="echo one t…`},
		{"a huge value is cut, not copied", big, 30, `path=NOTES.md content="xxxxxx…`},
		{"many keys", many.String(), 20, `k0=1 k1=1 k2=1 k3=1…`},
		{"a few keys, spaced", `{ "a" : 1 , "b" : 2 }`, 40, `a=1 b=2`},
		{"not an object", `["a","b"]`, 40, `["a","b"]`},
		{"no room", `{"a":1}`, 0, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			members, serr := protocol.ParseObject([]byte(`{"args":`+tc.args+`}`), nil)
			if serr != nil {
				t.Fatal(serr)
			}
			got := shortArgs(members[0].Value, tc.width, "…")
			if got != tc.want {
				t.Errorf("got %q, want %q", got, tc.want)
			}
			if textWidth(got) > tc.width {
				t.Errorf("%q is wider than %d", got, tc.width)
			}
		})
	}
}

func TestNumbers(t *testing.T) {
	for _, tc := range []struct{ got, want string }{
		{commas(0), "0"},
		{commas(999), "999"},
		{commas(1000), "1,000"},
		{commas(10281), "10,281"},
		{commas(1234567), "1,234,567"},
		{commas(-4200), "-4,200"},
		{commas(2.5), "2.5"},
		{dollars(0.004448), "$0.004448"},
		{dollars(0.023718000000000002), "$0.023718"},
		{dollars(3), "$3"},
		{byteSize(0), "0 B"},
		{byteSize(1023), "1023 B"},
		{byteSize(1536), "1.5 KiB"},
		{byteSize(3 << 20), "3.0 MiB"},
		{plural(1, "line"), "1 line"},
		{plural(1200, "line"), "1,200 lines"},
	} {
		if tc.got != tc.want {
			t.Errorf("got %q, want %q", tc.got, tc.want)
		}
	}
}
