package redact

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/zsj-dev/zsj/protocol"
)

type lineCase struct {
	name    string
	in      string
	want    string   // "" means: unchanged
	matches []string // "rule at path" of each match, in order
}

var (
	ghToken = fake("ghp_", abcAlnum, 36)
	skToken = fake("sk-proj-", abcURL, 40)
)

// escapeSome writes s as JSON string text with every "-" and "/" escaped
// the long way, as some encoders do.
func escapeSome(s string) string {
	return strings.NewReplacer("-", `\u002d`, "/", `\/`, "g", `\u0067`).Replace(s)
}

var lineCases = []lineCase{
	{"sensitive keys",
		`{"type":"tool_call","args":{"apiKey":"hunter2","API_KEY":12345,"x-api-key":{"a":1},"Set-Cookie":["a=b"],"path":"x"}}`,
		`{"type":"tool_call","args":{"apiKey":"[REDACTED]","API_KEY":"[REDACTED]","x-api-key":"[REDACTED]","Set-Cookie":"[REDACTED]","path":"x"}}`,
		[]string{"sensitive-key at $.args.apiKey", "sensitive-key at $.args.API_KEY", `sensitive-key at $.args["x-api-key"]`, `sensitive-key at $.args["Set-Cookie"]`}},
	{"sensitive keys holding nothing",
		`{"args":{"password":null,"token":"","secret":true,"cookie":[],"credentials":{ },"accessToken":"[REDACTED]"}}`, "", nil},
	{"escaped secrets",
		`{"type":"text","delta":"` + escapeSome(skToken) + ` and ` + escapeSome(ghToken) + `"}`,
		`{"type":"text","delta":"[REDACTED] and [REDACTED]"}`,
		[]string{"openai-api-key at $.delta", "github-token at $.delta"}},
	{"escaped url",
		`{"output":"remote: https:\/\/ci:FAKEpass@git.example.com\/r.git\n"}`,
		`{"output":"remote: https://ci:[REDACTED]@git.example.com/r.git\n"}`,
		[]string{"url-password at $.output"}},
	{"escapes around a key name",
		`{"output":"a\ntoken\u003dabc\n\/cb?x=1\u0026access_token=xyz\n{\"password\": \"pw\"}"}`,
		`{"output":"a\ntoken=[REDACTED]\n/cb?x=1&access_token=[REDACTED]\n{\"password\": \"[REDACTED]\"}"}`,
		[]string{"sensitive-json-field at $.output", "sensitive-assignment at $.output", "sensitive-query-param at $.output"}},
	{"escaped keyword",
		`{"output":"x\n\u0041PI_KEY=abc\nsk\u002d` + fake("", abcAlnum, 30) + `"}`,
		`{"output":"x\nAPI_KEY=[REDACTED]\n[REDACTED]"}`,
		[]string{"sensitive-assignment at $.output", "openai-api-key at $.output"}},
	{"near misses with escapes",
		`{"output":"see https://example.com/docs\nToken{}\ntoken := next()\n\tnpm\npm_` + fake("", abcAlnum, 36) + `"}`, "", nil},
	{"secret in a key",
		`{"args":{"` + ghToken + `":1,"env":{"` + skToken + `":2,"[REDACTED]":3}}}`,
		`{"args":{"[REDACTED]":1,"env":{"[REDACTED]#2":2,"[REDACTED]":3}}}`,
		[]string{`github-token at $.args["[REDACTED]"]`, `openai-api-key at $.args.env["[REDACTED]#2"]`}},
	{"two secret keys",
		`{"a":{"` + ghToken + `":1,"` + skToken + `":2}}`,
		`{"a":{"[REDACTED]":1,"[REDACTED]#2":2}}`,
		[]string{`github-token at $.a["[REDACTED]"]`, `openai-api-key at $.a["[REDACTED]#2"]`}},
	{"nested args",
		`{"type":"tool_call","args":{"command":"curl -H 'Authorization: Bearer abc' x","env":[{"v":"TOKEN=abc123"}]}}`,
		`{"type":"tool_call","args":{"command":"curl -H 'Authorization: Bearer [REDACTED]' x","env":[{"v":"TOKEN=[REDACTED]"}]}}`,
		[]string{"authorization-header at $.args.command", "sensitive-assignment at $.args.env[0].v"}},
	{"output message reason block.reason",
		`{"output":"` + ghToken + `","message":"` + ghToken + `","reason":"` + ghToken + `","block":{"code":"x","reason":"` + ghToken + `"}}`,
		`{"output":"[REDACTED]","message":"[REDACTED]","reason":"[REDACTED]","block":{"code":"x","reason":"[REDACTED]"}}`,
		[]string{"github-token at $.output", "github-token at $.message", "github-token at $.reason", "github-token at $.block.reason"}},
	{"protocol ids holding a credential get a derived id",
		`{"schemaVersion":2,"type":"tool_result","runId":"` + ghToken + `","id":"` + ghToken + `","status":"ok","output":"ok","truncated":false}`,
		`{"schemaVersion":2,"type":"tool_result","runId":"` + string(derivedID([]byte(ghToken))) + `","id":"` + string(derivedID([]byte(ghToken))) + `","status":"ok","output":"ok","truncated":false}`,
		[]string{"github-token at $.runId", "github-token at $.id"}},
	{"protocol ids are kept",
		`{"schemaVersion":2,"type":"tool_result","runId":"run_ghp_1","id":"toolu_01","status":"ok","output":"ok","truncated":false}`, "", nil},
	{"other bytes are kept",
		`{ "schemaVersion" : 2 , "type":"text" , "delta" : "x ` + ghToken + `\t\u00e9" , "n": 1.50e3 }`,
		`{ "schemaVersion" : 2 , "type":"text" , "delta" : "x [REDACTED]\té" , "n": 1.50e3 }`,
		[]string{"github-token at $.delta"}},
	{"re-encoding",
		`{"o":"say \"hi\"\n\u0001 ` + ghToken + ` \\ done"}`,
		`{"o":"say \"hi\"\n\u0001 [REDACTED] \\ done"}`,
		[]string{"github-token at $.o"}},
	{"arrays",
		`{"a":[1,["x","` + ghToken + `"]]}`,
		`{"a":[1,["x","[REDACTED]"]]}`,
		[]string{"github-token at $.a[1][1]"}},
}

func TestLine(t *testing.T) {
	rs := defaults(t)
	for _, tc := range lineCases {
		t.Run(tc.name, func(t *testing.T) {
			want := tc.want
			if want == "" {
				want = tc.in
			}
			got, res := redactLine(rs, tc.in)
			if got != want {
				t.Errorf("\n got %s\nwant %s", got, want)
			}
			if res.Changed != (tc.want != "") {
				t.Errorf("Changed = %v", res.Changed)
			}
			if res.Invalid != nil {
				t.Errorf("Invalid = %v", res.Invalid)
			}
			var ms []string
			for _, m := range res.Matches {
				ms = append(ms, m.Rule+" at "+m.Path)
			}
			if !slices.Equal(ms, tc.matches) {
				t.Errorf("matches\n got %q\nwant %q", ms, tc.matches)
			}
			if _, err := protocol.ParseObject([]byte(got), nil); err != nil {
				t.Errorf("output is not a JSON object: %v", err)
			}
		})
	}
}

func TestInvalidLineIsRedactedAsText(t *testing.T) {
	rs := defaults(t)
	in := `{"type":"tool_call","args":{"command":"export TOKEN=abc ` + ghToken
	got, res := redactLine(rs, in)
	if want := `{"type":"tool_call","args":{"command":"export TOKEN=[REDACTED] [REDACTED]`; got != want {
		t.Errorf("got %s\nwant %s", got, want)
	}
	if res.Invalid == nil || !res.Invalid.EOF || !res.Changed {
		t.Errorf("result %+v: want an invalid, changed line cut short", res)
	}
	if ids := ruleIDs(res.Matches); !slices.Equal(ids, []string{RuleAssignment, RuleGitHubToken}) || res.Matches[0].Path != "" {
		t.Errorf("matches %+v", res.Matches)
	}
}

// TestDecodedText: what a changed string decodes to is the redacted
// decoded text, whatever escapes the input used.
func TestDecodedText(t *testing.T) {
	rs := defaults(t)
	in := `{"o":"\ud83d\ude00 \"q\" \u2028 ` + escapeSome("token="+ghToken) + `"}`
	got, _ := redactLine(rs, in)
	var v struct{ O string }
	if err := json.Unmarshal([]byte(got), &v); err != nil {
		t.Fatal(err)
	}
	if want := "😀 \"q\" \u2028 token=[REDACTED]"; v.O != want {
		t.Errorf("decoded %q, want %q", v.O, want)
	}
}

func TestFind(t *testing.T) {
	rs := defaults(t)
	x := rs.NewRedactor()
	for _, tc := range []struct {
		name, line string
		want       []string
	}{
		{"output event", `{"type":"text","runId":"r","delta":"` + ghToken + `"}`, []string{"github-token at $.delta"}},
		{"sensitive key", `{"type":"tool_call","args":{"password":"x"}}`, []string{"sensitive-key at $.args.password"}},
		{"input event", `{"type":"prompt","content":"` + ghToken + `"}`, nil},
		{"input message", `{"content":"` + ghToken + `","type":"message","role":"user"}`, nil},
		{"not json", `{"type":"text","delta":"` + ghToken, nil},
		{"redacted", `{"type":"text","delta":"token=[REDACTED]","args":{"token":"[REDACTED]"}}`, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var got []string
			for _, m := range x.Find([]byte(tc.line)) {
				got = append(got, m.Rule+" at "+m.Path)
			}
			if !slices.Equal(got, tc.want) {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}
