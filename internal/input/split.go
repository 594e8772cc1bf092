package input

import "bytes"

// setLine is the one place where the bytes of a line become a Line: the
// Reader, the chunks of an ordered run (Splitter) and SplitLines find a
// line's end with bytes.IndexByte and leave the rest to it, so that line
// ends, a byte order mark and a last line without a newline are treated
// the same way by every command.

var bom = []byte{0xef, 0xbb, 0xbf}

// setLine fills l with one line's bytes split into text and line end;
// atStart says the line starts its input, where it loses a leading byte
// order mark.
func setLine(l *Line, line []byte, num int, newline, atStart bool) {
	text, lead := lineText(line, newline, atStart)
	l.Num, l.Text, l.EOL, l.BOM = num, text, line[lead+len(text):], lead > 0
}

// lineText returns the text of a line: its bytes without the line end
// (newline says whether there is a '\n'; a '\r' before it goes too), and
// without a byte order mark when the line starts its input; lead is the
// length of that mark, or 0. Small enough to be inlined into the loops
// that call it for every line: keep it so.
func lineText(line []byte, newline, atStart bool) (text []byte, lead int) {
	if atStart && bytes.HasPrefix(line, bom) {
		lead = len(bom)
	}
	n := len(line)
	if newline {
		n--
		if n > lead && line[n-1] == '\r' {
			n--
		}
	}
	return line[lead:n:n], lead
}

// SplitLines appends to dst the lines of block, a run of whole lines (the
// last may lack its newline), numbering them from first. Only a block that
// starts the input (first == 1) can start with a byte order mark.
func SplitLines(block []byte, first int, dst []Line) []Line {
	return appendLines(dst, block, first, first == 1)
}

// appendLines is SplitLines for a block that starts its input or not
// whatever its first number.
func appendLines(dst []Line, block []byte, num int, atStart bool) []Line {
	for len(block) > 0 {
		end, newline := len(block), false
		if i := bytes.IndexByte(block, '\n'); i >= 0 {
			end, newline = i+1, true
		}
		// Filled in place: appending a Line made apart copies it with
		// wide loads that stall on the narrow stores just made.
		dst = append(dst, Line{})
		setLine(&dst[len(dst)-1], block[:end:end], num, newline, atStart)
		block = block[end:]
		num++
		atStart = false
	}
	return dst
}
