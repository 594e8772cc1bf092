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
// order mark. It is small enough to be inlined into the loops that call it
// for every line: keep it so.
func setLine(l *Line, line []byte, num int, newline, atStart bool) {
	l.Num, l.BOM = num, atStart && bytes.HasPrefix(line, bom)
	if l.BOM {
		line = line[len(bom):]
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
