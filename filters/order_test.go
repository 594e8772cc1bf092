package filters

import (
	"bytes"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// The key order cases: testdata/keyorder/programs.txt holds one program a
// line (a leading -s or -n is the flag it runs with), input.jsonl the
// events they run on, and expected.txt what jq 1.6 printed for each, with
// -c. go test -run KeyOrder -update-keyorder rewrites expected.txt from
// the jq on the PATH, which must be jq 1.6.
var updateKeyOrder = flag.Bool("update-keyorder", false, "rewrite testdata/keyorder/expected.txt with the output of jq 1.6")

const keyOrderDir = "testdata/keyorder"

type orderCase struct {
	line    string // as programs.txt has it
	flag    string // "-s", "-n" or ""
	program string
}

func loadOrderCases(t *testing.T) []orderCase {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(keyOrderDir, "programs.txt"))
	if err != nil {
		t.Fatal(err)
	}
	var cases []orderCase
	for line := range strings.Lines(string(data)) {
		line = strings.TrimSuffix(line, "\n")
		if line == "" {
			continue
		}
		c := orderCase{line: line, program: line}
		for _, f := range []string{"-s ", "-n "} {
			if rest, ok := strings.CutPrefix(line, f); ok {
				c.flag, c.program = strings.TrimSpace(f), rest
			}
		}
		cases = append(cases, c)
	}
	return cases
}

// loadExpected reads expected.txt: "### " and the case's line, then the
// output, for each case.
func loadExpected(t *testing.T) map[string]string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(keyOrderDir, "expected.txt"))
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{}
	for _, block := range strings.Split(string(data), "### ")[1:] {
		line, out, _ := strings.Cut(block, "\n")
		want[line] = out
	}
	return want
}

func keyOrderInput(t *testing.T) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(keyOrderDir, "input.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

func runOrderCase(t *testing.T, c orderCase, input string) string {
	t.Helper()
	out, errOut, _ := runFilter(t, Options{Expr: c.program, Slurp: c.flag == "-s", NullInput: c.flag == "-n"}, input)
	if errOut != "" {
		t.Errorf("%s: stderr %q", c.line, errOut)
	}
	return out
}

// TestKeyOrderAsJQ16 checks zsj against jq 1.6's outputs, kept in
// testdata, byte for byte.
func TestKeyOrderAsJQ16(t *testing.T) {
	cases, want, input := loadOrderCases(t), loadExpected(t), keyOrderInput(t)
	if len(cases) < 40 {
		t.Fatalf("only %d cases", len(cases))
	}
	for _, c := range cases {
		w, ok := want[c.line]
		if !ok {
			t.Errorf("%s: no expected output (run with -update-keyorder)", c.line)
			continue
		}
		if got := runOrderCase(t, c, input); got != w {
			t.Errorf("%s:\ngot\n%swant (jq 1.6)\n%s", c.line, got, w)
		}
	}
}

// TestKeyOrderAgainstJQ runs the same cases through the jq installed, when
// it is jq 1.6: zsj must print what it prints, and so must testdata.
func TestKeyOrderAgainstJQ(t *testing.T) {
	jq, err := exec.LookPath("jq")
	if err != nil {
		t.Skip("jq not installed")
	}
	if v, _ := exec.Command(jq, "--version").Output(); !bytes.HasPrefix(v, []byte("jq-1.6")) {
		t.Skipf("jq is %s, not 1.6", bytes.TrimSpace(v))
	}
	cases, input := loadOrderCases(t), keyOrderInput(t)
	var want map[string]string
	if !*updateKeyOrder {
		want = loadExpected(t)
	}
	var expected strings.Builder
	for _, c := range cases {
		args := []string{"-c"}
		if c.flag != "" {
			args = append(args, c.flag)
		}
		args = append(args, c.program, filepath.Join(keyOrderDir, "input.jsonl"))
		out, err := exec.Command(jq, args...).Output()
		if err != nil {
			t.Errorf("%s: jq: %v", c.line, err)
			continue
		}
		expected.WriteString("### " + c.line + "\n")
		expected.Write(out)
		if want != nil && want[c.line] != string(out) {
			t.Errorf("%s: testdata has\n%sjq prints\n%s", c.line, want[c.line], out)
		}
		if got := runOrderCase(t, c, input); got != string(out) {
			t.Errorf("%s:\nzsj\n%sjq\n%s", c.line, got, out)
		}
	}
	if *updateKeyOrder {
		if err := os.WriteFile(filepath.Join(keyOrderDir, "expected.txt"), []byte(expected.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// TestKeyOrderOfArgsEnvAndErrors covers what programs.txt cannot: $ARGS
// in command-line order, $ENV in the environment's order, and an error
// value in key order, as jq 1.6 prints them (the wants are its output).
func TestKeyOrderOfArgsEnvAndErrors(t *testing.T) {
	args := Options{
		Vars:       []Var{{"b", "1"}, {"a", 2}},
		Positional: []any{"x", "y"},
		NullInput:  true,
	}
	environ := func() []string { return []string{"B=1", "A=2"} }
	for _, tc := range []struct {
		name      string
		opts      Options
		want, err string
	}{
		{"args", args, `{"positional":["x","y"],"named":{"b":"1","a":2}}` + "\n" + `["b","a"]` + "\n", ""},
		{"env", Options{Environ: environ, NullInput: true}, `{"B":"1","A":"2"}` + "\n" + `{"B":"1","A":"2"}` + "\n" + `"{\"B\":\"1\",\"A\":\"2\"}"` + "\n", ""},
		{"error", Options{Expr: `{b: 1, a: 2} | error`}, "", `{"b":1,"a":2} (not a string)`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			opts := tc.opts
			if opts.Expr == "" {
				opts.Expr = map[string]string{"args": `$ARGS, ($ARGS.named | keys_unsorted)`, "env": `$ENV, env, ($ENV | tojson)`}[tc.name]
			}
			out, errOut, _ := runFilter(t, opts, `{"q":1}`+"\n")
			if out != tc.want || !strings.Contains(errOut, tc.err) {
				t.Errorf("got %q, stderr %q; want %q, stderr with %q", out, errOut, tc.want, tc.err)
			}
		})
	}
}
