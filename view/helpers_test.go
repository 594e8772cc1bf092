package view

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/zsj-dev/zsj/internal/input"
	"github.com/zsj-dev/zsj/pretty"
)

// sample is the repository's sample logs of version 2.
var sample = filepath.Join("..", "testdata", "v2")

// indexed returns a model over paths, indexed to the end, on a screen of
// 120 by 40.
func indexed(t *testing.T, cacheLimit int64, paths ...string) *model {
	t.Helper()
	sources, errs := input.Expand(paths)
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	ix := NewIndex(sources, t.TempDir(), cacheLimit)
	t.Cleanup(func() { ix.Close() })
	ix.Build()
	m := newModel(ix, false, false)
	m.Update(tea.WindowSizeMsg{Width: 120, Height: 40})
	m.Update(indexedMsg{})
	return m
}

// press sends keys as a terminal would: "enter", "esc", "space" and
// "backspace" by name, anything else as the text typed.
func press(m *model, keys ...string) {
	for _, k := range keys {
		var msg tea.KeyPressMsg
		switch k {
		case "enter":
			msg = tea.KeyPressMsg{Code: tea.KeyEnter}
		case "esc":
			msg = tea.KeyPressMsg{Code: tea.KeyEscape}
		case "space":
			msg = tea.KeyPressMsg{Code: tea.KeySpace, Text: " "}
		case "backspace":
			msg = tea.KeyPressMsg{Code: tea.KeyBackspace}
		case "down":
			msg = tea.KeyPressMsg{Code: tea.KeyDown}
		default:
			r := []rune(k)
			msg = tea.KeyPressMsg{Code: r[0], Text: k}
		}
		m.Update(msg)
	}
}

// typeText types each character of s.
func typeText(m *model, s string) {
	for _, r := range s {
		press(m, string(r))
	}
}

// screen is what the terminal shows, without styles.
func screen(m *model) string { return ansi.Strip(m.View().Content) }

// cursorRow is the row of a run page under the cursor, without its marker.
func cursorRow(t *testing.T, m *model) string {
	t.Helper()
	for _, line := range strings.Split(screen(m), "\n") {
		if rest, ok := strings.CutPrefix(line, "▸ "); ok {
			return rest
		}
	}
	t.Fatalf("no cursor on the screen:\n%s", screen(m))
	return ""
}

// copyLog copies a sample log into dir, modified at mtime.
func copyLog(t *testing.T, name, dir string, mtime time.Time) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(sample, name))
	if err != nil {
		t.Fatal(err)
	}
	dst := filepath.Join(dir, name)
	if err := os.WriteFile(dst, data, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Chtimes(dst, mtime, mtime); err != nil {
		t.Fatal(err)
	}
	return dst
}

// listRuns returns the run ids of the list's rows, top to bottom.
func listRuns(m *model) []string {
	var ids []string
	for _, line := range strings.Split(screen(m), "\n") {
		for _, f := range strings.Fields(line) {
			if strings.HasPrefix(f, "run_") {
				ids = append(ids, f)
			}
		}
	}
	return ids
}

func fileTime(t *testing.T) time.Time {
	t.Helper()
	return time.Now().Add(-time.Minute)
}

// prettyOf draws e's run as zsj pretty --run ID does, at width.
func prettyOf(t *testing.T, e *Entry, width int) string {
	t.Helper()
	var buf bytes.Buffer
	opts := pageOptions(look{width: width})
	opts.Runs = []string{e.Run.ID}
	p := pretty.NewTerminal(&buf, "", opts)
	f, err := os.Open(e.Path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := p.ReadAll(input.NewReader(f)); err != nil {
		t.Fatal(err)
	}
	return buf.String()
}
