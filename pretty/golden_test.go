package pretty

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/fatih/color"

	"github.com/zsj-dev/zsj/internal/input"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/golden")

// The sample runs shared by every package, and this package's own edge
// cases (markup and escapes in outputs, wide characters, invalid lines,
// runs cut short).
var goldenInputs = []string{
	"../testdata/v2/run.jsonl",
	"../testdata/v2/failed.jsonl",
	"../testdata/v2/interleaved.jsonl",
	"testdata/edge.jsonl",
	"testdata/unfinished.jsonl",
}

// goldenVariants are the renderings kept as golden files: plain and
// colored at two widths, ASCII, and the HTML page.
var goldenVariants = []struct {
	suffix string
	opts   func(*Options)
}{
	{"w100.txt", func(o *Options) { o.Width = 100 }},
	{"w60.txt", func(o *Options) { o.Width = 60 }},
	{"color.w100.ansi", func(o *Options) { o.Width = 100; o.Color = true }},
	{"color.w60.ansi", func(o *Options) { o.Width = 60; o.Color = true }},
	{"ascii.w80.txt", func(o *Options) { o.Width = 80; o.ASCII = true }},
	{"html", nil},
}

func TestGolden(t *testing.T) {
	defer func(old bool) { color.NoColor = old }(color.NoColor)
	color.NoColor = false // as `--color always` leaves it
	for _, in := range goldenInputs {
		for _, v := range goldenVariants {
			name := strings.TrimSuffix(filepath.Base(in), ".jsonl") + "." + v.suffix
			t.Run(name, func(t *testing.T) {
				opts := DefaultOptions()
				var got string
				if v.opts == nil {
					opts.MaxOutputLines = DefaultHTMLOutputLines
					got = renderHTML(t, in, "run.jsonl", opts)
				} else {
					v.opts(&opts)
					got = renderTerminal(t, in, opts)
				}
				checkGolden(t, filepath.Join("testdata", "golden", name), got)
			})
		}
	}
}

// Version 1 logs differ from version 2 only in the version number and the
// name of the block field: they must render byte for byte the same.
func TestV1RendersAsV2(t *testing.T) {
	for _, name := range []string{"run", "failed", "interleaved"} {
		t.Run(name, func(t *testing.T) {
			v1 := "../testdata/v1/" + name + ".jsonl"
			v2 := "../testdata/v2/" + name + ".jsonl"
			opts := DefaultOptions()
			opts.Color = true
			if a, b := renderTerminal(t, v1, opts), renderTerminal(t, v2, opts); a != b {
				t.Errorf("terminal: v1 and v2 differ\n--- v1\n%s\n--- v2\n%s", a, b)
			}
			if a, b := renderHTML(t, v1, "run", opts), renderHTML(t, v2, "run", opts); a != b {
				t.Error("html: v1 and v2 differ")
			}
			if !strings.Contains(renderTerminal(t, v1, opts), "blocked") && name != "failed" {
				t.Error("v1 violation details are not shown")
			}
		})
	}
}

func renderTerminal(t *testing.T, path string, opts Options) string {
	t.Helper()
	var out bytes.Buffer
	p := NewTerminal(&out, "", opts)
	readAll(t, p, path)
	return out.String()
}

func renderHTML(t *testing.T, path, title string, opts Options) string {
	t.Helper()
	var out bytes.Buffer
	p, err := NewHTML(&out, title, opts)
	if err != nil {
		t.Fatal(err)
	}
	readAll(t, p, path)
	return out.String()
}

func readAll(t *testing.T, p *Printer, path string) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := p.ReadAll(input.NewReader(f)); err != nil {
		t.Fatal(err)
	}
}

// checkGolden compares got with the golden file, or rewrites it with
// -update.
func checkGolden(t *testing.T, path, got string) {
	t.Helper()
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./pretty -update to create it)", err)
	}
	if got != string(want) {
		t.Errorf("output differs from %s (run go test ./pretty -update to accept):\n%s", path, firstDiff(string(want), got))
	}
}

// firstDiff shows the first line that differs, for a readable failure.
func firstDiff(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	for i := 0; i < len(w) || i < len(g); i++ {
		var wl, gl string
		if i < len(w) {
			wl = w[i]
		}
		if i < len(g) {
			gl = g[i]
		}
		if wl != gl {
			return "line " + strconv.Itoa(i+1) + ":\n want: " + quote(wl) + "\n  got: " + quote(gl)
		}
	}
	return "(same lines, different bytes)"
}

func quote(s string) string { return "`" + strings.ReplaceAll(s, "\x1b", `\e`) + "`" }
