package protocol

import (
	"bytes"
	"strconv"
)

// Reading by structure only: the functions below find where strings,
// values and members end without checking escapes, UTF-8 or number and
// literal syntax. A string is skipped by looking for its closing quote, so
// a tool output of a megabyte is one vectorised search. They serve code
// that needs a few fields of many lines (filters' shortcut flags, usage's
// line heads) or that walks lines already checked (redact).

// QuickStringEnd returns the index after the closing quote of the string
// that opens at d[i] (the first quote not escaped by an odd run of
// backslashes), or -1 when the string does not end.
func QuickStringEnd(d []byte, i int) int {
	for j := i + 1; ; {
		k := bytes.IndexByte(d[j:], '"')
		if k < 0 {
			return -1
		}
		q := j + k
		if !EscapedAt(d, q) { // the opening quote ends any run of backslashes
			return q + 1
		}
		j = q + 1
	}
}

// EscapedAt reports whether the byte at b[i] is escaped: an odd run of
// backslashes ends b[:i].
func EscapedAt(b []byte, i int) bool {
	j := i
	for j > 0 && b[j-1] == '\\' {
		j--
	}
	return (i-j)&1 == 1
}

// QuickValueEnd returns the index after the value at d[i]: a string, an
// object or array (brackets balanced, strings skipped, at most MaxDepth
// deep), or a scalar (up to the next delimiter).
func QuickValueEnd(d []byte, i int) (int, *SyntaxError) {
	if i >= len(d) {
		return i, Unexpected(d, i, "a value")
	}
	switch d[i] {
	case '"':
		if end := QuickStringEnd(d, i); end >= 0 {
			return end, nil
		}
		return len(d), stringCut(d)
	case '{', '[':
		return quickNested(d, i)
	}
	j := i
	for j < len(d) && !delimiter[d[j]] {
		j++
	}
	if j == i {
		return i, Unexpected(d, i, "a value")
	}
	return j, nil
}

// delimiter marks the bytes that end a number or a literal.
var delimiter = [256]bool{',': true, '}': true, ']': true, ' ': true, '\t': true, '\r': true, '\n': true}

// stringCut is the error for a line that ends inside a string.
func stringCut(d []byte) *SyntaxError { return Unexpected(d, len(d), "a string") }

func quickNested(d []byte, i int) (int, *SyntaxError) {
	var stack [64]byte // closing brackets expected; deeper nests spill over
	closers := stack[:0]
	for i < len(d) {
		switch c := d[i]; c {
		case '"':
			if i = QuickStringEnd(d, i); i < 0 {
				return len(d), stringCut(d)
			}
			continue
		case '{', '[':
			if len(closers) >= MaxDepth {
				return i, TooDeep(i)
			}
			closers = append(closers, c+2) // '{'+2 == '}', '['+2 == ']'
		case '}', ']':
			if len(closers) == 0 || closers[len(closers)-1] != c {
				return i, &SyntaxError{Offset: i, Rule: RuleInvalidJSON, Msg: "unbalanced '" + string(rune(c)) + "'"}
			}
			closers = closers[:len(closers)-1]
			if len(closers) == 0 {
				return i + 1, nil
			}
		}
		i++
	}
	return i, &SyntaxError{Offset: i, Rule: RuleInvalidJSON, EOF: true,
		Msg: "the line ends inside " + strconv.Itoa(len(closers)) + " open objects or arrays"}
}

// RawMember is a member of an object as reading by structure finds it.
type RawMember struct {
	Key        []byte // between the quotes, escapes not decoded
	Value      []byte // the value's bytes, quotes included for a string
	ValueStart int    // offset of the value in the text read
}

// QuickMember reads by structure the member whose key opens at d[i] and
// what follows it: next is where the next member's key starts, or, when
// the member is the object's last (closed), the index after the '}'.
func QuickMember(d []byte, i int) (m RawMember, next int, closed bool, err *SyntaxError) {
	if i >= len(d) || d[i] != '"' {
		return m, i, false, KeyError(d, i)
	}
	keyEnd := QuickStringEnd(d, i)
	if keyEnd < 0 {
		return m, len(d), false, stringCut(d)
	}
	start := AfterKey(d, keyEnd)
	if start < 0 {
		return m, keyEnd, false, AfterKeyError(d, keyEnd)
	}
	end, err := QuickValueEnd(d, start)
	if err != nil {
		return m, end, false, err
	}
	m.Key, m.Value, m.ValueStart = d[i+1:keyEnd-1], d[start:end], start
	if next, closed = AfterValue(d, end, '}'); next < 0 {
		return m, end, false, AfterValueError(d, end, '}')
	}
	return m, next, closed, nil
}
