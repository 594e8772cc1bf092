package filters

import (
	"bytes"
	"strconv"
)

// field is a top-level member of an event as the structural scan sees it:
// raw bytes, nothing decoded.
type field struct {
	key []byte // between the quotes, escapes not decoded
	val []byte // the value's bytes, quotes included for a string
}

// textOrNil returns the decoded text of a string value (a slice of the
// line when it has no escapes), and nil for any other kind of value or a
// missing field (f nil).
func (f *field) textOrNil() []byte {
	if f == nil || len(f.val) < 2 || f.val[0] != '"' {
		return nil
	}
	return stringText(f.val, hasBackslash(f.val), nil)
}

// hasBackslash is bytes.IndexByte(b, '\\') >= 0 without the call into the
// vectorised search for the short keys and values selectors look at.
func hasBackslash(b []byte) bool {
	if len(b) > 32 {
		return bytes.IndexByte(b, '\\') >= 0
	}
	for _, c := range b {
		if c == '\\' {
			return true
		}
	}
	return false
}

// scanFields finds the top-level members of line by its structure only:
// it checks that the line is one object whose strings, objects and arrays
// are closed, and skips strings by looking for their closing quote. It does
// not check escapes, UTF-8 or number syntax. That is what makes shortcuts
// run at the speed of reading: a tool output of a megabyte is one search
// for a quote.
func scanFields(line []byte, dst []field) ([]field, *SyntaxError) {
	i := skipSpace(line, 0)
	if i >= len(line) || line[i] != '{' {
		if i >= len(line) {
			return dst, syntaxErr(i, "empty line")
		}
		return dst, syntaxErr(i, "the line is not a JSON object")
	}
	i = skipSpace(line, i+1)
	if i < len(line) && line[i] == '}' {
		return dst, endOfLine(line, i+1)
	}
	for {
		if i >= len(line) || line[i] != '"' {
			return dst, unexpected(line, i, "an object (a key must be a string)")
		}
		end, ok := quickString(line, i)
		if !ok {
			return dst, syntaxErr(len(line), "the line ends inside a string")
		}
		key := line[i+1 : end-1]
		if i = skipSpace(line, end); i >= len(line) || line[i] != ':' {
			return dst, unexpected(line, i, "an object (':' must follow a key)")
		}
		start := skipSpace(line, i+1)
		end, err := quickValue(line, start)
		if err != nil {
			return dst, err
		}
		// Set in place: appending a composite literal builds it on the
		// stack and copies it with wide loads that stall on the narrow
		// stores just made, a sixth of this loop's time.
		dst = append(dst, field{})
		f := &dst[len(dst)-1]
		f.key, f.val = key, line[start:end]
		next, closed, err := afterValue(line, end, '}')
		switch {
		case err != nil:
			return dst, err
		case closed:
			return dst, endOfLine(line, next)
		}
		i = next
	}
}

// quickString returns the index after the closing quote of the string
// that opens at d[i]: the first quote not escaped by an odd run of
// backslashes.
func quickString(d []byte, i int) (int, bool) {
	from := i + 1
	for {
		j := bytes.IndexByte(d[from:], '"')
		if j < 0 {
			return len(d), false
		}
		q := from + j
		k := q
		for k > i+1 && d[k-1] == '\\' {
			k--
		}
		if (q-k)%2 == 0 {
			return q + 1, true
		}
		from = q + 1
	}
}

// quickValue returns the end of the value at d[i]: a string, a nested
// object or array (brackets balanced, strings skipped), or a scalar (up to
// the next delimiter).
func quickValue(d []byte, i int) (int, *SyntaxError) {
	if i >= len(d) {
		return i, unexpected(d, i, "a value")
	}
	switch d[i] {
	case '"':
		end, ok := quickString(d, i)
		if !ok {
			return end, syntaxErr(len(d), "the line ends inside a string")
		}
		return end, nil
	case '{', '[':
		return quickNested(d, i)
	}
	j := i
	for j < len(d) {
		c := d[j]
		if c == ',' || c == '}' || c == ']' || c == ' ' || c == '\t' || c == '\r' || c == '\n' {
			break
		}
		j++
	}
	if j == i {
		return i, unexpected(d, i, "a value")
	}
	return j, nil
}

func quickNested(d []byte, i int) (int, *SyntaxError) {
	var stack [64]byte // closing brackets expected; deeper nests spill over
	closers := stack[:0]
	for i < len(d) {
		switch c := d[i]; c {
		case '"':
			end, ok := quickString(d, i)
			if !ok {
				return end, syntaxErr(len(d), "the line ends inside a string")
			}
			i = end
			continue
		case '{', '[':
			if len(closers) >= maxDepth {
				return i, tooDeep(i)
			}
			closers = append(closers, c+2) // '{'+2 == '}', '['+2 == ']'
		case '}', ']':
			if len(closers) == 0 || closers[len(closers)-1] != c {
				return i, syntaxErr(i, "unbalanced '"+string(rune(c))+"'")
			}
			closers = closers[:len(closers)-1]
			if len(closers) == 0 {
				return i + 1, nil
			}
		}
		i++
	}
	return i, syntaxErr(i, "the line ends inside "+strconv.Itoa(len(closers))+" open objects or arrays")
}
