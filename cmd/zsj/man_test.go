package main

// The man pages in docs/man are made here, in the tests, from the
// commands' own help: the man-page writer (cobra/doc, with a Markdown
// parser that compiles a hundred regular expressions at start-up) then
// stays out of the zsj binary, where it cost every run a millisecond.

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/cobra/doc"

	"github.com/zsj-dev/zsj/internal/term"
)

var updateMan = flag.Bool("update-man", false, "rewrite docs/man from the commands' help")

// The man pages in docs/man are made from the commands' help; a change of
// help without them fails here, and so in CI.
func TestManPagesUpToDate(t *testing.T) {
	const committed = "../../docs/man"
	const howTo = "regenerate them: go test ./cmd/zsj -run TestManPages -update-man"
	dir := t.TempDir()
	if *updateMan {
		dir = committed
		if err := os.RemoveAll(dir); err != nil {
			t.Fatal(err)
		}
	}
	io, _, _ := term.Test("")
	root := newRootCmd(&app{io: io}, nil)
	root.InitDefaultCompletionCmd() // Execute adds it; its pages are wanted too
	if err := writeManPages(root, dir); err != nil {
		t.Fatal(err)
	}
	page := func(name string) string {
		b, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	if h := `.TH "ZSJ" "1" "Dec 2026"`; !strings.Contains(page("zsj-validate.1"), h) {
		t.Errorf("zsj-validate.1 lacks the fixed header %s", h)
	}
	if !strings.Contains(page("zsj.1"), "Where to start") {
		t.Error("zsj.1 lacks the root command's help")
	}
	fresh, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	old, err := os.ReadDir(committed)
	if err != nil {
		t.Fatalf("%v: %s", err, howTo)
	}
	names := func(es []os.DirEntry) (n []string) {
		for _, e := range es {
			n = append(n, e.Name())
		}
		return n
	}
	if !slices.Equal(names(fresh), names(old)) {
		t.Errorf("docs/man has pages %v, the commands make %v: %s", names(old), names(fresh), howTo)
	}
	for _, e := range fresh {
		want, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		got, err := os.ReadFile(filepath.Join(committed, e.Name()))
		if err == nil && !bytes.Equal(got, want) {
			t.Errorf("docs/man/%s is stale: %s", e.Name(), howTo)
		}
	}
}

// manDate is the date in the header of the man pages. It is fixed, not
// the time of generation, so the pages in docs/man can be regenerated
// byte for byte and checked for staleness; move it forward when the pages
// change in substance.
var manDate = time.Date(2026, time.December, 1, 0, 0, 0, 0, time.UTC)

// writeManPages writes the pages of root and every visible command below
// it into dir, creating dir if needed.
func writeManPages(root *cobra.Command, dir string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	root.DisableAutoGenTag = true // the tag carries the time of generation
	forEachCommand(root, func(c *cobra.Command) { c.Long = keepIndentedLines(c.Long) })
	header := &doc.GenManHeader{Title: "ZSJ", Section: "1", Source: "zsj", Manual: "zsj manual", Date: &manDate}
	if err := doc.GenManTree(root, header, dir); err != nil {
		return fmt.Errorf("writing man pages: %w", err)
	}
	return nil
}

func forEachCommand(c *cobra.Command, do func(*cobra.Command)) {
	do(c)
	for _, sub := range c.Commands() {
		forEachCommand(sub, do)
	}
}

// keepIndentedLines makes the indented tables of a help text (the lines
// that begin with two spaces) a block that man prints as it is: cobra/doc
// reads help as Markdown, which would run those lines together into one
// paragraph. An indented Markdown block needs four more spaces and a blank
// line on each side.
func keepIndentedLines(help string) string {
	var b strings.Builder
	inBlock := false
	for _, line := range strings.Split(help, "\n") {
		indented := strings.HasPrefix(line, "  ")
		if indented != inBlock && line != "" && b.Len() > 0 {
			b.WriteString("\n") // a blank line opens or closes the block
		}
		if indented {
			b.WriteString("    ")
		}
		b.WriteString(line)
		b.WriteString("\n")
		inBlock = indented && line != ""
	}
	return strings.TrimSuffix(b.String(), "\n")
}
