package view

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
)

// opened returns a model with the page of the run whose id ends in
// suffix open, found with the list's filter.
func opened(t *testing.T, suffix string, paths ...string) *model {
	t.Helper()
	if len(paths) == 0 {
		paths = []string{sample}
	}
	m := indexed(t, DefaultCacheLimit, paths...)
	press(m, "/")
	typeText(m, suffix)
	press(m, "enter", "enter")
	if m.page == nil {
		t.Fatalf("no page open for %s:\n%s", suffix, screen(m))
	}
	return m
}

func TestOpenRun(t *testing.T) {
	m := opened(t, "def456")
	s := screen(m)
	for _, want := range []string{
		"run run_20260603_def456 · error · ", "failed.jsonl:1",
		"━━ run run_20260603_def456", "Let me look at the failing build.",
		"▶ bash  command=\"make build\"",
		"✖ error provider_error (fatal): the provider returned HTTP 503 three times in a row",
		"■ run ended · error · exit code 3",
	} {
		if !strings.Contains(s, want) {
			t.Errorf("page lacks %q:\n%s", want, s)
		}
	}
	press(m, "q")
	if m.page != nil || !strings.Contains(screen(m), "STATUS") {
		t.Errorf("q does not go back to the list:\n%s", screen(m))
	}
}

// The page of one of two interleaved runs draws that run alone.
func TestOpenInterleavedRun(t *testing.T) {
	m := opened(t, "aaa111")
	s := screen(m)
	if !strings.Contains(s, "Counting the lines of main.go.") {
		t.Errorf("page lacks its run's text:\n%s", s)
	}
	if strings.Contains(s, "bbb222") || strings.Contains(s, "release script") {
		t.Errorf("page shows the other run:\n%s", s)
	}
}

func TestFolding(t *testing.T) {
	m := opened(t, "abc123")
	const output = "A CLI toolkit for the JSONL event logs"
	s := screen(m)
	if strings.Contains(s, output) {
		t.Fatalf("tool output not folded by default:\n%s", s)
	}
	if !strings.Contains(s, "✓ ok · 78 B · 3 lines ⋯ +3 lines (space)") {
		t.Errorf("no folded line for the output:\n%s", s)
	}
	press(m, "z")
	if !strings.Contains(screen(m), output) {
		t.Errorf("z does not unfold all:\n%s", screen(m))
	}
	press(m, "z")
	if strings.Contains(screen(m), output) {
		t.Errorf("z again does not fold all:\n%s", screen(m))
	}
	// space on the folded result unfolds it alone.
	for !strings.Contains(cursorRow(t, m), "✓ ok · 78 B") {
		before := m.page.cursor
		press(m, "j")
		if m.page.cursor == before {
			t.Fatal("never reached the tool result")
		}
	}
	press(m, "space")
	s = screen(m)
	if !strings.Contains(s, output) || !strings.Contains(s, "✓ ok · 129 B · 3 lines · truncated by the producer ⋯") {
		t.Errorf("space does not unfold the result under the cursor alone:\n%s", s)
	}
	press(m, "space")
	if strings.Contains(screen(m), output) {
		t.Errorf("space again does not fold it:\n%s", screen(m))
	}
}

func TestNextError(t *testing.T) {
	m := opened(t, "def456")
	press(m, "e")
	if got := cursorRow(t, m); !strings.Contains(got, "✗ error · 39 B") {
		t.Errorf("e lands on %q, want the failed tool result", got)
	}
	press(m, "e")
	if got := cursorRow(t, m); !strings.Contains(got, "✖ error provider_error") {
		t.Errorf("e lands on %q, want the error event", got)
	}
	press(m, "e")
	if got := cursorRow(t, m); !strings.Contains(got, "■ run ended · error") {
		t.Errorf("e lands on %q, want the failed end", got)
	}
	press(m, "e")
	if s := screen(m); !strings.Contains(s, "no error below") {
		t.Errorf("no note past the last error:\n%s", s)
	}
	press(m, "E")
	if got := cursorRow(t, m); !strings.Contains(got, "✖ error provider_error") {
		t.Errorf("E lands on %q, want the error event", got)
	}
}

func TestNextBlock(t *testing.T) {
	m := opened(t, "abc123")
	for _, want := range []string{
		"? permission write_file", // a request the sandbox blocked
		"? permission bash",       // another
		"✗ error · 74 B · 1 line · denied (no one to ask)", // a result blocked
	} {
		press(m, "b")
		if got := cursorRow(t, m); !strings.Contains(got, want) {
			t.Errorf("b lands on %q, want %q", got, want)
		}
	}
	press(m, "b")
	if s := screen(m); !strings.Contains(s, "no block or denial below") {
		t.Errorf("no note past the last block:\n%s", s)
	}
}

func TestSearch(t *testing.T) {
	m := opened(t, "abc123")
	press(m, "/")
	typeText(m, "docs/design")
	press(m, "enter")
	first := cursorRow(t, m)
	if !strings.Contains(strings.ToLower(first), "docs/design") {
		t.Fatalf("search lands on %q", first)
	}
	if !strings.Contains(screen(m), "search: docs/design") {
		t.Errorf("the status line does not show the search")
	}
	if hit := "\x1b[7m"; !strings.Contains(m.View().Content, hit+"docs/DESIGN") {
		t.Errorf("hits are not highlighted")
	}
	// The hit inside a folded output unfolds it.
	press(m, "n")
	if got := cursorRow(t, m); !strings.Contains(got, "open docs/DESIGN.md: no such file") {
		t.Errorf("n lands on %q, want the folded tool output", got)
	}
	press(m, "n")
	if got := cursorRow(t, m); !strings.Contains(got, "docs/DESIGN.md does not exist") {
		t.Errorf("n lands on %q, want the answer's text", got)
	}
	press(m, "N", "N")
	if got := cursorRow(t, m); got != first {
		t.Errorf("N N lands on %q, want %q", got, first)
	}
	press(m, "/")
	typeText(m, "no such words")
	press(m, "enter")
	if s := screen(m); !strings.Contains(s, `"no such words" not found`) {
		t.Errorf("a search that finds nothing says nothing:\n%s", s)
	}
}

func TestRawView(t *testing.T) {
	m := opened(t, "def456")
	press(m, "e", "e", "r")
	s := screen(m)
	for _, want := range []string{
		"raw event · " + filepath.Join(sample, "failed.jsonl") + ":6",
		`"type": "error"`, `"code": "provider_error"`,
	} {
		if !strings.Contains(s, want) {
			t.Errorf("raw view lacks %q:\n%s", want, s)
		}
	}
	press(m, "q")
	if m.raw != nil || m.page == nil {
		t.Error("q does not go back from the raw view to the page")
	}
}

// A page draws what pretty draws: the same rows, folding aside.
func TestPageIsPretty(t *testing.T) {
	m := opened(t, "def456")
	press(m, "z") // unfold all
	var rows []string
	for i := range m.page.rows {
		rows = append(rows, m.page.rowText(i))
	}
	got := strings.Join(rows, "\n")
	for _, want := range []string{
		"  ✗ error · 39 B · 1 line\n  │ make: *** [Makefile:12: build] Error 2\nΣ step 1 · 990 tokens · in 950 · out 40",
		"── summary of run_20260603_def456",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("page rows lack\n%s\nin\n%s", want, got)
		}
	}
}

func TestLiveRun(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "live.jsonl")
	head := `{"schemaVersion":2,"type":"run_start","runId":"run_live","cwd":"/repo","provider":"openai","model":"gpt-4.1"}
{"schemaVersion":2,"type":"text","runId":"run_live","delta":"Working on it."}
`
	if err := os.WriteFile(path, []byte(head), 0o644); err != nil {
		t.Fatal(err)
	}
	m := opened(t, "run_live", dir)
	if s := screen(m); !strings.Contains(s, "live") || !strings.Contains(s, "Working on it.") {
		t.Fatalf("the page of an unfinished run is not live:\n%s", s)
	}
	f, err := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	f.WriteString(`{"schemaVersion":2,"type":"error","runId":"run_live","code":"boom","message":"the disk is full","recoverable":false}` + "\n")
	f.WriteString(`{"schemaVersion":2,"type":"run_end","runId":"run_live","status":"error","exitCode":1}` + "\n")
	m.Update(tickMsg{})
	s := screen(m)
	if !strings.Contains(s, "the disk is full") || !strings.Contains(s, "run ended · error") {
		t.Errorf("the page does not follow its file:\n%s", s)
	}
	if m.page.pg.live {
		t.Error("still live after run_end")
	}
}

// Unfolded, a page is row for row what zsj pretty draws of the run at
// the page's width.
func TestPageMatchesPretty(t *testing.T) {
	for _, id := range []string{"run_20260603_abc123", "run_20260603_def456", "run_20260603_aaa111", "run_20260603_bbb222"} {
		t.Run(id, func(t *testing.T) {
			m := opened(t, id)
			for _, width := range []int{120, 45, 30} {
				m.Update(tea.WindowSizeMsg{Width: width, Height: 40})
				press(m, "z")
				var rows []string
				for i := range m.page.rows {
					rows = append(rows, m.page.rowText(i))
				}
				got := strings.Join(rows, "\n") + "\n"
				want := prettyOf(t, m.page.pg.entry, m.pageWidth())
				if got != want {
					t.Errorf("at %d columns, page and pretty differ\n--- page\n%s\n--- pretty\n%s", width, got, want)
				}
			}
		})
	}
}

// A new width draws the page again, the cursor staying on its event.
func TestResizeKeepsTheEvent(t *testing.T) {
	m := opened(t, "def456")
	press(m, "e", "e")
	before := cursorRow(t, m)
	m.Update(tea.WindowSizeMsg{Width: 40, Height: 30})
	after := cursorRow(t, m)
	if !strings.HasPrefix(after, "✖ error provider_error") || after == before {
		t.Errorf("after a resize the cursor is on %q (was %q)", after, before)
	}
	for _, line := range strings.Split(screen(m), "\n") {
		if w := len([]rune(line)); w > 40 {
			t.Errorf("a line of %d columns on a screen of 40: %q", w, line)
		}
	}
}

// Colors follow the decision made from --color and NO_COLOR: off, the
// screen has no color at all, only the reverse video of the cursor.
func TestColors(t *testing.T) {
	dir := t.TempDir()
	now := time.Now()
	copyLog(t, "failed.jsonl", dir, now.Add(-time.Hour)) // last in the list, away from the cursor
	copyLog(t, "run.jsonl", dir, now)
	for _, color := range []bool{false, true} {
		m := indexed(t, DefaultCacheLimit, dir)
		m.color, m.st = color, styles{color: color}
		list := m.View().Content
		press(m, "f", "enter")
		page := m.View().Content
		for name, s := range map[string]string{"list": list, "page": page} {
			colored := strings.Contains(s, "\x1b[31m") || strings.Contains(s, "\x1b[1;31m")
			if colored != color {
				t.Errorf("color %v: the %s has red: %v\n%q", color, name, colored, s)
			}
		}
		if !strings.Contains(list, sgrReverse) {
			t.Errorf("color %v: no cursor in the list", color)
		}
	}
}

// --ascii draws the page with pretty's ASCII symbols, and the screen's
// own marks too: the list, the help, a page.
func TestASCII(t *testing.T) {
	m := indexed(t, DefaultCacheLimit, sample)
	m.ascii = true
	var screens []string
	press(m, "?")
	screens = append(screens, screen(m))
	press(m, "x", "/")
	typeText(m, "def456")
	screens = append(screens, screen(m))
	press(m, "enter", "enter")
	s := screen(m)
	if !strings.Contains(s, "> ") || !strings.Contains(s, "x error provider_error") {
		t.Errorf("not drawn in ASCII:\n%s", s)
	}
	for _, s := range append(screens, s) {
		for _, r := range s {
			if r > 0x7e {
				t.Errorf("non-ASCII %q on an ASCII screen:\n%s", r, s)
				break
			}
		}
	}
}
