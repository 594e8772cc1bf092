package protocol

import "strconv"

// LineChecker applies the rules that concern one line on its own
// (docs/PROTOCOL.md sections 1-3). It holds scratch space, so each goroutine
// needs its own; the lines of a file can then be checked in parallel and
// applied in order with FileValidator.Apply.
type LineChecker struct {
	c   eventChecker
	cur *Checked
}

// Checked is what LineChecker found in one line.
type Checked struct {
	blank    bool
	object   bool // the line is one JSON object
	typeName string
	info     eventInfo
	problems []lineProblem
}

type lineProblem struct{ rule, path, msg string }

// NewLineChecker returns a checker for lines validated with opts.
func NewLineChecker(opts Options) *LineChecker {
	lc := &LineChecker{}
	lc.c = eventChecker{opts: opts, report: lc.add}
	return lc
}

func (lc *LineChecker) add(rule, path, msg string) {
	lc.cur.problems = append(lc.cur.problems, lineProblem{rule, path, msg})
}

// Check checks text (a line without its line end) into out, reusing its
// storage. noEOL is true when the input ended right after the line without
// a newline: a JSON value cut short there means the file was truncated.
// What out holds refers to text, so text must stay unchanged until out has
// been applied.
func (lc *LineChecker) Check(text []byte, noEOL bool, out *Checked) {
	*out = Checked{problems: out.problems[:0]}
	lc.c.parsed, lc.c.shaped, lc.c.repeated, lc.c.long = false, false, false, span{}
	if IsBlank(text) {
		out.blank = true
		return
	}
	lc.cur = out
	serr, ok := lc.c.check(text, &out.info, lc.c.opts.SchemaVersion)
	out.typeName = lc.c.typeName
	if !ok {
		lc.syntaxProblem(serr, noEOL)
		return
	}
	out.object = true
}

func (lc *LineChecker) syntaxProblem(serr *SyntaxError, noEOL bool) {
	rule, msg := serr.Rule, serr.Msg
	if serr.EOF && noEOL {
		rule, msg = RuleTruncatedLine, "the file ends in the middle of a JSON value (truncated last line)"
	} else if serr.EOF && rule == RuleInvalidJSON {
		msg = "the line ends in the middle of a JSON value"
	}
	lc.add(rule, serr.Path, msg+" (at byte "+strconv.Itoa(serr.Offset+1)+")")
}

// Members appends to dst the top-level members of the line checked last,
// as MembersOf would, when its check read them (ok false when it did not:
// a line shaped like the one before is checked from its last string on).
// A caller that needs them then does not read a long line a second time.
func (lc *LineChecker) Members(dst []Member) (members []Member, ok bool) {
	if !lc.c.parsed {
		return dst, false
	}
	return append(dst, lc.c.members...), true
}

// LastString says where the line checked last has its last value, a
// string (its opening quote), when the checker remembers its shape for
// the next line to repeat: start is -1 otherwise. repeated is set when
// the line repeated the shape of a line before, byte for byte up to
// start (then only its last string was read), as Parser.LastString says.
func (lc *LineChecker) LastString() (start int, repeated bool) {
	if !lc.c.shaped {
		return -1, false
	}
	return len(lc.c.memo.prefix), lc.c.repeated
}

// LineShape is what a LineChecker learned of the layout of the line it
// checked last, for a search that reads the line after it (the secret
// search of validate).
type LineShape struct {
	// LastString and Repeated are what LastString says.
	LastString int
	Repeated   bool
	// The text (between the quotes) of the line's longest string value
	// is line[LongStart:LongEnd]: a tool's output, a file's body. (On a
	// line that repeated a shape, only its last string was read: that
	// one.) Both are 0 when the line has no string value, or is not a
	// JSON object.
	LongStart, LongEnd int
}

// NoShape is the shape of a line nobody checked: nothing is known.
var NoShape = LineShape{LastString: -1}

// Shape says what LastString says of the line checked last, and where its
// longest string value is.
func (lc *LineChecker) Shape() LineShape {
	start, repeated := lc.LastString()
	return LineShape{LastString: start, Repeated: repeated, LongStart: lc.c.long.start, LongEnd: lc.c.long.end}
}

// Object reports whether the line is one JSON object, whatever else is
// wrong with it: MembersOf can then read its members.
func (c *Checked) Object() bool { return c.object }

// Add records a problem found in the line by a check outside this package
// (the unredacted-secret rule lives with the redaction rules). It is
// reported with the line's other problems when the line is applied.
func (c *Checked) Add(rule, path, msg string) {
	c.problems = append(c.problems, lineProblem{rule, path, msg})
}
