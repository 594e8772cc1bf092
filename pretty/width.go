package pretty

import (
	"unicode"
	"unicode/utf8"
)

// Text from a log goes to a terminal, so it is shown, never obeyed:
// control characters (an escape sequence in a tool's output could move
// the cursor or retitle the window) and the invisible bidi controls are
// written as visible stand-ins. Widths count terminal columns: East Asian
// wide characters take two, combining marks none.

// wideRanges are the East Asian Wide and Fullwidth blocks (and the emoji
// blocks terminals draw two columns wide), as [first, last] pairs.
var wideRanges = [...][2]rune{
	{0x1100, 0x115F},   // Hangul Jamo initials
	{0x2E80, 0x303E},   // CJK radicals, Kangxi, CJK symbols and punctuation
	{0x3041, 0x33FF},   // Hiragana, Katakana, Bopomofo, CJK compatibility
	{0x3400, 0x4DBF},   // CJK extension A
	{0x4E00, 0x9FFF},   // CJK unified ideographs
	{0xA000, 0xA4CF},   // Yi
	{0xAC00, 0xD7A3},   // Hangul syllables
	{0xF900, 0xFAFF},   // CJK compatibility ideographs
	{0xFE30, 0xFE4F},   // CJK compatibility forms
	{0xFF00, 0xFF60},   // fullwidth forms
	{0xFFE0, 0xFFE6},   // fullwidth signs
	{0x1F300, 0x1F64F}, // pictographs, emoticons
	{0x1F900, 0x1F9FF}, // supplemental symbols and pictographs
	{0x20000, 0x3FFFD}, // CJK extensions B and later
}

// runeWidth is the number of columns r takes on a terminal.
func runeWidth(r rune) int {
	switch {
	case r < 0x300:
		return 1 // ASCII and Latin: the common case, no table lookup
	case unicode.In(r, unicode.Mn, unicode.Me, unicode.Cf):
		return 0
	}
	for _, w := range wideRanges {
		if r < w[0] {
			break
		}
		if r <= w[1] {
			return 2
		}
	}
	return 1
}

// textWidth is the number of columns s takes once made safe.
func textWidth(s string) int {
	// Each ASCII byte takes a column; tool outputs and names are mostly
	// ASCII, and decoding them a character at a time was a tenth of
	// drawing a log.
	i := asciiPrefix(s)
	n := i
	for _, r := range s[i:] {
		n += runeWidth(r)
	}
	return n
}

// asciiPrefix is the length of the ASCII run s starts with.
func asciiPrefix(s string) int {
	i := 0
	for i < len(s) && s[i] < utf8.RuneSelf {
		i++
	}
	return i
}

// printablePrefix is the length of the run of printable ASCII (space
// included) that s starts with: bytes appendSafe keeps as they are.
func printablePrefix(s string) int {
	i := 0
	for i < len(s) && s[i] >= 0x20 && s[i] < 0x7F {
		i++
	}
	return i
}

// isBidiControl reports the invisible characters that reorder text
// ("Trojan Source"): shown as code points so the reader sees them.
func isBidiControl(r rune) bool {
	return (r >= 0x202A && r <= 0x202E) || (r >= 0x2066 && r <= 0x2069) || r == 0x200E || r == 0x200F
}

// tabWidth is where tab stops fall in tool outputs.
const tabWidth = 8

// appendSafe appends s to dst with control characters made visible:
// caret notation for C0 and DEL (ESC is ^[), <U+XXXX> for C1 and bidi
// controls. Tabs become spaces up to the next tab stop, counting from
// column col; the new column is returned. Newlines are the caller's.
func appendSafe(dst []byte, s string, col int) ([]byte, int) {
	for i := 0; i < len(s); {
		if n := printablePrefix(s[i:]); n > 0 {
			dst = append(dst, s[i:i+n]...)
			col += n
			i += n
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		dst, col = appendSafeRune(dst, r, col)
		i += size
	}
	return dst, col
}

// appendSafeRune is appendSafe for one character.
func appendSafeRune(dst []byte, r rune, col int) ([]byte, int) {
	switch {
	case r == '\t':
		n := tabWidth - col%tabWidth
		dst = append(dst, "        "[:n]...)
		return dst, col + n
	case r < 0x20 || r == 0x7F:
		return append(dst, '^', byte(r)^0x40), col + 2
	case (r >= 0x80 && r < 0xA0) || isBidiControl(r):
		dst = append(dst, "<U+"...)
		dst = append(dst, hexRune(r)...)
		return append(dst, '>'), col + 8
	}
	return utf8.AppendRune(dst, r), col + runeWidth(r)
}

func hexRune(r rune) string {
	const digits = "0123456789ABCDEF"
	b := []byte{'0', '0', '0', '0'}
	for i := 3; i >= 0; i-- {
		b[i] = digits[r&0xF]
		r >>= 4
	}
	return string(b)
}

// safe returns s made safe for a terminal (see appendSafe).
func safe(s string) string {
	if printablePrefix(s) == len(s) {
		return s // plain ASCII: nothing to do, no copy
	}
	b, _ := appendSafe(nil, s, 0)
	return string(b)
}

// truncate cuts a safe string to at most width columns, ending it with
// ellipsis when something was cut.
func truncate(s string, width int, ellipsis string) string {
	if textWidth(s) <= width {
		return s
	}
	room := width - textWidth(ellipsis)
	n := 0
	for i, r := range s {
		w := runeWidth(r)
		if n+w > room {
			return s[:i] + ellipsis
		}
		n += w
	}
	return s
}

// cutWidth splits s after at most width columns (at least one character,
// so a line always moves on), reading no further: a megabyte line is cut
// in linear time.
func cutWidth(s string, width int) (head, rest string) {
	n := 0
	for i, r := range s {
		w := runeWidth(r)
		if n+w > width && i > 0 {
			return s[:i], s[i:]
		}
		n += w
	}
	return s, ""
}
