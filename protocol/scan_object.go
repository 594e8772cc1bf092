package protocol

import "bytes"

// smallObject is how many keys an object may have before duplicate keys
// are looked up in a map instead of by comparing with each earlier key.
const smallObject = 16

func (s *scanner) enter() bool {
	s.depth++
	if s.depth > MaxDepth {
		s.setErr(TooDeep(s.pos))
		if !s.lenient {
			s.err.Path = s.pathString()
		}
		return false
	}
	return true
}

// object scans an object starting at its '{'. With top set it collects the
// members into dst; nested objects are only checked.
func (s *scanner) object(dst []Member, top bool) []Member {
	if !s.enter() {
		return dst
	}
	dst = s.members(dst, top)
	s.depth--
	return dst
}

func (s *scanner) members(dst []Member, top bool) []Member {
	next, empty := Open(s.data, s.pos)
	s.pos = next
	if empty {
		return dst
	}
	level := len(s.keys)
	if !s.lenient {
		if level < cap(s.keys) {
			s.keys = s.keys[:level+1]
			s.keys[level] = s.keys[level][:0]
		} else {
			s.keys = append(s.keys, nil)
		}
		defer s.leave(level)
	}
	var many map[string]struct{}
	for {
		keyStart := s.pos
		if s.peek() != '"' {
			s.setErr(KeyError(s.data, keyStart))
			return dst
		}
		keyEnd, escaped, err := ScanString(s.data, keyStart)
		if err != nil {
			s.setErr(err)
			return dst
		}
		rawKey := s.data[keyStart+1 : keyEnd-1]
		key := rawKey
		if !s.lenient {
			if escaped {
				key = AppendUnescaped(make([]byte, 0, len(rawKey)), rawKey)
			}
			if s.duplicate(level, key, &many) {
				s.pos = keyStart
				s.fail(RuleDuplicateKey, "duplicate key in an object")
				s.path = append(s.path, PathStep{Key: key})
				s.err.Path = s.pathString()
				return dst
			}
		}
		valueStart := AfterKey(s.data, keyEnd)
		if valueStart < 0 {
			s.setErr(AfterKeyError(s.data, keyEnd))
			return dst
		}
		s.pos = valueStart
		var v Value
		if c := s.peek(); (c == '{' || c == '[') && !s.lenient {
			// Only containers can fail deeper down, so only they need
			// to know where they are.
			s.path = append(s.path, PathStep{Key: key})
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
		next, closed := AfterValue(s.data, s.pos, '}')
		if next < 0 {
			s.setErr(AfterValueError(s.data, s.pos, '}'))
			return dst
		}
		s.pos = next
		if closed {
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
	if !s.enter() {
		return
	}
	s.elements()
	s.depth--
}

func (s *scanner) elements() {
	next, empty := Open(s.data, s.pos)
	s.pos = next
	if empty {
		return
	}
	track := !s.lenient
	if track {
		s.path = append(s.path, PathStep{})
	}
	for index := 0; ; index++ {
		if track {
			s.path[len(s.path)-1].Index = index
		}
		s.value()
		if s.err != nil {
			return
		}
		next, closed := AfterValue(s.data, s.pos, ']')
		if next < 0 {
			s.setErr(AfterValueError(s.data, s.pos, ']'))
			return
		}
		s.pos = next
		if closed {
			if track {
				s.popPath()
			}
			return
		}
	}
}

// SkipValue checks the value that starts at d[i], inside depth levels of
// objects and arrays, as ParseObject checks a line, except that keys may
// repeat (decoders keep the last), and returns the index after it; on a
// problem, end is where it was found. It keeps no scratch space: nothing
// is allocated unless the value is wrong.
func SkipValue(d []byte, i, depth int) (end int, err *SyntaxError) {
	if i < len(d) && d[i] == '"' { // most values, and no scanner needed
		if end, _, err = ScanString(d, i); err != nil {
			end = err.Offset
		}
		return end, err
	}
	s := scanner{data: d, pos: i, depth: depth, lenient: true}
	s.value()
	return s.pos, s.err
}

func (s *scanner) pathString() string { return string(AppendPath([]byte{'$'}, s.path...)) }

func (s *scanner) popPath() { s.path = s.path[:len(s.path)-1] }

func (s *scanner) peek() byte {
	if s.pos < len(s.data) {
		return s.data[s.pos]
	}
	return 0
}
