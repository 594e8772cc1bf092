package pretty

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/zsj-dev/zsj/internal/input"
)

// logOf builds a log from short event descriptions: "RUN TYPE FIELDS",
// where FIELDS is the JSON members after runId.
func logOf(events ...string) string {
	var b strings.Builder
	for _, e := range events {
		run, rest, _ := strings.Cut(e, " ")
		typ, fields, _ := strings.Cut(rest, " ")
		if fields != "" {
			fields = "," + fields
		}
		fmt.Fprintf(&b, `{"schemaVersion":2,"type":%q,"runId":%q%s}`+"\n", typ, run, fields)
	}
	return b.String()
}

func start(run string) string {
	return run + ` run_start "cwd":"/","provider":"p","model":"m"`
}

func renderString(t *testing.T, log string) string {
	t.Helper()
	var out bytes.Buffer
	p := NewTerminal(&out, "", DefaultOptions())
	if err := p.ReadAll(input.NewReader(strings.NewReader(log))); err != nil {
		t.Fatal(err)
	}
	return out.String()
}

// Two runs streaming text delta by delta, even inside words: each run's
// text still reads as one paragraph.
func TestInterleavedTextStaysWhole(t *testing.T) {
	log := logOf(start("run_a"), start("run_b"),
		`run_a text "delta":"The quick bro"`,
		`run_b reasoning "delta":"Lorem ip"`,
		`run_a text "delta":"wn fox jumps"`,
		`run_b reasoning "delta":"sum dolor sit"`,
		`run_a text "delta":" over the dog."`,
		`run_b tool_call "id":"c1","name":"ls"`,
		`run_a tool_call "id":"c1","name":"cat"`,
		`run_a run_end "status":"success","exitCode":0`,
		`run_b run_end "status":"success","exitCode":0`)
	out := renderString(t, log)
	for _, want := range []string{
		"run_a │ The quick brown fox jumps over the dog.\n",
		"run_b │ ∴ thinking: Lorem ipsum dolor sit\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("want %q in\n%s", want, out)
		}
	}
	// The waiting run's text comes before its own next event.
	if i, j := strings.Index(out, "Lorem"), strings.Index(out, "▶ ls"); i < 0 || i > j {
		t.Errorf("run_b's thinking is not before its tool call:\n%s", out)
	}
}

// A run that only ever streams text while another holds the paragraph is
// not buffered without end: past maxHeldText its text is drawn.
func TestHeldTextIsBounded(t *testing.T) {
	events := []string{start("run_a"), start("run_b"), `run_a text "delta":"first words"`}
	chunk := strings.Repeat("word ", 1000)
	for i := 0; i*len(chunk) <= maxHeldText; i++ {
		events = append(events, `run_b text "delta":"`+chunk+`"`)
	}
	events = append(events, `run_a tool_call "id":"c1","name":"cat"`)
	out := renderString(t, logOf(events...))
	if i, j := strings.Index(out, "run_b │ word"), strings.Index(out, "▶ cat"); i < 0 || i > j {
		t.Errorf("run_b's text was held past the limit (at %d, the call at %d)", i, j)
	}
}
