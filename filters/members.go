package filters

import "bytes"

// topType checks that line is exactly one JSON value, without building it,
// and returns the first byte of the value ('{' for an object) and, for an
// object, the decoded text of its top-level "type" member when that is a
// string.
func topType(line []byte) (kind byte, typ []byte, err *SyntaxError) {
	kind, val, err := topMember(line, "type")
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
	i := skipSpace(line, 0)
	if i >= len(line) {
		return 0, nil, syntaxErr(i, "empty line")
	}
	kind = line[i]
	end := i
	if kind == '{' {
		val, end, err = findMember(line, i, key, 0)
	} else {
		end, err = skipValue(line, i, 0)
	}
	if err == nil {
		err = endOfLine(line, end)
	}
	return kind, val, err
}

// findMember checks the object that opens at d[i] and returns the bytes of
// its member key (the last of duplicates; nil when absent) and the index
// after the object.
func findMember(d []byte, i int, key string, depth int) (val []byte, end int, err *SyntaxError) {
	if depth >= maxDepth {
		return nil, i, tooDeep(i)
	}
	i = skipSpace(d, i+1)
	if i < len(d) && d[i] == '}' {
		return nil, i + 1, nil
	}
	for {
		if i >= len(d) || d[i] != '"' {
			return nil, i, unexpected(d, i, "an object (a key must be a string)")
		}
		end, escaped, err := scanString(d, i)
		if err != nil {
			return nil, end, err
		}
		wanted := keyEquals(d[i:end], escaped, key)
		if i = skipSpace(d, end); i >= len(d) || d[i] != ':' {
			return nil, i, unexpected(d, i, "an object (':' must follow a key)")
		}
		start := skipSpace(d, i+1)
		if end, err = skipValue(d, start, depth+1); err != nil {
			return nil, end, err
		}
		if wanted {
			val = d[start:end]
		}
		var closed bool
		if i, closed, err = afterValue(d, end, '}'); err != nil {
			return nil, i, err
		} else if closed {
			return val, i, nil
		}
	}
}

// keyEquals compares a key as written (quotes included) with key.
func keyEquals(raw []byte, escaped bool, key string) bool {
	if !escaped {
		return string(raw[1:len(raw)-1]) == key
	}
	return string(unescape(raw[1:len(raw)-1], nil)) == key
}
