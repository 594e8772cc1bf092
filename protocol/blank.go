package protocol

// IsBlank reports whether a line is empty or only spaces and tabs: such
// lines are ignored, though they count for line numbers
// (docs/PROTOCOL.md section 1). Every reader of logs asks this of every
// line, so it stays small enough to be inlined.
func IsBlank(line []byte) bool {
	for _, c := range line {
		if c != ' ' && c != '\t' {
			return false
		}
	}
	return true
}
