package protocol

import (
	"bytes"
	"encoding/binary"
	"math/bits"
	"sync"
	"unicode/utf8"
)

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
	path  []pathSeg  // where the scanner is, for error paths
	keys  [][][]byte // per open object: the keys seen so far (decoded)
}

type pathSeg struct {
	key   []byte // nil for an array element
	index int
}

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

// Parser is ParseObject with scratch space of its own, for one goroutine.
type Parser struct{ s scanner }

// Parse is ParseObject.
func (p *Parser) Parse(line []byte, dst []Member) ([]Member, *SyntaxError) {
	return p.s.parse(line, dst)
}

// parse is ParseObject on a scanner that keeps its scratch space from one
// line to the next, so the hot path does not allocate.
func (s *scanner) parse(line []byte, dst []Member) ([]Member, *SyntaxError) {
	s.data, s.pos, s.depth, s.err = line, 0, 0, nil
	s.path, s.keys = s.path[:0], s.keys[:0]
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
	s.skipSpace()
	if s.pos < len(s.data) {
		return dst, s.fail(RuleTrailingData, "more than one JSON value on the line")
	}
	return dst, nil
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

func (s *scanner) fail(rule, msg string) *SyntaxError {
	if s.err == nil {
		s.err = &SyntaxError{Offset: s.pos, Rule: rule, Msg: msg}
	}
	return s.err
}

// failEOF records that the text ended where a value had to go on.
func (s *scanner) failEOF(what string) {
	if s.err == nil {
		s.err = &SyntaxError{Offset: len(s.data), Rule: RuleInvalidJSON, Msg: "the line ends inside " + what, EOF: true}
	}
}

func (s *scanner) unexpected(what string) {
	if s.pos >= len(s.data) {
		s.failEOF(what)
		return
	}
	c := s.data[s.pos]
	var desc string
	switch {
	case c == 0:
		desc = "a NUL byte"
	case c < 0x20 || c >= 0x7f:
		desc = "byte 0x" + hex2(c)
	default:
		desc = "'" + string(c) + "'"
	}
	s.fail(RuleInvalidJSON, "unexpected "+desc+" in "+what)
}

func hex2(c byte) string {
	const digits = "0123456789abcdef"
	return string([]byte{digits[c>>4], digits[c&15]})
}

func (s *scanner) skipSpace() {
	for s.pos < len(s.data) {
		switch s.data[s.pos] {
		case ' ', '\t', '\r', '\n':
			s.pos++
		default:
			return
		}
	}
}

// value scans any JSON value starting at s.pos.
func (s *scanner) value() Value {
	if s.pos >= len(s.data) {
		s.failEOF("a value")
		return Value{}
	}
	start := s.pos
	switch c := s.data[s.pos]; c {
	case '"':
		escaped := s.str()
		return Value{Raw: s.data[start:s.pos], Kind: KindString, Escaped: escaped}
	case '{':
		s.object(nil, false)
		return Value{Raw: s.data[start:s.pos], Kind: KindObject}
	case '[':
		s.array()
		return Value{Raw: s.data[start:s.pos], Kind: KindArray}
	case 't':
		s.literal("true")
		return Value{Raw: s.data[start:s.pos], Kind: KindTrue}
	case 'f':
		s.literal("false")
		return Value{Raw: s.data[start:s.pos], Kind: KindFalse}
	case 'n':
		s.literal("null")
		return Value{Raw: s.data[start:s.pos], Kind: KindNull}
	default:
		if c == '-' || (c >= '0' && c <= '9') {
			s.number()
			return Value{Raw: s.data[start:s.pos], Kind: KindNumber}
		}
		s.unexpected("a value")
		return Value{}
	}
}

func (s *scanner) literal(word string) {
	rest := s.data[s.pos:]
	if len(rest) >= len(word) && string(rest[:len(word)]) == word {
		s.pos += len(word)
		return
	}
	if bytes.HasPrefix([]byte(word), rest) {
		s.failEOF("a literal")
		return
	}
	s.unexpected("a literal")
}

func (s *scanner) number() {
	d := s.data
	i := s.pos
	if i < len(d) && d[i] == '-' {
		i++
	}
	switch {
	case i >= len(d):
		s.pos = i
		s.failEOF("a number")
		return
	case d[i] == '0':
		i++
	case d[i] >= '1' && d[i] <= '9':
		i = skipDigits(d, i)
	default:
		s.pos = i
		s.unexpected("a number")
		return
	}
	if i < len(d) && d[i] == '.' {
		if i = s.requireDigits(i + 1); i < 0 {
			return
		}
	}
	if i < len(d) && (d[i] == 'e' || d[i] == 'E') {
		i++
		if i < len(d) && (d[i] == '+' || d[i] == '-') {
			i++
		}
		if i = s.requireDigits(i); i < 0 {
			return
		}
	}
	s.pos = i
}

func skipDigits(d []byte, i int) int {
	for i < len(d) && d[i] >= '0' && d[i] <= '9' {
		i++
	}
	return i
}

// requireDigits skips the digits at i, which must be at least one (after a
// decimal point or an exponent); -1 when there are none.
func (s *scanner) requireDigits(i int) int {
	j := skipDigits(s.data, i)
	if j == i {
		s.pos = i
		s.unexpected("a number")
		return -1
	}
	return j
}

const (
	lsb = 0x0101010101010101
	msb = 0x8080808080808080
)

// EscapedBytes marks, in the high bit of each byte, the bytes of x (eight
// bytes of a string, little-endian) that JSON must escape: a quote, a
// backslash, a control byte. Borrows can only mark bytes above a marked
// one, so the lowest mark is exact. Every command that walks strings a
// word at a time uses it.
func EscapedBytes(x uint64) uint64 {
	quote := x ^ (lsb * '"')
	slash := x ^ (lsb * '\\')
	found := (quote - lsb) &^ quote
	found |= (slash - lsb) &^ slash
	found |= (x - lsb*0x20) &^ x // a byte below 0x20
	return found & msb
}

// SpecialBytes is EscapedBytes plus the non-ASCII bytes: the bytes at
// which a scanner checking UTF-8 must leave its fast path. As with
// EscapedBytes only the lowest mark is exact. Non-ASCII bytes being
// marked anyway allows a cheaper test than EscapedBytes': for a byte below
// 0x80, adding 0x7f leaves the high bit clear only for zero (so after an
// xor, only for the byte xored with), and adding 0x60 only for a byte
// below 0x20. No byte below 0x80 carries into the next; one above is
// itself marked, so a carry only spoils marks above the lowest.
func SpecialBytes(x uint64) uint64 {
	notQuote := (x ^ lsb*'"') + lsb*0x7f
	notSlash := (x ^ lsb*'\\') + lsb*0x7f
	notControl := x + lsb*0x60
	return (^(notQuote & notSlash & notControl) | x) & msb
}

// str scans a string starting at its opening quote and reports whether it
// holds escapes. Tool outputs make strings the bulk of a log's bytes, so
// plain ASCII is skipped eight bytes at a time, jumping straight to the
// first byte that matters.
func (s *scanner) str() (escaped bool) {
	d := s.data
	i := s.pos + 1
	blocksFrom := i + blockLead
	for {
		if i >= blocksFrom {
			next, closed, esc := strBlocks(d, i)
			i, escaped = next, escaped || esc
			if closed {
				s.pos = i
				return escaped
			}
		}
		for i+8 <= len(d) {
			if m := SpecialBytes(binary.LittleEndian.Uint64(d[i:])); m != 0 {
				i += bits.TrailingZeros64(m) >> 3
				break
			}
			i += 8
		}
		if i >= len(d) {
			s.pos = i
			s.failEOF("a string")
			return escaped
		}
		c := d[i]
		switch {
		case c == '"':
			s.pos = i + 1
			return escaped
		case c == '\\':
			escaped = true
			if i+1 < len(d) && simpleEscape[d[i+1]] {
				i += 2
				continue
			}
			n := EscapeLen(d[i:])
			if n <= 0 {
				s.pos = i
				if n == 0 {
					s.failEOF("a string escape")
				} else {
					s.fail(RuleInvalidJSON, "invalid escape in a string")
				}
				return escaped
			}
			i += n
		case c < 0x20:
			s.pos = i
			s.fail(RuleInvalidJSON, "a control character (byte 0x"+hex2(c)+") inside a string must be escaped")
			return escaped
		case c < utf8.RuneSelf:
			i++
		default:
			r, size := utf8.DecodeRune(d[i:])
			if r == utf8.RuneError && size == 1 {
				s.pos = i
				if !utf8.FullRune(d[i:]) {
					s.failEOF("a string")
					s.err.Rule = RuleInvalidUTF8
					s.err.Msg = "invalid UTF-8 (a character cut short) in a string"
					return escaped
				}
				s.fail(RuleInvalidUTF8, "invalid UTF-8 in a string")
				return escaped
			}
			i += size
		}
	}
}

// ScanString checks the JSON string whose opening quote is d[i]: escapes,
// control bytes and UTF-8, as every string of a line is checked. It
// returns the index after the closing quote and whether the string holds
// escapes; on a problem, end is where it was found. For callers that scan
// lines their own way (package filters builds values as it goes).
func ScanString(d []byte, i int) (end int, escaped bool, err *SyntaxError) {
	s := scanner{data: d, pos: i}
	escaped = s.str()
	return s.pos, escaped, s.err
}

// ScanNumber checks the JSON number that starts at d[i] and returns the
// index after it; on a problem, end is where it was found.
func ScanNumber(d []byte, i int) (end int, err *SyntaxError) {
	s := scanner{data: d, pos: i}
	s.number()
	return s.pos, s.err
}

// simpleEscape marks the characters that complete a two-byte escape.
var simpleEscape = [256]bool{'"': true, '\\': true, '/': true, 'b': true, 'f': true, 'n': true, 'r': true, 't': true}

// EscapeLen returns the length of the escape at the start of b (which
// starts with a backslash), 0 when b ends inside it, -1 when it is invalid.
func EscapeLen(b []byte) int {
	if len(b) < 2 {
		return 0
	}
	switch b[1] {
	case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
		return 2
	case 'u':
		for k := 2; k < 6; k++ {
			if k >= len(b) {
				return 0
			}
			if !isHex(b[k]) {
				return -1
			}
		}
		return 6
	}
	return -1
}

func isHex(c byte) bool {
	return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F')
}
