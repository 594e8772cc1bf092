package input

import "bytes"

// This file is the one place where bytes become lines: the Reader, the
// chunks of an ordered run and SplitLines all cut lines here, so that line
// ends, a byte order mark and a last line without a newline are treated
// the same way by every command.

var bom = []byte{0xef, 0xbb, 0xbf}

// cutLine splits the first line off data: the line with its line end,
// whether that end is a '\n' (not so for a last line without one), and the
// rest.
func cutLine(data []byte) (line, rest []byte, newline bool) {
	if i := bytes.IndexByte(data, '\n'); i >= 0 {
		return data[: i+1 : i+1], data[i+1:], true
	}
	return data, nil, false
}

// setLine fills l with one line's bytes split into text and line end;
// atStart says the line starts its input, where it loses a leading byte
// order mark.
func setLine(l *Line, line []byte, num int, newline, atStart bool) {
	l.Num, l.BOM = num, false
	if atStart && bytes.HasPrefix(line, bom) {
		line, l.BOM = line[len(bom):], true
	}
	n := len(line)
	if newline {
		n--
		if n > 0 && line[n-1] == '\r' {
			n--
		}
	}
	l.Text, l.EOL = line[:n:n], line[n:]
}

// SplitLines appends to dst the lines of block, a run of whole lines (the
// last may lack its newline), numbering them from first. Only a block that
// starts the input (first == 1) can start with a byte order mark.
func SplitLines(block []byte, first int, dst []Line) []Line {
	num := first
	for len(block) > 0 {
		line, rest, newline := cutLine(block)
		// Filled in place: appending a Line made apart copies it with wide loads that stall on the narrow stores just made.
		dst = append(dst, Line{})
		setLine(&dst[len(dst)-1], line, num, newline, num == 1)
		block = rest
		num++
	}
	return dst
}
