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
	var err *protocol.SyntaxError
	x.members, err = x.parser.Parse(line, x.members[:0])
	if err != nil {
		return x.textLine(line, dst, err)
	}
	w := &x.w
	w.reset(line, dst, true)
	w.run()
	if w.failed {
		// The parser accepted the line, so the walk cannot fail (the fuzz
		// test holds it to that); if it ever did, the line would still not
		// go out unredacted.
		x.matches, x.found = x.matches[:0], x.found[:0]
		return x.textLine(line, dst, nil)
	}
	if w.copied == 0 {
		return dst, LineResult{Matches: x.matches}
	}
	out := append(w.out, line[w.copied:]...)
	return out, LineResult{Changed: true, Matches: x.matches}
}

// textLine redacts a line that is not JSON as plain text.
func (x *Redactor) textLine(line, dst []byte, err *protocol.SyntaxError) ([]byte, LineResult) {
	out, changed := x.redact(line)
	for _, f := range x.found {
		x.matches = append(x.matches, Match{Rule: f.rule, Fingerprint: f.fp})
	}
	if changed {
		dst = append(dst, out...)
	}
	return dst, LineResult{Changed: changed, Invalid: err, Matches: x.matches}
}

// Find reports what Line would redact in an output event, without
// writing anything: the check validate makes (a string that matches a
// rule is a warning). Input events (message, prompt: what a user sent)
// and lines that are not JSON objects give nothing.
func (x *Redactor) Find(line []byte) []Match {
	x.matches, x.found = x.matches[:0], x.found[:0]
	w := &x.w
	w.reset(line, nil, false)
	w.run()
	if w.failed {
		return nil
	}
	switch string(w.typ) {
	case "message", "prompt":
		return nil
	}
	return x.matches
}
