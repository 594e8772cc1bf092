package filters

import (
	"bytes"

	"github.com/zsj-dev/zsj/protocol"
)

// topType checks that line is exactly one JSON value, without building it,
// and returns the first byte of the value ('{' for an object) and, for an
// object, the decoded text of its top-level "type" member when that is a
// string.
func topType(line []byte) (kind byte, typ []byte, err *SyntaxError) {
	kind, val, err := topMember(line, protocol.FieldType)
	if err == nil && len(val) > 0 && val[0] == '"' {
		typ = stringText(val, bytes.IndexByte(val, '\\') >= 0, nil)
	}
	return kind, typ, err
}

// topMember checks that line is exactly one JSON value, without building
// it, and returns the first byte of the value ('{' for an object) and, for
// an object, the bytes of its member key (nil when it has none). Of
// duplicate keys the last counts, as when decoding.
func topMember(line []byte, key string) (kind byte, val []byte, err *SyntaxError) {
	i := protocol.SkipSpace(line, 0)
	if i >= len(line) {
		return 0, nil, syntaxErr(i, "empty line")
	}
	kind = line[i]
	var end int
	var perr *protocol.SyntaxError
	if kind == '{' {
		val, end, perr = findMember(line, i, key, 0)
	} else {
		end, perr = protocol.SkipValue(line, i, 0)
	}
	if perr == nil {
		perr = protocol.EndOfLine(line, end)
	}
	return kind, val, syntaxError(perr)
}

// findMember checks the object that opens at d[i] and returns the bytes of
// its member key (the last of duplicates; nil when absent) and the index
// after the object.
func findMember(d []byte, i int, key string, depth int) (val []byte, end int, err *protocol.SyntaxError) {
	if depth >= maxDepth {
		return nil, i, protocol.TooDeep(i)
	}
	i, done := protocol.Open(d, i)
	for !done {
		keyEnd, escaped, err := protocol.ScanKey(d, i)
		if err != nil {
			return nil, keyEnd, err
		}
		wanted := keyEquals(d[i:keyEnd], escaped, key)
		start := protocol.AfterKey(d, keyEnd)
		if start < 0 {
			return nil, keyEnd, protocol.AfterKeyError(d, keyEnd)
		}
		if end, err = protocol.SkipValue(d, start, depth+1); err != nil {
			return nil, end, err
		}
		if wanted {
			val = d[start:end]
		}
		if i, done = protocol.AfterValue(d, end, '}'); i < 0 {
			return nil, end, protocol.AfterValueError(d, end, '}')
		}
	}
	return val, i, nil
}

// keyEquals compares a key as written (quotes included) with key.
func keyEquals(raw []byte, escaped bool, key string) bool {
	if !escaped {
		return string(raw[1:len(raw)-1]) == key
	}
	return string(protocol.AppendUnescaped(nil, raw[1:len(raw)-1])) == key
}

// stringText returns the decoded text of the string value raw (quotes
// included), reusing scratch when it must decode escapes.
func stringText(raw []byte, escaped bool, scratch []byte) []byte {
	inner := raw[1 : len(raw)-1]
	if !escaped {
		return inner
	}
	return protocol.AppendUnescaped(scratch[:0], inner)
}
