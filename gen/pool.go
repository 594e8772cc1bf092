package gen

import (
	"strconv"
	"strings"
	"sync"
)

// outputKind says what a tool's output looks like.
type outputKind uint8

const (
	outListing outputKind = iota
	outSource
	outGrep
	outTestLog
	outStackTrace
	outWeb
	numOutputKinds
)

// linePool holds lines already escaped for a JSON string, each ending in an
// escaped newline, so building a megabyte of tool output is a run of
// copies.
type linePool struct{ lines [][]byte }

var (
	// outputPools is built on first use: every zsj command links this
	// package, and only gen needs the pools.
	outputPools = sync.OnceValue(buildOutputPools)
	answerLines = splitNonEmpty(answerText)
	reasonLines = splitNonEmpty(reasoningText)
)

func buildOutputPools() *[numOutputKinds]linePool {
	var p [numOutputKinds]linePool
	sources := []struct{ file, text string }{
		{"internal/parser/scan.go", goSourceText},
		{"src/lib/sessions.ts", tsSourceText},
		{"tools/summarize.py", pySourceText},
	}
	var source, grep []string
	for _, s := range sources {
		for n, line := range strings.Split(s.text, "\n") {
			source = append(source, line)
			if strings.TrimSpace(line) != "" {
				grep = append(grep, s.file+":"+strconv.Itoa(n+1)+":"+line)
			}
		}
	}
	p[outListing] = newLinePool(strings.Split(listingText, "\n"))
	p[outSource] = newLinePool(source)
	p[outGrep] = newLinePool(grep)
	p[outTestLog] = newLinePool(colorize(strings.Split(testLogText, "\n")))
	p[outStackTrace] = newLinePool(strings.Split(stackTraceText, "\n"))
	p[outWeb] = newLinePool(strings.Split(webText, "\n"))
	return &p
}

// colorize gives test verdicts the terminal color codes a test runner
// prints when it believes it writes to a terminal: control characters that
// must travel as \u001b.
func colorize(lines []string) []string {
	out := make([]string, len(lines))
	for i, l := range lines {
		switch {
		case strings.HasPrefix(l, "--- PASS"), strings.HasPrefix(l, " PASS"):
			l = "\x1b[32m" + l + "\x1b[0m"
		case strings.HasPrefix(l, "--- FAIL"), strings.HasPrefix(l, " FAIL"):
			l = "\x1b[31m" + l + "\x1b[0m"
		case strings.HasPrefix(l, "added "):
			l = "\r" + l // npm redraws its progress line
		}
		out[i] = l
	}
	return out
}

func newLinePool(lines []string) linePool {
	p := linePool{lines: make([][]byte, len(lines))}
	for i, l := range lines {
		var b []byte
		// One line in five uses the other legal escaping (\/ and \uXXXX).
		if i%5 == 3 {
			b = appendEscapedASCII(nil, l)
		} else {
			b = appendEscaped(nil, l)
		}
		p.lines[i] = append(b, '\\', 'n')
	}
	return p
}

// appendLines appends about size bytes of escaped lines: whole lines, so
// the text stays valid UTF-8 and every escape stays whole. Source reads
// come out in file order, other outputs in random order.
func (p *linePool) appendLines(dst []byte, r *rng, size int, inOrder bool) []byte {
	target := len(dst) + size
	i := r.intn(len(p.lines))
	for {
		dst = append(dst, p.lines[i]...)
		if len(dst) >= target {
			return dst
		}
		if inOrder {
			i = (i + 1) % len(p.lines)
		} else {
			i = r.intn(len(p.lines))
		}
	}
}

func splitNonEmpty(text string) []string {
	var out []string
	for _, l := range strings.Split(text, "\n") {
		if l != "" {
			out = append(out, l)
		}
	}
	return out
}
