package gen

import (
	"bytes"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Prose for realistic text and reasoning: the comments of Go files and
// the paragraphs of docs, sampled from the tree once per Write. Each
// paragraph is one string, its lines joined by spaces as a model would
// write it; paragraphs of one file stay next to each other, so a message
// of consecutive paragraphs reads as a whole.

const (
	proseFiles    = 1500    // files sampled for prose
	maxProseBytes = 2 << 20 // the pool's size cap
	minProseWords = 4       // shorter comments are labels, not prose
)

// buildProse samples the tree's prose with its own random stream, so the
// pool does not depend on what the runs draw.
func buildProse(t *tree, seed int64) []string {
	r := newRNG(seed, 2)
	lists := [][]int32{t.goFiles, t.docFiles}
	var pool []string
	size := 0
	for n := 0; n < proseFiles && size < maxProseBytes; n++ {
		list := lists[n%2]
		if len(list) == 0 {
			list = lists[(n+1)%2]
		}
		i, data, ok := t.pick(r, list)
		if !ok {
			continue
		}
		before := len(pool)
		if strings.HasSuffix(t.files[i].path, ".go") {
			pool = goComments(pool, data)
		} else {
			pool = docParagraphs(pool, data)
		}
		for _, p := range pool[before:] {
			size += len(p)
		}
	}
	return pool
}

// goComments appends the paragraphs of data's // comments, leaving out
// licence headers, directives and indented code.
func goComments(pool []string, data []byte) []string {
	var para []string
	flush := func() {
		pool = addParagraph(pool, para)
		para = para[:0]
	}
	fenced := false // inside a ``` block of a doc comment
	for _, line := range bytes.Split(data, []byte{'\n'}) {
		s := strings.TrimSpace(string(line))
		text, ok := strings.CutPrefix(s, "//")
		if !ok {
			flush()
			fenced = false
			continue
		}
		text = strings.TrimPrefix(text, " ")
		if strings.HasPrefix(text, "```") {
			fenced = !fenced
			flush()
			continue
		}
		if fenced || text == "" || text[0] == '\t' || text[0] == ' ' || isDirective(text) {
			flush()
			continue
		}
		para = append(para, text)
	}
	flush()
	return pool
}

func isDirective(s string) bool {
	for _, p := range []string{"go:", "+build", "line ", "export ", "extern ", "nolint", "#"} {
		if strings.HasPrefix(s, p) {
			return true
		}
	}
	return false
}

// docParagraphs appends the paragraphs of a text file, leaving out code
// blocks, tables and indented text.
func docParagraphs(pool []string, data []byte) []string {
	var para []string
	flush := func() {
		pool = addParagraph(pool, para)
		para = para[:0]
	}
	fenced := false
	for _, line := range bytes.Split(data, []byte{'\n'}) {
		s := strings.TrimRight(string(line), " \t\r")
		if strings.HasPrefix(s, "```") {
			fenced = !fenced
			flush()
			continue
		}
		if fenced || s == "" || s[0] == '\t' || strings.HasPrefix(s, "    ") ||
			s[0] == '|' || s[0] == '<' || s[0] == '#' {
			flush()
			continue
		}
		para = append(para, strings.TrimSpace(s))
	}
	flush()
	return pool
}

func addParagraph(pool, lines []string) []string {
	p := strings.Join(lines, " ")
	if len(p) > maxParagraph || !looksLikeProse(p) || strings.Contains(p, "Copyright") ||
		strings.Contains(p, "license") || strings.Contains(p, "LICENSE") {
		return pool
	}
	return append(pool, p)
}

const maxParagraph = 4000 // bytes; longer "paragraphs" are data files

// looksLikeProse is true when most words are words: test data, API lists
// and commented-out code are mostly identifiers, numbers and symbols.
func looksLikeProse(p string) bool {
	fields := strings.Fields(p)
	if len(fields) < minProseWords {
		return false
	}
	words := 0
	for _, f := range fields {
		f = strings.TrimRight(f, ".,;:!?)")
		f = strings.TrimLeft(f, "(")
		if f != "" && unicode.IsLetter(rune(f[0])) &&
			strings.IndexFunc(f, func(c rune) bool { return !unicode.IsLetter(c) && c != '\'' && c != '-' }) < 0 {
			words++
		}
	}
	return words*10 >= len(fields)*7
}

// realMessage streams consecutive prose paragraphs as deltas of a few
// words, the way a model's stream cuts text.
func (w *runWriter) realMessage(t evType) {
	r := w.r
	w.stream(t, w.g.prose, func() string { return "\n\n" }, func(text []byte, i int) int { return wordCut(r, text, i) })
}

// wordCut returns the end of the delta that starts at i: one to four
// words, each with the space before it, and now and then a cut inside the
// last word, as subword tokens cut it.
func wordCut(r *rng, text []byte, i int) int {
	j := i
	for n := r.between(1, 4); n > 0 && j < len(text); n-- {
		for j < len(text) && isSpace(text[j]) {
			j++
		}
		for j < len(text) && !isSpace(text[j]) {
			j++
		}
	}
	if r.chance(12) {
		start := j
		for start > i && !isSpace(text[start-1]) {
			start--
		}
		if j-start >= 4 {
			cut := start + r.between(1, j-start-1)
			for cut > start && !utf8.RuneStart(text[cut]) {
				cut--
			}
			if cut > start {
				j = cut
			}
		}
	}
	return j
}

func isSpace(c byte) bool { return c == ' ' || c == '\n' || c == '\t' }
