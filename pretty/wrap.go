package pretty

import (
	"bufio"
	"strings"
	"unicode/utf8"

	"github.com/fatih/color"
)

// span is a piece of text drawn in one style (nil: plain).
type span struct {
	style *color.Color
	text  string
}

// spansWidth is the number of columns the spans take.
func spansWidth(spans []span) int {
	n := 0
	for _, s := range spans {
		n += textWidth(s.text)
	}
	return n
}

// wrapper word-wraps text into lines of at most width columns as it
// arrives: a word is written as soon as the next space shows it complete,
// so a paragraph streamed in small deltas is neither held back nor kept in
// memory. Only the word being gathered is buffered.
//
// Each line starts with a prefix (the run's gutter, a marker, an indent):
// first for the block's first line, rest for the others. A hard newline
// in the text ends the line; two or more leave one blank line. Spaces
// where a line is wrapped are dropped; spaces at the start of a line are
// kept, as they indent code and lists.
type wrapper struct {
	out   *bufio.Writer
	width int

	first, rest []span
	lines       int // lines started in this block
	col         int // columns used on the open line; 0 when none is open
	open        bool

	spaces   int // whitespace columns waiting for the next word
	newlines int // hard newlines waiting for the next word
	word     []byte
	runs     []styleRun // the styles over word
	wordW    int
	glued    bool // the word continues one already written (see flushPartial)

	active *color.Color // the style the terminal is in
}

type styleRun struct {
	style *color.Color
	end   int // in word
}

// begin starts a block; the previous one must have ended.
func (w *wrapper) begin(first, rest []span) {
	w.first, w.rest = first, rest
	w.lines, w.col, w.open = 0, 0, false
	w.spaces, w.newlines, w.glued = 0, 0, false
}

// text adds text in one style to the block.
func (w *wrapper) text(style *color.Color, s string) {
	for i := 0; i < len(s); {
		if n := wordBytes(s[i:]); n > 0 && fastWrap {
			if len(w.word) == 0 && i+n < len(s) && isBlank(s[i+n]) {
				w.wholeWord(style, s[i:i+n]) // nothing of it is gathered
			} else {
				w.addWord(style, s[i:i+n])
			}
			i += n
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		i += size
		switch r {
		case '\n':
			w.endWord()
			w.newlines++
			w.spaces, w.glued = 0, false
		case ' ':
			w.endWord()
			w.spaces++
			w.glued = false
		case '\t':
			w.endWord()
			w.spaces += 4 // prose: a tab is an indent, not a table column
			w.glued = false
		default:
			if w.newlines > 0 {
				w.breakLines()
			}
			wide := runeWidth(r) == 2
			if wide {
				w.endWord() // CJK text has no spaces: a line may break at any wide character
			}
			w.word, w.wordW = appendSafeRune(w.word, r, w.wordW)
			w.styleTo(style)
			if wide {
				w.endWord()
			}
		}
	}
}

// Prose is mostly printable ASCII, a byte a column with nothing to make
// safe; text and writeWord take such runs whole, not a character at a
// time (on logs of small deltas, drawing prose was a third of pretty's
// time, on the one core that draws). fastWrap is off only in tests, which
// hold the fast paths to the character-at-a-time ones.
var fastWrap = true

// wordBytes is the length of the run of printable ASCII other than space
// that s starts with.
func wordBytes(s string) int {
	n := 0
	for n < len(s) && s[n] > ' ' && s[n] < 0x7F {
		n++
	}
	return n
}

// isBlank reports whether c ends a word (see text).
func isBlank(c byte) bool { return c == ' ' || c == '\n' || c == '\t' }

// wholeWord places and writes a word of printable ASCII (see wordBytes)
// that the text shows complete, as endWord would once it was gathered.
func (w *wrapper) wholeWord(style *color.Color, s string) {
	if w.open && !w.glued && w.newlines == 0 && w.col+w.spaces+len(s) <= w.width {
		// Most words: on the open line, after their spaces, written as
		// endWord would write them, without gathering them first.
		w.place(len(s), style)
		w.setStyle(style)
		w.out.WriteString(s)
		w.col += len(s)
		return
	}
	w.addWord(style, s)
	w.endWord()
}

// addWord adds a run of printable ASCII (see wordBytes) to the word being
// gathered.
func (w *wrapper) addWord(style *color.Color, s string) {
	if w.newlines > 0 {
		w.breakLines()
	}
	w.word = append(w.word, s...)
	w.wordW += len(s)
	w.styleTo(style)
}

// styleTo extends the style runs over the word to its end, in style.
func (w *wrapper) styleTo(style *color.Color) {
	if k := len(w.runs); k == 0 || w.runs[k-1].style != style {
		w.runs = append(w.runs, styleRun{style, len(w.word)})
	} else {
		w.runs[k-1].end = len(w.word)
	}
}

// end finishes the block: the last word is written and the line ended.
func (w *wrapper) end() {
	w.endWord()
	if w.open {
		w.endLine()
	}
	w.newlines, w.spaces = 0, 0
}

// flushPartial writes the word being gathered (follow mode, when input
// pauses) without ending it: what comes next is glued to it.
func (w *wrapper) flushPartial() {
	if len(w.word) == 0 {
		return
	}
	w.endWord()
	w.glued = true
}

// breakLines applies the hard newlines seen before a word.
func (w *wrapper) breakLines() {
	n := w.newlines
	w.newlines = 0
	if !w.open && w.lines == 0 {
		return // newlines at the start of a block are dropped
	}
	if w.open {
		w.endLine()
		n--
	}
	if n > 0 {
		w.blankLine()
	}
	w.glued = false
}

// endWord places the gathered word: on the open line if it fits, else on
// a new one; a word wider than a whole line is cut into pieces.
func (w *wrapper) endWord() {
	if len(w.word) == 0 {
		return
	}
	w.place(w.wordW, w.runs[0].style)
	w.writeWord()
	w.word, w.runs, w.wordW = w.word[:0], w.runs[:0], 0
}

// place makes room for a word of cols columns whose first character is
// in style: on the open line if it fits, else on a new one.
func (w *wrapper) place(cols int, style *color.Color) {
	glued := w.glued
	w.glued = false
	switch {
	case !w.open && w.lines == 0:
		w.startLine() // spaces before a block's first word join it to what came before: dropped
	case !w.open:
		w.startLine()
		w.writeSpaces(w.spaces, style) // indentation after a hard newline
	case glued:
		// continue the word already on the line
	case w.col+w.spaces+cols <= w.width:
		w.writeSpaces(w.spaces, style)
	default:
		w.endLine()
		w.startLine()
	}
	w.spaces = 0
}

// writeWord writes the word, breaking it where it passes the width.
func (w *wrapper) writeWord() {
	// A word that fits is written run by run: the loop below would
	// break it nowhere.
	if fastWrap && w.col+w.wordW <= w.width {
		start := 0
		for _, run := range w.runs {
			w.setStyle(run.style)
			w.out.Write(w.word[start:run.end])
			start = run.end
		}
		w.col += w.wordW
		return
	}
	start := 0
	for _, run := range w.runs {
		w.setStyle(run.style)
		seg := string(w.word[start:run.end])
		start = run.end
		for _, r := range seg {
			rw := runeWidth(r)
			if w.col+rw > w.width && w.col > w.prefixWidth() {
				w.endLine()
				w.startLine()
				w.setStyle(run.style)
			}
			w.out.WriteRune(r)
			w.col += rw
		}
	}
}

// writeSpaces writes n spaces in style, those of the word they come
// before.
func (w *wrapper) writeSpaces(n int, style *color.Color) {
	if n <= 0 {
		return
	}
	w.setStyle(style)
	n = min(n, max(w.width-w.col-1, 0))
	w.col += n
	for n > 0 {
		k := min(n, len(blanks))
		w.out.WriteString(blanks[:k])
		n -= k
	}
}

// blanks is a line of spaces to write indents from without allocating.
const blanks = "                                                                "

func (w *wrapper) prefixWidth() int {
	if w.lines <= 1 {
		return spansWidth(w.first)
	}
	return spansWidth(w.rest)
}

func (w *wrapper) startLine() {
	prefix := w.rest
	if w.lines == 0 {
		prefix = w.first
	}
	w.lines++
	w.open = true
	w.col = 0
	for _, s := range prefix {
		w.setStyle(s.style)
		w.out.WriteString(s.text)
		w.col += textWidth(s.text)
	}
}

func (w *wrapper) endLine() {
	w.setStyle(nil)
	w.out.WriteByte('\n')
	w.open = false
	w.col = 0
}

// blankLine writes an empty line of the block: the prefix without its
// trailing spaces, so a gutter stays unbroken.
func (w *wrapper) blankLine() {
	w.lines++
	writeTrimmed(w.out, w.rest, w.setStyle)
	w.setStyle(nil)
	w.out.WriteByte('\n')
}

// writeTrimmed writes spans with the trailing spaces of the last cut off.
func writeTrimmed(out *bufio.Writer, spans []span, setStyle func(*color.Color)) {
	last := len(spans) - 1
	for last >= 0 && strings.TrimRight(spans[last].text, " ") == "" {
		last--
	}
	for i := 0; i <= last; i++ {
		setStyle(spans[i].style)
		text := spans[i].text
		if i == last {
			text = strings.TrimRight(text, " ")
		}
		out.WriteString(text)
	}
}

// setStyle switches the terminal to style s, writing codes only when it
// changes, and never leaving a style open across a newline.
func (w *wrapper) setStyle(s *color.Color) {
	if s == w.active {
		return
	}
	if w.active != nil {
		w.active.UnsetWriter(w.out)
	}
	if s != nil {
		s.SetWriter(w.out)
	}
	w.active = s
}
