package protocol

import "sync"

// ValueKind is the JSON kind of a value.
type ValueKind uint8

// The JSON kinds.
const (
	KindInvalid ValueKind = iota
	KindString
	KindNumber
	KindObject
	KindArray
	KindTrue
	KindFalse
	KindNull
)

var kindNames = [...]string{"invalid", "string", "number", "object", "array", "boolean", "boolean", "null"}

func (k ValueKind) String() string { return kindNames[k] }

// Value is a JSON value as it stands in a line: its bytes are not copied or
// decoded until someone asks.
type Value struct {
	Raw     []byte // the value's bytes, quotes included for strings
	Kind    ValueKind
	Escaped bool // a string that holds at least one backslash escape
}

// Member is one key/value pair of an object.
type Member struct {
	Key        []byte // the key's bytes between its quotes, escapes not decoded
	KeyEscaped bool
	KeyOffset  int // offset of the key's opening quote in the scanned text
	Value      Value
	ValueStart int // offset of the value in the scanned text
}

// SyntaxError says why a line is not a single well-formed JSON object.
type SyntaxError struct {
	Offset int    // byte offset in the line where the problem was found
	Rule   string // invalid-json, not-object, trailing-data, invalid-utf8, too-deep or duplicate-key
	Msg    string
	Path   string // for duplicate-key and too-deep: where in the value
	// EOF is true when the line ended in the middle of a value: on the
	// last line of a file that means the file was cut short.
	EOF bool
}

func (e *SyntaxError) Error() string { return e.Msg }

// scanner validates JSON text in one pass. It keeps the key lists of the
// objects it is inside, to find duplicate keys without building maps.
type scanner struct {
	data  []byte
	pos   int
	depth int
	err   *SyntaxError
	path  []PathStep // where the scanner is, for error paths
	keys  [][][]byte // per open object: the keys seen so far (decoded)

	// lenient lets keys repeat and keeps no path (SkipValue): no scratch
	// space is needed.
	lenient bool

	// long is the longest string value scanned since parse began, for
	// LineShape.
	long span
}

// span is where the text of a string (between its quotes) lies in a line.
type span struct{ start, end int }

// ParseObject checks that line is exactly one JSON object (whitespace around
// it allowed) with valid UTF-8 strings, no duplicate keys at any depth and
// no nesting deeper than MaxDepth, and returns its top-level members,
// appended to dst so callers can reuse one slice across lines.
//
// Callers in a loop should keep a Parser instead, which reuses its scratch
// space without going through a pool.
func ParseObject(line []byte, dst []Member) ([]Member, *SyntaxError) {
	s := scannerPool.Get().(*scanner)
	members, err := s.parse(line, dst)
	s.data = nil // do not keep the line alive
	scannerPool.Put(s)
	return members, err
}

var scannerPool = sync.Pool{New: func() any { return new(scanner) }}

// MembersOf returns the top-level members of a line that a LineChecker
// found to be one JSON object (Checked.Object), appended to dst. It
// leaves out the checks that finding made (duplicate keys at every
// depth, and the paths problems are reported at), which were as much
// work as the rest of a parse of a small event. On a line not so
// checked it may take what ParseObject refuses, and stops at the first
// byte that is not JSON.
func MembersOf(line []byte, dst []Member) []Member {
	s := scanner{data: line, lenient: true}
	members, _ := s.parseTop(dst)
	return members
}

// MembersReader is MembersOf for one goroutine reading a stream of
// lines: like a Parser, it reads a line that repeats the shape of the
// last one but for its last string without scanning it all again. Every
// line it is given must have been found to be one JSON object.
type MembersReader struct{ memo parseMemo }

// Members is MembersOf(line, dst).
func (r *MembersReader) Members(line []byte, dst []Member) []Member {
	if members, ok := r.memo.likePrevious(line, dst); ok {
		return members
	}
	members := MembersOf(line, dst)
	r.memo.remember(line, members[len(dst):])
	return members
}

// Parsed remembers line, whose members a LineChecker read (see
// LineChecker.Members), as Members would have.
func (r *MembersReader) Parsed(line []byte, members []Member) {
	r.memo.remember(line, members)
}

// LastValue returns the value of the last member of line, a string, when
// line repeats the shape of the last line Members read but for that
// string: its other members are the same as that line's. It copies no
// members out.
func (r *MembersReader) LastValue(line []byte) (Value, bool) {
	return r.memo.lastValue(line)
}

// Parser is ParseObject with scratch space of its own, for one goroutine.
// It remembers the shape of the last line it accepted, and parses a line
// that repeats it but for the last string value without reading it all
// again (parse_memo.go).
type Parser struct {
	s        scanner
	memo     parseMemo
	scratch  []Member // Check's
	repeated bool     // the last line accepted was read with the memo
}

// Parse is ParseObject.
func (p *Parser) Parse(line []byte, dst []Member) ([]Member, *SyntaxError) {
	if members, ok := p.memo.likePrevious(line, dst); ok {
		p.repeated = true
		return members, nil
	}
	return p.parseAll(line, dst)
}

// parseAll parses line with the scanner, and remembers it.
func (p *Parser) parseAll(line []byte, dst []Member) ([]Member, *SyntaxError) {
	members, err := p.s.parse(line, dst)
	p.s.data = nil // do not keep the line alive
	if err == nil {
		p.memo.remember(line, members[len(dst):])
		p.repeated = false
	}
	return members, err
}

// Check is Parse for a caller that needs to know only whether line is
// valid: a line shaped like the last one is checked without copying its
// members out (on a log of small deltas, a tenth of zsj redact's time).
func (p *Parser) Check(line []byte) *SyntaxError {
	if _, _, ok := p.memo.lastString(line); ok {
		p.repeated = true
		return nil
	}
	var err *SyntaxError
	p.scratch, err = p.parseAll(line, p.scratch[:0])
	clear(p.scratch) // do not keep the line alive
	return err
}

// LastString says where the last line accepted has its last value,
// a string (its opening quote), when the next line may repeat its shape:
// start is -1 otherwise. repeated is set when that line repeated the
// shape of the one before, byte for byte up to start: what the caller
// learned of those bytes then holds for this line too.
func (p *Parser) LastString() (start int, repeated bool) {
	if !p.memo.valid {
		return -1, false
	}
	return len(p.memo.prefix), p.repeated
}

// parse is ParseObject on a scanner that keeps its scratch space from one
// line to the next, so the hot path does not allocate.
func (s *scanner) parse(line []byte, dst []Member) ([]Member, *SyntaxError) {
	s.data, s.pos, s.depth, s.err = line, 0, 0, nil
	s.path, s.keys, s.long = s.path[:0], s.keys[:0], span{}
	return s.parseTop(dst)
}

func (s *scanner) parseTop(dst []Member) ([]Member, *SyntaxError) {
	s.skipSpace()
	if s.pos >= len(s.data) {
		return dst, s.fail(RuleInvalidJSON, "empty line")
	}
	if s.data[s.pos] != '{' {
		start := s.pos
		s.value()
		if s.err != nil {
			return dst, s.err
		}
		_ = start
		return dst, s.fail(RuleNotObject, "the line is a JSON "+kindOf(s.data[start])+", not an object")
	}
	dst = s.object(dst, true)
	if s.err != nil {
		return dst, s.err
	}
	if err := EndOfLine(s.data, s.pos); err != nil {
		s.setErr(err)
	}
	return dst, s.err
}

func kindOf(c byte) string {
	switch c {
	case '[':
		return "array"
	case '"':
		return "string"
	case 't', 'f':
		return "boolean"
	case 'n':
		return "null"
	}
	return "number"
}

// setErr records err, the first problem of the line, and moves to where
// it was found.
func (s *scanner) setErr(err *SyntaxError) {
	s.pos = err.Offset
	if s.err == nil {
		s.err = err
	}
}

func (s *scanner) fail(rule, msg string) *SyntaxError {
	s.setErr(&SyntaxError{Offset: s.pos, Rule: rule, Msg: msg})
	return s.err
}

func (s *scanner) unexpected(what string) { s.setErr(Unexpected(s.data, s.pos, what)) }

func (s *scanner) skipSpace() { s.pos = SkipSpace(s.data, s.pos) }

// value scans any JSON value starting at s.pos.
func (s *scanner) value() Value {
	if s.pos >= len(s.data) {
		s.unexpected("a value")
		return Value{}
	}
	start := s.pos
	switch c := s.data[s.pos]; c {
	case '"':
		end, escaped, err := ScanString(s.data, start)
		if err != nil {
			s.setErr(err)
			return Value{}
		}
		s.pos = end
		if end-start-2 > s.long.end-s.long.start {
			s.long = span{start + 1, end - 1}
		}
		return Value{Raw: s.data[start:end], Kind: KindString, Escaped: escaped}
	case '{':
		s.object(nil, false)
		return Value{Raw: s.data[start:s.pos], Kind: KindObject}
	case '[':
		s.array()
		return Value{Raw: s.data[start:s.pos], Kind: KindArray}
	case 't', 'f', 'n':
		end, err := ScanLiteral(s.data, start)
		if err != nil {
			s.setErr(err)
			return Value{}
		}
		s.pos = end
		return Value{Raw: s.data[start:end], Kind: literalKinds[c]}
	default:
		if c == '-' || (c >= '0' && c <= '9') {
			end, ok := numberEnd(s.data, start)
			if !ok {
				s.setErr(Unexpected(s.data, end, "a number"))
				return Value{}
			}
			s.pos = end
			return Value{Raw: s.data[start:end], Kind: KindNumber}
		}
		s.unexpected("a value")
		return Value{}
	}
}

var literalKinds = [256]ValueKind{'t': KindTrue, 'f': KindFalse, 'n': KindNull}
