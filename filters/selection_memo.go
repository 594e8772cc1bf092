package filters

import (
	"bytes"

	"github.com/zsj-dev/zsj/protocol"
)

// lineSelector decides which lines the shortcut flags take. Streams of
// deltas repeat one prefix line after line (version, type, run id, then
// the key of the text), and a line that starts with the previous line's
// bytes up to its last value has the same fields before that value: when
// the last field is a string the selector does not look at, the answer is
// the previous line's, and only the new string and the closing brace are
// left to check. selection_memo_test.go compares it with a full scan.
type lineSelector struct {
	sel    *selector
	fields []field
	memo   selectionMemo
}

// maxMemoPrefix bounds the bytes copied per remembered line: a delta
// event needs about a hundred.
const maxMemoPrefix = 256

type selectionMemo struct {
	valid    bool
	prefix   []byte // the line up to its last field's value
	selected bool
}

func newLineSelector(s Selection) *lineSelector {
	return &lineSelector{sel: newSelector(s)}
}

// selects reports whether the selection takes line; err when the line is
// not one well-formed object.
func (ls *lineSelector) selects(line []byte) (bool, *SyntaxError) {
	if selected, ok := ls.likePrevious(line); ok {
		return selected, nil
	}
	fs, err := scanFields(line, ls.fields[:0])
	ls.fields = fs
	if err != nil {
		ls.memo.valid = false
		return false, err
	}
	selected := ls.sel.match(fs)
	ls.remember(line, fs, selected)
	return selected, nil
}

// likePrevious answers for line from the memo when it can (ok).
func (ls *lineSelector) likePrevious(line []byte) (selected, ok bool) {
	m := &ls.memo
	n := len(m.prefix)
	if !m.valid || len(line) <= n || line[n] != '"' || !bytes.Equal(line[:n], m.prefix) {
		return false, false
	}
	end := protocol.QuickStringEnd(line, n)
	if end < 0 {
		return false, false
	}
	i := protocol.SkipSpace(line, end)
	if i >= len(line) || line[i] != '}' || protocol.EndOfLine(line, i+1) != nil {
		return false, false
	}
	return m.selected, true
}

// remember keeps line as the memo when the next line's answer may be read
// from it: its last field is a string under a key no selector reads. The
// calls --tool remembers come from fields before it too, and remembering
// a call twice changes nothing, so a line like the one before it gets the
// same answer under --tool as well.
func (ls *lineSelector) remember(line []byte, fs []field, selected bool) {
	m := &ls.memo
	m.valid = false
	if len(fs) == 0 {
		return
	}
	last := &fs[len(fs)-1]
	var ev event
	if last.val[0] != '"' || hasBackslash(last.key) || ev.set(last.key, last) {
		return
	}
	start := cap(line) - cap(last.val) // last.val is line[start:end]
	if start > maxMemoPrefix {
		return
	}
	m.prefix = append(m.prefix[:0], line[:start]...)
	m.selected, m.valid = selected, true
}
