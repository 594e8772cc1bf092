package main

import (
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/cobra/doc"
)

func init() { register(newManCmd) }

// manDate is the date in the header of the man pages. It is fixed, not
// the time of generation, so the pages in docs/man can be regenerated
// byte for byte and checked for staleness; move it forward when the pages
// change in substance.
var manDate = time.Date(2026, time.December, 1, 0, 0, 0, 0, time.UTC)

func newManCmd(a *app) *cobra.Command {
	return &cobra.Command{
		Use:   "man DIR",
		Short: "Write a man page for each command into DIR",
		Long: `Man writes zsj.1 and one zsj-COMMAND.1 page per command into DIR, made
from the commands' own help. The pages in docs/man of the source tree are
made with 'zsj man docs/man'.`,
		Args:   cobra.ExactArgs(1),
		Hidden: true,
		RunE: func(cmd *cobra.Command, args []string) error {
			return writeManPages(cmd.Root(), args[0])
		},
	}
}

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
