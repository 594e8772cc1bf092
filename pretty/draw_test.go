package pretty

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/zsj-dev/zsj/internal/exitcode"
	"github.com/zsj-dev/zsj/internal/input"
	"github.com/zsj-dev/zsj/internal/term"
)

func TestDrawOptionsCheck(t *testing.T) {
	for _, tc := range []struct {
		name string
		opts DrawOptions
		err  string
	}{
		{"terminal", DrawOptions{Format: "terminal"}, ""},
		{"html to a file", DrawOptions{Format: "html", Output: "x.html"}, ""},
		{"follow", DrawOptions{Format: "terminal", Follow: true, ExitOnEnd: true}, ""},
		{"negative width", DrawOptions{Format: "terminal", Render: Options{Width: -1}}, "--width must not be negative"},
		{"negative lines", DrawOptions{Format: "terminal", Render: Options{MaxOutputLines: -1}}, "--max-output-lines must not be negative"},
		{"unknown format", DrawOptions{Format: "pdf"}, `--format must be terminal or html, not "pdf"`},
		{"html, follow", DrawOptions{Format: "html", Follow: true}, "--follow draws a terminal timeline; it cannot be used with --format html"},
		{"exit on end alone", DrawOptions{Format: "terminal", ExitOnEnd: true}, "--exit-on-end only makes sense with --follow"},
		{"output, terminal", DrawOptions{Format: "terminal", Output: "x"}, "--output is for --format html; redirect the terminal timeline instead"},
		{"unknown type", DrawOptions{Format: "terminal", Render: Options{Types: []string{"text,bogus"}}}, `unknown event type "bogus"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := tc.opts.Check()
			if tc.err == "" && err != nil || tc.err != "" && (err == nil || !strings.HasPrefix(err.Error(), tc.err)) {
				t.Errorf("got %v, want %q", err, tc.err)
			}
		})
	}
}

func TestCheckSplitsTypes(t *testing.T) {
	o := DrawOptions{Format: "terminal", Render: Options{Types: []string{"text, tool_call", "", "run_end,"}}}
	if err := o.Check(); err != nil {
		t.Fatal(err)
	}
	if want := []string{"text", "tool_call", "run_end"}; !slices.Equal(o.Render.Types, want) {
		t.Errorf("types %q, want %q", o.Render.Types, want)
	}
}

const (
	okLog = `{"schemaVersion":2,"type":"run_start","runId":"r","cwd":"/","provider":"p","model":"m"}
{"schemaVersion":2,"type":"run_end","runId":"r","status":"success","exitCode":0}
`
	invalidLine = "not json\n"
)

func TestDrawExitStatus(t *testing.T) {
	stdin := []input.Source{{Name: "log.jsonl"}}
	two := []input.Source{{Name: "a.jsonl"}, {Name: "b.jsonl"}}
	for _, tc := range []struct {
		name   string
		log    string
		opts   DrawOptions
		want   int
		stderr string
	}{
		{"valid", okLog, DrawOptions{Sources: stdin}, exitcode.OK, ""},
		{"invalid lines", invalidLine + okLog + invalidLine, DrawOptions{Sources: stdin}, exitcode.Problems, "zsj: 2 invalid lines (shown inline)\n"},
		{"one invalid line", invalidLine + okLog, DrawOptions{Sources: stdin}, exitcode.Problems, "zsj: 1 invalid line (shown inline)\n"},
		{"unreadable outweighs invalid", invalidLine, DrawOptions{Sources: stdin, Unreadable: []error{errors.New("gone.jsonl: no such file")}},
			exitcode.Failure, "zsj: error: gone.jsonl: no such file\n"},
		{"html, valid", okLog, DrawOptions{Sources: stdin, Format: "html"}, exitcode.OK, ""},
		{"html, invalid", invalidLine, DrawOptions{Sources: stdin, Format: "html"}, exitcode.Problems, "zsj: 1 invalid line (shown inline)\n"},
		{"follow, two inputs", okLog, DrawOptions{Sources: two, Follow: true}, exitcode.Usage, ""},
		{"html, two inputs, no directory", okLog, DrawOptions{Sources: two, Format: "html"}, exitcode.Usage, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			std, stdout, stderr := term.Test(tc.log)
			tc.opts.IO, tc.opts.Render = std, DefaultOptions()
			if tc.opts.Format == "" {
				tc.opts.Format = "terminal"
			}
			err := Draw(tc.opts)
			if got := exitcode.Of(err); got != tc.want {
				t.Fatalf("exit status %d, want %d (%v)", got, tc.want, err)
			}
			if stderr.String() != tc.stderr {
				t.Errorf("stderr %q, want %q", stderr, tc.stderr)
			}
			if tc.want != exitcode.Usage && stdout.Len() == 0 {
				t.Error("nothing drawn")
			}
		})
	}
}

func TestPagesInADirectory(t *testing.T) {
	dir := t.TempDir()
	var sources []input.Source
	for _, name := range []string{"a.jsonl", "sub/a.jsonl.gz", "b.ndjson"} {
		path := filepath.Join(dir, "in", name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(okLog), 0o644); err != nil {
			t.Fatal(err)
		}
		sources = append(sources, input.Source{Name: name, Path: path})
	}
	sources = append(sources, input.Source{Name: input.StdinName})
	std, stdout, _ := term.Test(okLog)
	out := filepath.Join(dir, "out")
	if err := Draw(DrawOptions{IO: std, Sources: sources, Format: "html", Output: out, Render: DefaultOptions()}); err != nil {
		t.Fatal(err)
	}
	if stdout.Len() > 0 {
		t.Errorf("pages written to stdout too: %d bytes", stdout.Len())
	}
	entries, _ := os.ReadDir(out)
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	if want := []string{"a-2.html", "a.html", "b.html", "stdin.html"}; !slices.Equal(names, want) {
		t.Errorf("pages %q, want %q", names, want)
	}
}
