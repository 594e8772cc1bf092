package redact

import "github.com/zsj-dev/zsj/protocol"

// LineResult is what Line did to a line.
type LineResult struct {
	Changed bool
	// Invalid is set when the line is not one JSON object. Its text was
	// then redacted as plain text: the line is never passed on as it was.
	Invalid *protocol.SyntaxError
	// Matches are the secrets found, in line order; valid until the next
	// call.
	Matches []Match
}

// Line redacts one line (without its line end). When something changed,
// the new line is appended to dst and returned; otherwise dst is returned
// as it was, and the line stands as it is.
func (x *Redactor) Line(line, dst []byte) ([]byte, LineResult) {
	x.matches, x.found = x.matches[:0], x.found[:0]
	err := x.parser.Check(line)
	x.w.failed = false
	if err == nil {
		if !x.scanChecked(line) {
			return dst, LineResult{}
		}
		out, changed := x.jsonLine(line, dst, !x.walkAll)
		return out, LineResult{Changed: changed, Matches: x.matches}
	}
	out, changed := x.textLine(line, dst)
	if changed {
		// Redacting the text may have made the line valid JSON (a quote
		// inside a value went away); then its strings are redacted too,
		// as they would be if the output were redacted again.
		fixed := out[len(dst):]
		ok := x.parser.Check(fixed) == nil
		x.cleanPrefix = 0 // the parser's memo may be of this line now
		if ok {
			x.fixed = append(x.fixed[:0], fixed...)
			out, _ = x.jsonLine(x.fixed, dst, false)
		}
	}
	return out, LineResult{Changed: changed, Invalid: err, Matches: x.matches}
}

// Shape is what Line's parser said of the line Line was last given, when
// it was valid JSON: see protocol.Parser.LastString.
func (x *Redactor) Shape() (start int, repeated bool) { return x.parser.LastString() }

// jsonLine redacts a line the parser accepted; scanned says x.lineHits
// holds its keywords.
func (x *Redactor) jsonLine(line, dst []byte, scanned bool) ([]byte, bool) {
	w := &x.w
	w.reset(line, dst, true, scanned)
	w.run()
	if w.failed {
		// The parser accepted the line, so the walk cannot fail (the fuzz
		// test holds it to that); if it ever did, the line would still not
		// go out unredacted.
		x.matches, x.found = x.matches[:0], x.found[:0]
		return x.textLine(line, dst)
	}
	if w.copied == 0 {
		return dst, false
	}
	return append(w.out, line[w.copied:]...), true
}

// textLine redacts a line that is not JSON as plain text.
func (x *Redactor) textLine(line, dst []byte) ([]byte, bool) {
	out, changed := x.redact(line)
	for _, f := range x.found {
		x.matches = append(x.matches, Match{Rule: f.rule, Fingerprint: f.fp})
	}
	x.found = x.found[:0]
	if changed {
		dst = append(dst, out...)
	}
	return dst, changed
}

// Find reports what Line would redact in an output event, without
// writing anything: the check validate makes (a string that matches a
// rule is a warning). Input events (message, prompt: what a user sent)
// and lines that are not JSON objects give nothing.
func (x *Redactor) Find(line []byte) []Match { return x.FindShaped(line, protocol.NoShape) }

// FindShaped is Find for a caller that has checked the line with a
// protocol.LineChecker: shape is what its Shape said. A line that repeats
// a shape whose bytes before the last string were clean has only that
// string scanned (see scanShaped), as zsj redact does with its own
// parser; a long string found clean before is passed over (cleanMemo).
func (x *Redactor) FindShaped(line []byte, shape protocol.LineShape) []Match {
	if shape.LongEnd-shape.LongStart >= minCleanMemo && x.rs.cleanLong != nil && !x.walkAll && !x.fullScans {
		return x.findLong(line, shape)
	}
	x.matches, x.found = x.matches[:0], x.found[:0]
	if !x.scanShaped(line, shape.LastString, shape.Repeated, &x.checkedPrefix) {
		return nil
	}
	x.walkFinding(line, longString{})
	return x.shapedMatches()
}

// findLong is FindShaped for a line with a string long enough for the
// memo to take.
func (x *Redactor) findLong(line []byte, shape protocol.LineShape) []Match {
	x.matches, x.found = x.matches[:0], x.found[:0]
	memo := x.rs.cleanLong()
	long := longString{start: shape.LongStart, end: shape.LongEnd}
	memo.look(&long, line[long.start:long.end])
	var may bool
	if long.known {
		may = x.scanAround(line, long)
		x.checkedPrefix = 0 // the bytes before the last string are not all scanned
	} else {
		may = x.scanShaped(line, shape.LastString, shape.Repeated, &x.checkedPrefix)
	}
	if !may {
		// Nothing in the line can be redacted: its long string neither.
		if !long.known {
			memo.clean(&long)
		}
		return nil
	}
	if x.walkFinding(line, long) && !long.known {
		memo.clean(&long)
	}
	return x.shapedMatches()
}

// walkFinding walks the line for FindShaped, passing over its long string
// if known clean, and reports whether the walk found that string clean.
func (x *Redactor) walkFinding(line []byte, long longString) (longClean bool) {
	w := &x.w
	w.reset(line, nil, false, !x.walkAll)
	w.long = long
	w.run()
	return !w.failed && w.longClean
}

// shapedMatches is what FindShaped returns once the line is walked:
// nothing for a line the walk could not read, or an input event.
func (x *Redactor) shapedMatches() []Match {
	w := &x.w
	if w.failed {
		return nil
	}
	switch string(w.typ) {
	case protocol.TypeMessage, protocol.TypePrompt:
		return nil
	}
	return x.matches
}

// scanAround is scanLine for a line whose long string is known clean: the
// bytes before and after it are scanned. A keyword that runs from them
// into the string is inside no string, which is what the rules read; the
// string is passed over in the walk.
func (x *Redactor) scanAround(line []byte, long longString) bool {
	hits := x.rs.pf.scan(line[:long.start], x.lineHits[:0])
	x.lineHits = x.rs.dropPlainKeys(line, x.scanFrom(line, long.end, hits))
	return x.mayMatch(line, x.lineHits)
}

// scanFrom appends the keywords of line[from:] to dst, with positions in
// line.
func (x *Redactor) scanFrom(line []byte, from int, dst []hit) []hit {
	before := len(dst)
	dst = x.rs.pf.scan(line[from:], dst)
	for i := range dst[before:] {
		dst[before+i].pos += int32(from)
	}
	return dst
}

// scanLine finds the keywords of a whole line, for its strings to use,
// and reports whether anything in it may need redacting.
func (x *Redactor) scanLine(line []byte) bool {
	if x.walkAll {
		return true
	}
	x.lineHits = x.rs.dropPlainKeys(line, x.rs.pf.scan(line, x.lineHits[:0]))
	return x.mayMatch(line, x.lineHits)
}

// A stream of deltas repeats one shape line after line (see
// protocol.Parser.LastString): the same bytes up to the last string, the
// delta. When the scan of those bytes in the line that set the shape
// found no keyword and no escape, only the rest of each line repeating
// it is scanned: nothing in the bytes before can be redacted, and a
// keyword that runs from them into the string is not inside any string
// that the rules read. On a log of small deltas those bytes are two
// thirds of each line.

// scanChecked is scanLine for a line the parser has just accepted.
func (x *Redactor) scanChecked(line []byte) bool {
	start, repeated := x.parser.LastString()
	return x.scanShaped(line, start, repeated, &x.cleanPrefix)
}

// scanShaped is scanLine for a line whose shape is known: start is where
// its last value, a string, starts when the line sets or repeats a shape
// (-1 otherwise), and repeated says it repeats the shape of the line that
// set it, byte for byte up to start. clean is the clean prefix of the
// lines of that source of shapes (the parser's, or a caller's checker).
func (x *Redactor) scanShaped(line []byte, start int, repeated bool, clean *int) bool {
	if x.walkAll {
		return true
	}
	if repeated && start > 0 && start == *clean && !x.fullScans {
		x.lineHits = x.scanFrom(line, start, x.lineHits[:0])
		return x.mayMatch(line, x.lineHits)
	}
	may := x.scanLine(line)
	// Whether the bytes of the shape before the last string are clean: a
	// new shape's, or a repeated one's after a reset (they are the same
	// bytes).
	*clean = 0
	if start > 0 && start <= len(line) && (len(x.lineHits) == 0 || int(x.lineHits[0].pos) >= start) && indexByte(line[:start], '\\') < 0 {
		*clean = start
	}
	return may
}

// Rewriter returns a function that redacts one line after another, for a
// caller that needs only the result (zsj record, on its way into a
// fixture). The line it returns is valid until the next call, and is the
// line it was given when nothing changed.
func (x *Redactor) Rewriter() func(line []byte) []byte {
	var buf []byte
	return func(line []byte) []byte {
		out, res := x.Line(line, buf[:0])
		if !res.Changed {
			return line
		}
		buf = out
		return out
	}
}
