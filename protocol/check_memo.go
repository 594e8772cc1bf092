package protocol

import "bytes"

// Streams of deltas repeat one shape line after line: the same version,
// type and run id, then a new piece of text as the last field. A line that
// starts with the exact bytes of the previous clean line up to that line's
// last value holds the same members with the same values apart from the
// last one, so checking that value and the closing brace gives what a full
// check would. check_memo_test.go compares both ways on pairs of lines.

// maxMemoPrefix bounds the bytes copied per remembered line: a delta event
// needs about a hundred, and a line whose last value comes later is not
// one of a stream of small events.
const maxMemoPrefix = 256

// lineMemo is the previous line, when it can stand for the next one.
type lineMemo struct {
	valid       bool
	fileVersion int
	prefix      []byte // the line up to its last member's value
	key         []byte // that member's key, for problem paths
	kind        fieldKind
	typeName    string
	info        eventInfo
	// Where info's slices start in the line, or -1 for nil ones: the next
	// line's info must point into that line, which outlives this memo.
	runID, id, status int
}

// checkLikePrevious checks line with the memo and reports whether it
// could; when it could not, nothing has been reported.
func (c *eventChecker) checkLikePrevious(line []byte, info *eventInfo, fileVersion int) bool {
	m := &c.memo
	n := len(m.prefix)
	if !m.valid || m.fileVersion != fileVersion || len(line) <= n || line[n] != '"' || !bytes.Equal(line[:n], m.prefix) {
		return false
	}
	end, escaped, err := ScanString(line, n)
	if err != nil {
		return false // the full check describes it
	}
	if i := SkipSpace(line, end); i >= len(line) || line[i] != '}' || SkipSpace(line, i+1) != len(line) {
		return false
	}
	c.long = span{n + 1, end - 1} // the bytes before are the memo's: short
	*info = m.info
	info.runID = sliceAt(line, m.runID, len(m.info.runID))
	info.id = sliceAt(line, m.id, len(m.info.id))
	info.status = sliceAt(line, m.status, len(m.info.status))
	c.typeName = m.typeName
	c.checkValue(&Value{Raw: line[n:end], Kind: KindString, Escaped: escaped}, m.kind, "$", m.key)
	return true
}

// remember keeps line as the memo when the next line may be checked with
// it: line had no problem, its last value is a string that only its own
// field's rule looks at, and info's slices all point into line.
func (c *eventChecker) remember(line []byte, info *eventInfo, clean bool, fileVersion int) {
	m := &c.memo
	m.valid = false
	if !clean || info.spec == nil || info.spec.checksAcrossFields() || len(c.members) == 0 {
		return
	}
	last := &c.members[len(c.members)-1]
	if last.Value.Kind != KindString || last.KeyEscaped || last.ValueStart > maxMemoPrefix {
		return
	}
	switch string(last.Key) {
	case FieldType, FieldSchemaVersion, FieldRunID, FieldID, FieldStatus, FieldBlock, FieldViolation:
		return // the run checks or the version checks read these
	}
	idx := fieldIndex(info.spec.fields, last.Key)
	if idx < 0 {
		return
	}
	var ok [3]bool
	m.runID, ok[0] = offsetIn(line, info.runID)
	m.id, ok[1] = offsetIn(line, info.id)
	m.status, ok[2] = offsetIn(line, info.status)
	if ok != [3]bool{true, true, true} {
		return
	}
	m.prefix = append(m.prefix[:0], line[:last.ValueStart]...)
	m.key = append(m.key[:0], last.Key...)
	m.kind = info.spec.fields[idx].kind
	m.typeName = c.typeName
	m.info = *info
	m.fileVersion = fileVersion
	m.valid = true
}

// offsetIn returns where s starts in line, -1 for a nil s; ok is false
// when s is not part of line (a decoded copy of an escaped string).
func offsetIn(line, s []byte) (off int, ok bool) {
	if s == nil {
		return -1, true
	}
	off = cap(line) - cap(s)
	if len(s) == 0 || off < 0 || off+len(s) > len(line) || &line[off] != &s[0] {
		return 0, false
	}
	return off, true
}

func sliceAt(line []byte, off, n int) []byte {
	if off < 0 {
		return nil
	}
	return line[off : off+n]
}
