package gen

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// treeDir is the tiny content tree kept in testdata.
const treeDir = "testdata/tree"

// fakeSecret is the credential of testdata/tree/docs/deploy.yaml.
const fakeSecret = "ghp_FAKE0123456789abcdefghijklmnopqrstuv"

// markSecret stands in for the redaction rules, which this package cannot
// import: it finds the tree's one credential.
func markSecret(line []byte) bool { return bytes.Contains(line, []byte(fakeSecret)) }

func realistic(content string, seed int64, size int64) Options {
	return Options{Profile: Realistic, Content: content, Seed: seed, Size: size, HasSecret: markSecret}
}

// goRoot is the default content tree, or a skip where there is none.
func goRoot(t *testing.T) string {
	t.Helper()
	root, err := GoRoot()
	if err != nil {
		t.Skip(err)
	}
	return root
}

// Five MB of the Go tree, and the testdata tree in both versions, pass
// the validator in strict mode with nothing to say.
func TestRealisticIsValid(t *testing.T) {
	cases := []Options{
		realistic(goRoot(t), 1, 5<<20),
		realistic(treeDir, 2, 1<<20),
		{Profile: Realistic, Content: treeDir, Seed: 3, Runs: 12, SchemaVersion: 1},
	}
	for _, opts := range cases {
		t.Run(fmt.Sprintf("%s/v%d/seed%d", filepath.Base(opts.Content), opts.SchemaVersion, opts.Seed), func(t *testing.T) {
			out := generate(t, opts)
			if int64(len(out)) < opts.Size {
				t.Fatalf("wrote %d bytes, want at least %d", len(out), opts.Size)
			}
			for i, p := range validate(t, out) {
				if i == 10 {
					t.Fatal("... and more")
				}
				t.Errorf("line %d: %s %s %s: %s", p.Line, p.Type, p.Rule, p.Path, p.Message)
			}
		})
	}
}

// Realistic runs keep every event type and shape of the protocol.
func TestRealisticCoversTheProtocol(t *testing.T) {
	for seed := int64(0); seed < 5; seed++ {
		t.Run(fmt.Sprint("seed", seed), func(t *testing.T) {
			f := features(decode(t, generate(t, Options{Profile: Realistic, Content: treeDir, Seed: seed})))
			for _, w := range protocolFeatures() {
				if !f[w] {
					t.Errorf("no %s", w)
				}
			}
		})
	}
}

func TestRealisticSameSeedSameBytes(t *testing.T) {
	for _, dir := range []string{treeDir, goRoot(t)} {
		t.Run(filepath.Base(dir), func(t *testing.T) {
			a, b := generate(t, realistic(dir, 42, 1<<20)), generate(t, realistic(dir, 42, 1<<20))
			if !bytes.Equal(a, b) {
				t.Fatalf("two writes with seed 42 differ (%d and %d bytes)", len(a), len(b))
			}
			if c := generate(t, realistic(dir, 43, 1<<20)); bytes.Equal(a, c) {
				t.Fatal("seeds 42 and 43 gave the same bytes")
			}
		})
	}
}

// call is a tool call of a realistic log with its result.
type call struct {
	name      string
	args      map[string]any
	output    string
	status    string
	truncated bool
}

func calls(t *testing.T, events []event) []call {
	t.Helper()
	byID := map[string]*call{}
	var order []*call
	for _, e := range events {
		key := fmt.Sprint(e["runId"], "/", e["id"])
		switch e["type"] {
		case "tool_call":
			args, _ := e["args"].(map[string]any)
			c := &call{name: e["name"].(string), args: args}
			byID[key] = c
			order = append(order, c)
		case "tool_result":
			if c := byID[key]; c != nil {
				c.output, c.status, c.truncated = e["output"].(string), e["status"].(string), e["truncated"].(bool)
			}
		}
	}
	out := make([]call, len(order))
	for i, c := range order {
		out[i] = *c
	}
	return out
}

// Tool outputs are the tree's files as they are: a file read shows the
// file, a grep shows lines that hold the pattern at their line numbers, a
// find lists paths that exist.
func TestRealisticOutputsAreTheTree(t *testing.T) {
	for _, dir := range []string{treeDir, goRoot(t)} {
		t.Run(filepath.Base(dir), func(t *testing.T) {
			seen := map[string]int{}
			for _, c := range calls(t, decode(t, generate(t, realistic(dir, 5, 3<<20)))) {
				if c.status != "ok" {
					continue
				}
				switch {
				case c.name == "read_file":
					seen["read"]++
					checkRead(t, dir, c)
				case c.name == "grep":
					seen["grep"]++
					checkGrep(t, dir, c.args["pattern"].(string), c)
				case c.name == "bash" && strings.HasPrefix(c.args["command"].(string), "cat "):
					seen["cat"]++
					c.args["path"] = strings.TrimPrefix(c.args["command"].(string), "cat ")
					checkRead(t, dir, c)
				case c.name == "bash" && strings.HasPrefix(c.args["command"].(string), "grep -rn "):
					seen["grep -rn"]++
					pattern := strings.Split(c.args["command"].(string), "'")[1]
					checkGrep(t, dir, pattern, c)
				case c.name == "list_files" || c.name == "bash" && strings.HasPrefix(c.args["command"].(string), "find "):
					seen["find"]++
					for _, p := range strings.Split(strings.TrimSuffix(cutMarker(c), "\n"), "\n") {
						if _, err := os.Stat(filepath.Join(dir, p)); err != nil {
							t.Errorf("%s lists %q: %v", c.name, p, err)
						}
					}
				case c.name == "write_file":
					seen["write"]++
					want := readTree(t, dir, c.args["path"].(string))
					if content := c.args["content"].(string); !strings.HasPrefix(want, content) || content == "" {
						t.Errorf("write_file of %s: content is not the file's", c.args["path"])
					}
				case c.name == "bash" && strings.HasPrefix(c.args["command"].(string), "go test"):
					seen["go test"]++
					if !c.truncated && !strings.Contains(c.output, "ok  \t") && !strings.Contains(c.output, "[no test files]") {
						t.Errorf("go test output without a verdict: %q", c.output)
					}
				}
			}
			for _, kind := range []string{"read", "grep", "cat", "grep -rn", "find", "write", "go test"} {
				if seen[kind] == 0 {
					t.Errorf("no successful %s", kind)
				}
			}
		})
	}
}

var marker = "… [output truncated: showing "

// cutMarker returns an output without its truncation marker.
func cutMarker(c call) string {
	out, _, found := strings.Cut(c.output, marker)
	if found != c.truncated {
		panic(fmt.Sprintf("truncated is %t, marker found %t", c.truncated, found))
	}
	return out
}

func readTree(t *testing.T, dir, p string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(dir, p))
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

func checkRead(t *testing.T, dir string, c call) {
	t.Helper()
	p := c.args["path"].(string)
	file, shown := readTree(t, dir, p), cutMarker(c)
	switch {
	case c.truncated && (!strings.HasPrefix(file, shown) || !strings.Contains(c.output, " of "+strconv.Itoa(len(file))+" bytes]")):
		t.Errorf("truncated read of %s does not show its start and size", p)
	case !c.truncated && shown != file:
		t.Errorf("read of %s does not show the file", p)
	}
}

func checkGrep(t *testing.T, dir, pattern string, c call) {
	t.Helper()
	for _, l := range strings.Split(strings.TrimSuffix(cutMarker(c), "\n"), "\n") {
		if l == "" { // no match, or the line cut by the marker
			continue
		}
		p, rest, _ := strings.Cut(l, ":")
		num, text, _ := strings.Cut(rest, ":")
		n, err := strconv.Atoi(num)
		lines := strings.Split(readTree(t, dir, p), "\n")
		if err != nil || n < 1 || n > len(lines) || lines[n-1] != text || !strings.Contains(text, pattern) {
			t.Errorf("grep %q: %q is not a matching line of the tree", pattern, l)
			return
		}
	}
}

// Text and reasoning stream a few words per delta; usage events carry
// every token field.
func TestRealisticDeltasAndUsage(t *testing.T) {
	events := decode(t, generate(t, realistic(treeDir, 7, 1<<20)))
	deltas, inside := 0, 0
	for _, e := range events {
		switch e["type"] {
		case "text", "reasoning":
			d := e["delta"].(string)
			deltas++
			if n := len(strings.Fields(d)); n == 0 || n > 4 {
				t.Errorf("delta of %d words: %q", n, d)
			}
			if !strings.HasSuffix(d, " ") && !strings.HasSuffix(d, ".") && !strings.HasSuffix(d, ",") {
				inside++ // the next delta may go on with the same word
			}
		case "usage":
			for _, f := range []string{"promptTokens", "completionTokens", "totalTokens", "cachedInputTokens",
				"cacheWriteTokens", "reasoningTokens", "costUsd"} {
				if _, ok := e[f]; !ok {
					t.Fatalf("usage without %s: %v", f, e)
				}
			}
		}
	}
	if deltas < 100 || inside == 0 {
		t.Errorf("%d deltas, %d of them ending inside a word or sentence", deltas, inside)
	}
}

// A file the redaction rules match, binary files, files that are not
// UTF-8, oversized files and hidden directories are never shown.
func TestRealisticLeavesOutWhatCannotBeShown(t *testing.T) {
	dir := t.TempDir()
	copyTree(t, treeDir, dir)
	hidden := "HIDDEN-MARKER-7f3a"
	for name, content := range map[string]string{
		"blob.bin":       "\x7fELF\x00\x00" + hidden,
		"latin1.txt":     "caf\xe9 " + hidden,
		"huge.txt":       strings.Repeat(hidden+"\n", maxFileBytes/10),
		".git/config":    hidden,
		"ledger/.env":    hidden,
		"ledger/empty.c": "",
	} {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, name)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	var root string
	var files int
	opts := realistic(dir, 11, 2<<20)
	opts.OnContent = func(r string, n int) { root, files = r, n }
	out := generate(t, opts)
	if root != dir || files != 8 { // 6 of testdata, blob.bin, latin1.txt
		t.Errorf("OnContent(%q, %d), want (%q, 8)", root, files, dir)
	}
	if bytes.Contains(out, []byte(hidden)) {
		t.Errorf("output shows %s", hidden)
	}
	if bytes.Contains(out, []byte(fakeSecret)) { // named, never quoted
		t.Error("output shows the credential of docs/deploy.yaml")
	}
	if !bytes.Contains(out, []byte(`"cwd":`+strconv.Quote(dir))) {
		t.Error("run_start does not name the tree as cwd")
	}
	// Without the check, the credential's file is shown like the others.
	opts.HasSecret = nil
	if out := generate(t, opts); !bytes.Contains(out, []byte(fakeSecret)) {
		t.Error("without HasSecret the credential's file never appears: the test above proves nothing")
	}
}

func copyTree(t *testing.T, from, to string) {
	t.Helper()
	err := filepath.WalkDir(from, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(from, p)
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		if err := os.MkdirAll(filepath.Join(to, filepath.Dir(rel)), 0o755); err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(to, rel), data, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
}

// Faults and secrets work in realistic runs as in the others.
func TestRealisticFaultsAndSecrets(t *testing.T) {
	var want []lineRule
	var planted []string
	opts := realistic(treeDir, 4, 0)
	opts.Runs, opts.Faults, opts.Secrets = 30, true, true
	opts.OnFault = func(line int, rule string) { want = append(want, lineRule{line, rule}) }
	opts.OnSecret = func(s string) { planted = append(planted, s) }
	out := generate(t, opts)
	got := map[lineRule]bool{}
	for _, p := range validate(t, out) {
		got[lineRule{p.Line, p.Rule}] = true
	}
	for _, w := range want {
		if !got[w] {
			t.Errorf("planted %s at line %d, not reported", w.rule, w.line)
		}
	}
	if len(got) != len(want) || len(planted) == 0 {
		t.Errorf("%d problems for %d planted faults; %d secrets planted", len(got), len(want), len(planted))
	}
}

func TestRealisticBadContent(t *testing.T) {
	empty := t.TempDir()
	binary := t.TempDir()
	if err := os.WriteFile(filepath.Join(binary, "a.bin"), []byte{0, 1, 2}, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ name, dir, want string }{
		{"none", "", "needs a content directory"},
		{"missing", filepath.Join(empty, "nope"), "no such file"},
		{"a file", filepath.Join(treeDir, "README.md"), "not a directory"},
		{"empty", empty, "holds no file"},
		{"binary", binary, "no text file"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var buf bytes.Buffer
			err := Write(&buf, Options{Profile: Realistic, Content: tc.dir})
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %v, want one saying %q", err, tc.want)
			}
			if buf.Len() != 0 {
				t.Error("wrote output despite the error")
			}
		})
	}
}

func TestGoRoot(t *testing.T) {
	t.Setenv("GOROOT", "/opt/go-test-root")
	if root, err := GoRoot(); root != "/opt/go-test-root" || err != nil {
		t.Errorf("GoRoot() = %q, %v with $GOROOT set", root, err)
	}
	t.Setenv("GOROOT", "")
	t.Setenv("PATH", t.TempDir())
	if _, err := GoRoot(); err == nil || !strings.Contains(err.Error(), "--content") {
		t.Errorf("GoRoot() without go on PATH: %v, want an error naming --content", err)
	}
}

// The cap of what a tool shows holds on the Go tree, whose largest files
// are over it.
func TestRealisticOutputCap(t *testing.T) {
	var longest int
	for _, e := range decode(t, generate(t, realistic(goRoot(t), 9, 8<<20))) {
		if out, ok := e["output"].(string); ok {
			longest = max(longest, len(out))
		}
	}
	if longest > realOutputCap+len(marker)+40 {
		t.Errorf("an output of %d bytes, over the cap of %d", longest, realOutputCap)
	}
}
