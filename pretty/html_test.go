package pretty

import (
	"regexp"
	"strings"
	"testing"
)

// The page must stand alone and show the log, never run it.
func TestHTMLSelfContainedAndEscaped(t *testing.T) {
	opts := DefaultOptions()
	opts.MaxOutputLines = DefaultHTMLOutputLines
	page := renderHTML(t, "testdata/edge.jsonl", `<img src=x onerror=alert(1)>.jsonl`, opts)
	for _, bad := range []string{
		"<script", "<img", // markup from the log or the file name
		`src="`, `href="http`, `href="//`, "url(", "@import", // anything fetched from elsewhere
		"\x1b", "\u202e", // escape sequences and bidi overrides, which would act rather than show
	} {
		if strings.Contains(page, bad) {
			t.Errorf("page contains %q", bad)
		}
	}
	for _, want := range []string{
		"&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;", // the tool output, as text
		"^[[31mred text",                 // the escape sequence, visible
		"&lt;U&#43;202E&gt;RTL override", // the bidi override, visible
		"line 6: invalid event",          // invalid lines inline
		"<details><summary>",             // a long output folds away
	} {
		if !strings.Contains(page, want) {
			t.Errorf("page lacks %q", want)
		}
	}
	checkBalanced(t, page)
}

// The header summarizes each run, with a token chart drawn from its usage
// events; the timeline follows.
func TestHTMLHeaderAndChart(t *testing.T) {
	page := renderHTML(t, "../testdata/v2/run.jsonl", "run.jsonl", DefaultOptions())
	header, timeline, ok := strings.Cut(page, `<main class="timeline">`)
	if !ok {
		t.Fatal("no timeline")
	}
	for _, want := range []string{"1 run · 30 events", "success · exit 0", "4 tool calls: read_file 2, bash 1, write_file 1",
		"1 permission", "10,281 total", "$0.023718", "<svg"} {
		if !strings.Contains(header, want) {
			t.Errorf("header lacks %q", want)
		}
	}
	if n := strings.Count(header, `<rect class="out"`); n != 4 {
		t.Errorf("chart has %d output bars, want one per usage event (4)", n)
	}
	for _, want := range []string{"blocked", "workspace_write", "Final answer", "run_20260603_abc123 ended"} {
		if !strings.Contains(timeline, want) {
			t.Errorf("timeline lacks %q", want)
		}
	}
	checkBalanced(t, page)
}

// Thousands of steps still give a chart of at most maxBars bars, each
// naming the steps it sums.
func TestSeriesMerges(t *testing.T) {
	var s series
	for step := 1; step <= 1000; step++ {
		s.add(step, usage{prompt: 10, completion: 1})
	}
	if len(s.bars) > maxBars {
		t.Fatalf("%d bars", len(s.bars))
	}
	total, next := 0.0, 1
	for _, b := range s.bars {
		if b.first != next {
			t.Fatalf("bar starts at step %d, want %d", b.first, next)
		}
		next = b.last + 1
		total += b.prompt + b.complete
	}
	if next != 1001 || total != 11000 {
		t.Fatalf("bars cover steps up to %d with %v tokens", next-1, total)
	}
}

var tagRE = regexp.MustCompile(`</?(div|details|summary|section|main|header|dl|pre|svg|g|figure|h[1-3])\b[^>]*>`)

// checkBalanced checks that the block elements the page is made of open
// and close in a proper nesting (the timeline is streamed in pieces, so a
// missing close would swallow the rest of the page).
func checkBalanced(t *testing.T, page string) {
	t.Helper()
	var stack []string
	for _, m := range tagRE.FindAllStringSubmatch(page, -1) {
		name := m[1]
		if !strings.HasPrefix(m[0], "</") {
			stack = append(stack, name)
			continue
		}
		if len(stack) == 0 || stack[len(stack)-1] != name {
			t.Fatalf("</%s> closes %v", name, stack)
		}
		stack = stack[:len(stack)-1]
	}
	if len(stack) != 0 {
		t.Fatalf("left open: %v", stack)
	}
}
