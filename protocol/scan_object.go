package protocol

import (
	"bytes"
	"strconv"
)

// smallObject is how many keys an object may have before duplicate keys
// are looked up in a map instead of by comparing with each earlier key.
const smallObject = 16

func (s *scanner) enter(open string) bool {
	s.depth++
	if s.depth > MaxDepth {
		s.fail(RuleTooDeep, "objects and arrays nest deeper than "+strconv.Itoa(MaxDepth)+" levels")
		s.err.Path = s.pathString()
		return false
	}
	return true
}

// object scans an object starting at its '{'. With top set it collects the
// members into dst; nested objects are only checked.
func (s *scanner) object(dst []Member, top bool) []Member {
	if !s.enter("object") {
		return dst
	}
	dst = s.members(dst, top)
	s.depth--
	return dst
}

func (s *scanner) members(dst []Member, top bool) []Member {
	s.pos++ // '{'
	level := len(s.keys)
	if level < cap(s.keys) {
		s.keys = s.keys[:level+1]
		s.keys[level] = s.keys[level][:0]
	} else {
		s.keys = append(s.keys, nil)
	}
	defer s.leave(level)
	var many map[string]struct{}

	s.skipSpace()
	if s.pos < len(s.data) && s.data[s.pos] == '}' {
		s.pos++
		return dst
	}
	for {
		s.skipSpace()
		if s.pos >= len(s.data) || s.data[s.pos] != '"' {
			s.unexpected("an object (a key must be a string)")
			return dst
		}
		keyStart := s.pos
		escaped := s.str()
		if s.err != nil {
			return dst
		}
		rawKey := s.data[keyStart+1 : s.pos-1]
		key := rawKey
		if escaped {
			key = decodeString(rawKey)
		}
		if s.duplicate(level, key, &many) {
			s.pos = keyStart
			s.fail(RuleDuplicateKey, "duplicate key in an object")
			s.path = append(s.path, pathSeg{key: key})
			s.err.Path = s.pathString()
			return dst
		}
		s.skipSpace()
		if s.pos >= len(s.data) || s.data[s.pos] != ':' {
			s.unexpected("an object (':' must follow a key)")
			return dst
		}
		s.pos++
		s.skipSpace()
		valueStart := s.pos
		var v Value
		if c := s.peek(); c == '{' || c == '[' {
			// Only containers can fail deeper down, so only they need
			// to know where they are.
			s.path = append(s.path, pathSeg{key: key})
			v = s.value()
			s.path = s.path[:len(s.path)-1]
		} else {
			v = s.value()
		}
		if s.err != nil {
			return dst
		}
		if top {
			// Set in place: appending a composite literal builds it on
			// the stack and copies it with wide loads that stall on the
			// narrow stores just made.
			dst = append(dst, Member{})
			m := &dst[len(dst)-1]
			m.Key, m.KeyEscaped, m.KeyOffset, m.Value, m.ValueStart = rawKey, escaped, keyStart, v, valueStart
		}
		s.skipSpace()
		if s.pos >= len(s.data) {
			s.failEOF("an object")
			return dst
		}
		switch s.data[s.pos] {
		case ',':
			s.pos++
		case '}':
			s.pos++
			return dst
		default:
			s.unexpected("an object (',' or '}' must follow a value)")
			return dst
		}
	}
}

func (s *scanner) leave(level int) { s.keys = s.keys[:level] }

// duplicate records key in the object at level and reports whether it was
// already there. Small objects compare keys directly; large ones switch to
// a map so a huge args object stays linear.
func (s *scanner) duplicate(level int, key []byte, many *map[string]struct{}) bool {
	if *many != nil {
		if _, ok := (*many)[string(key)]; ok {
			return true
		}
		(*many)[string(key)] = struct{}{}
		return false
	}
	seen := s.keys[level]
	for _, k := range seen {
		if bytes.Equal(k, key) {
			return true
		}
	}
	if len(seen) == smallObject {
		*many = make(map[string]struct{}, 2*smallObject)
		for _, k := range seen {
			(*many)[string(k)] = struct{}{}
		}
		(*many)[string(key)] = struct{}{}
		return false
	}
	s.keys[level] = append(seen, key)
	return false
}

func (s *scanner) array() {
	if !s.enter("array") {
		return
	}
	s.elements()
	s.depth--
}

func (s *scanner) elements() {
	s.pos++ // '['
	s.skipSpace()
	if s.pos < len(s.data) && s.data[s.pos] == ']' {
		s.pos++
		return
	}
	s.path = append(s.path, pathSeg{})
	defer s.popPath()
	for index := 0; ; index++ {
		s.path[len(s.path)-1].index = index
		s.skipSpace()
		s.value()
		if s.err != nil {
			return
		}
		s.skipSpace()
		if s.pos >= len(s.data) {
			s.failEOF("an array")
			return
		}
		switch s.data[s.pos] {
		case ',':
			s.pos++
		case ']':
			s.pos++
			return
		default:
			s.unexpected("an array (',' or ']' must follow a value)")
			return
		}
	}
}

func (s *scanner) pathString() string {
	var b []byte
	b = append(b, '$')
	for _, seg := range s.path {
		if seg.key == nil {
			b = append(b, '[')
			b = strconv.AppendInt(b, int64(seg.index), 10)
			b = append(b, ']')
			continue
		}
		b = appendPathKey(b, seg.key)
	}
	return string(b)
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

func (s *scanner) popPath() { s.path = s.path[:len(s.path)-1] }

func (s *scanner) peek() byte {
	if s.pos < len(s.data) {
		return s.data[s.pos]
	}
	return 0
}
