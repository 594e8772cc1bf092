package protocol

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

func TestUpgradeLine(t *testing.T) {
	for _, tc := range []struct {
		name   string
		to     int
		in     string
		want   string // "" means the line stays as it is
		status UpgradeStatus
		rule   string
		eof    bool // the line ends inside a value
	}{
		{name: "version only", to: 2,
			in:   `{"schemaVersion":1,"type":"text","runId":"r","delta":"hi"}`,
			want: `{"schemaVersion":2,"type":"text","runId":"r","delta":"hi"}`, status: Changed},
		{name: "violation renamed in its place", to: 2,
			in:   `{"schemaVersion":1,"type":"tool_result","violation":{"code":"x"},"id":"c"}`,
			want: `{"schemaVersion":2,"type":"tool_result","block":{"code":"x"},"id":"c"}`, status: Changed},
		{name: "sandbox key before the version", to: 2,
			in:   `{"violation":{"code":"x"},"schemaVersion":1}`,
			want: `{"block":{"code":"x"},"schemaVersion":2}`, status: Changed},
		{name: "spacing kept", to: 2,
			in:   "  {\t\"schemaVersion\" :  1 , \"violation\"\t:\t{ \"code\" : \"x\" } }  ",
			want: "  {\t\"schemaVersion\" :  2 , \"block\"\t:\t{ \"code\" : \"x\" } }  ", status: Changed},
		{name: "version spelled 1.0 keeps its spelling", to: 2,
			in:   `{"schemaVersion":1.0,"type":"final","text":"t"}`,
			want: `{"schemaVersion":2.0,"type":"final","text":"t"}`, status: Changed},
		{name: "version spelled 2E+00 back to 1", to: 1,
			in:   `{"schemaVersion":2E+00,"type":"final","text":"t"}`,
			want: `{"schemaVersion":1E+00,"type":"final","text":"t"}`, status: Changed},
		{name: "version spelled 10e-1", to: 2,
			in:   `{"schemaVersion":10e-1}`,
			want: `{"schemaVersion":2}`, status: Changed},
		{name: "other numbers, escapes and nested violation untouched", to: 2,
			in:   `{"schemaVersion":1,"n":1.0,"e":1e3,"big":12345678901234567890,"s":"caf\u00e9 a\/b violation","args":{"violation":1,"schemaVersion":1},"violation":{"reason":"\"violation\""}}`,
			want: `{"schemaVersion":2,"n":1.0,"e":1e3,"big":12345678901234567890,"s":"caf\u00e9 a\/b violation","args":{"violation":1,"schemaVersion":1},"block":{"reason":"\"violation\""}}`, status: Changed},
		{name: "escaped key spelling of violation", to: 2,
			in:   `{"schemaVersion":1,"viol\u0061tion":{"code":"x"}}`,
			want: `{"schemaVersion":2,"block":{"code":"x"}}`, status: Changed},
		{name: "v2 with a stray violation gets it renamed", to: 2,
			in:   `{"schemaVersion":2,"violation":{"code":"x"}}`,
			want: `{"schemaVersion":2,"block":{"code":"x"}}`, status: Changed},
		{name: "v2 unchanged", to: 2,
			in:     `{"schemaVersion":2,"type":"tool_result","block":{"code":"x"}}`,
			status: Unchanged},
		{name: "v2 spelled 2.0 unchanged", to: 2,
			in:     `{"schemaVersion":2.0,"type":"text"}`,
			status: Unchanged},
		{name: "v1 carrying block only gets its version", to: 2,
			in:   `{"schemaVersion":1,"block":{"code":"x"}}`,
			want: `{"schemaVersion":2,"block":{"code":"x"}}`, status: Changed},
		{name: "blank line", to: 2, in: " \t", status: Unchanged},
		{name: "empty line", to: 2, in: "", status: Unchanged},
		{name: "conflict", to: 2,
			in:     `{"schemaVersion":1,"violation":{"code":"x"},"block":{"code":"y"}}`,
			status: Conflict, rule: RuleUpgradeConflict},
		{name: "conflict on an already v2 event", to: 2,
			in:     `{"schemaVersion":2,"block":{"code":"x"},"violation":{"code":"y"}}`,
			status: Conflict, rule: RuleUpgradeConflict},
		{name: "not json", to: 2, in: `schemaVersion: 1`, status: Invalid, rule: RuleInvalidJSON},
		{name: "array", to: 2, in: `[{"schemaVersion":1}]`, status: Invalid, rule: RuleNotObject},
		{name: "two objects", to: 2, in: `{"schemaVersion":1} {}`, status: Invalid, rule: RuleTrailingData},
		{name: "duplicate violation through an escape", to: 2,
			in: `{"schemaVersion":1,"violation":1,"viol\u0061tion":2}`, status: Invalid, rule: RuleDuplicateKey},
		{name: "truncated", to: 2, in: `{"schemaVersion":1,"type":"te`, status: Invalid, rule: RuleInvalidJSON, eof: true},
		{name: "no version", to: 2, in: `{"type":"text","violation":{}}`, status: Invalid, rule: RuleMissingField},
		{name: "version a string", to: 2, in: `{"schemaVersion":"1"}`, status: Invalid, rule: RuleBadVersion},
		{name: "version 3", to: 2, in: `{"schemaVersion":3}`, status: Invalid, rule: RuleBadVersion},
		{name: "version 1.5", to: 2, in: `{"schemaVersion":1.5}`, status: Invalid, rule: RuleBadVersion},
		{name: "bad target", to: 3, in: `{"schemaVersion":1}`, status: Invalid, rule: RuleBadVersion},

		{name: "down: block renamed", to: 1,
			in:   `{"schemaVersion":2,"type":"tool_result","block":{"code":"x"},"id":"c"}`,
			want: `{"schemaVersion":1,"type":"tool_result","violation":{"code":"x"},"id":"c"}`, status: Changed},
		{name: "down: nested block untouched", to: 1,
			in:   `{"schemaVersion":2,"args":{"block":true}}`,
			want: `{"schemaVersion":1,"args":{"block":true}}`, status: Changed},
		{name: "down: v1 unchanged", to: 1,
			in: `{"schemaVersion":1,"violation":{"code":"x"}}`, status: Unchanged},
		{name: "down: conflict", to: 1,
			in: `{"schemaVersion":2,"violation":{},"block":{}}`, status: Conflict, rule: RuleUpgradeConflict},
	} {
		t.Run(tc.name, func(t *testing.T) {
			prefix := []byte("kept:")
			out, res := UpgradeLine([]byte(tc.in), tc.to, prefix)
			if res.Status != tc.status || res.Rule != tc.rule || res.EOF != tc.eof {
				t.Fatalf("got %v [%s] eof=%v %q, want %v [%s] eof=%v", res.Status, res.Rule, res.EOF, res.Message, tc.status, tc.rule, tc.eof)
			}
			if res.Status == Changed {
				want := "kept:" + tc.want
				if string(out) != want {
					t.Fatalf("got\n%s\nwant\n%s", out, want)
				}
				return
			}
			if tc.want != "" {
				t.Fatal("test case: want is only for changed lines")
			}
			if string(out) != "kept:" {
				t.Fatalf("an unchanged line must leave dst alone, got %q", out)
			}
			if (res.Status == Invalid || res.Status == Conflict) && res.Message == "" {
				t.Fatal("a problem needs a message")
			}
		})
	}
}

// The shared fixtures come in pairs: testdata/v2/X is testdata/v1/X
// upgraded. Upgrading one side must give the other, byte for byte, in both
// directions.
func TestUpgradeFixturePairs(t *testing.T) {
	paths, err := filepath.Glob("../testdata/v1/*.jsonl")
	if err != nil || len(paths) == 0 {
		t.Fatalf("no v1 fixtures: %v", err)
	}
	for _, p1 := range paths {
		p2 := filepath.Join("../testdata/v2", filepath.Base(p1))
		v1, v2 := readFile(t, p1), readFile(t, p2)
		t.Run(filepath.Base(p1), func(t *testing.T) {
			if got := upgradeText(t, v1, 2); !bytes.Equal(got, v2) {
				t.Errorf("upgrading %s does not give %s:\n%s", p1, p2, got)
			}
			if got := upgradeText(t, v2, 1); !bytes.Equal(got, v1) {
				t.Errorf("downgrading %s does not give %s:\n%s", p2, p1, got)
			}
			if got := upgradeText(t, v2, 2); !bytes.Equal(got, v2) {
				t.Errorf("upgrading %s again changed it", p2)
			}
		})
	}
}

// upgradeText upgrades every line of a whole file and fails on a line that
// does not upgrade cleanly.
func upgradeText(t *testing.T, text []byte, to int) []byte {
	t.Helper()
	u := Upgrader{To: to}
	var out, buf []byte
	for i, line := range bytes.SplitAfter(text, []byte("\n")) {
		body := bytes.TrimSuffix(line, []byte("\n"))
		var res UpgradeResult
		buf, res = u.Line(body, buf[:0])
		switch res.Status {
		case Changed:
			out = append(out, buf...)
		case Unchanged:
			out = append(out, body...)
		default:
			t.Fatalf("line %d: %v: %s", i+1, res.Status, res.Message)
		}
		out = append(out, line[len(body):]...)
	}
	return out
}

func readFile(t testing.TB, path string) []byte {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// Rewriting a log must not allocate per line: logs run to gigabytes.
func TestUpgraderDoesNotAllocate(t *testing.T) {
	line := []byte(`{"schemaVersion":1,"type":"tool_result","runId":"r","id":"c","status":"ok","output":"x","truncated":false,"violation":{"code":"net","risk":{"level":"low","categories":["a"]}}}`)
	u := Upgrader{To: 2}
	buf := make([]byte, 0, 1024)
	u.Line(line, buf) // warm the scratch space
	allocs := testing.AllocsPerRun(100, func() { buf, _ = u.Line(line, buf[:0]) })
	if allocs != 0 {
		t.Fatalf("%v allocations per line, want 0", allocs)
	}
}

func BenchmarkUpgradeLine(b *testing.B) {
	output := bytes.Repeat([]byte(`building package ./cmd/zsj: ok \"quoted\" \u00e9 `), 200)
	line := []byte(`{"schemaVersion":1,"type":"tool_result","runId":"run_1","id":"call_1","status":"ok","output":"` +
		string(output) + `","truncated":false,"violation":{"code":"net"}}`)
	u := Upgrader{To: 2}
	var buf []byte
	b.SetBytes(int64(len(line)))
	for b.Loop() {
		buf, _ = u.Line(line, buf[:0])
	}
}

// A sandbox key spelled with escapes comes back from a round trip written
// plainly: the rename writes the plain name, and the escapes are not
// remembered. Every other byte, escapes in values included, comes back.
func TestUpgradeRoundTripEscapedKey(t *testing.T) {
	in := `{"schemaVersion":1,"vio\u006cation":{"reason":"\u0041"},"type":"tool_result"}`
	up, res := UpgradeLine([]byte(in), 2, nil)
	if res.Status != Changed || string(up) != `{"schemaVersion":2,"block":{"reason":"\u0041"},"type":"tool_result"}` {
		t.Fatalf("upgrade: %v %s", res.Status, up)
	}
	back, _ := UpgradeLine(up, 1, nil)
	if want := `{"schemaVersion":1,"violation":{"reason":"\u0041"},"type":"tool_result"}`; string(back) != want {
		t.Errorf("back to 1: %s, want %s", back, want)
	}
}
