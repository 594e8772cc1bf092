package protocol

import "strconv"

// PathStep is one step of a path into a line: a member's key (as decoded),
// or, when Key is nil, an array element's index.
type PathStep struct {
	Key   []byte
	Index int
}

// AppendPath appends steps to b, a path such as "$": .key, or ["key"] when
// the key is not a plain name, and [index]. Problems and redactions name
// the place they concern this way.
func AppendPath(b []byte, steps ...PathStep) []byte {
	for _, st := range steps {
		if st.Key == nil {
			b = append(b, '[')
			b = strconv.AppendInt(b, int64(st.Index), 10)
			b = append(b, ']')
			continue
		}
		b = appendPathKey(b, st.Key)
	}
	return b
}

// appendPathKey writes .key, or ["key"] when the key is not a plain name.
func appendPathKey(b, key []byte) []byte {
	plain := len(key) > 0
	for i, c := range key {
		if !(c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || i > 0 && c >= '0' && c <= '9') {
			plain = false
			break
		}
	}
	if plain {
		b = append(b, '.')
		return append(b, key...)
	}
	b = append(b, '[')
	b = strconv.AppendQuote(b, string(key))
	return append(b, ']')
}
