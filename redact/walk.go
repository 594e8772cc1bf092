package redact

import "github.com/zsj-dev/zsj/protocol"

// walker goes through one JSON line, applying the rules to every key and
// string and the sensitive-key rule to every member. When writing, out
// gets the line with each changed string re-encoded and everything else
// copied as it was. The walk tolerates broken JSON (it stops and says so),
// because Find runs on lines nobody has checked.
type walker struct {
	x      *Redactor
	in     []byte
	out    []byte
	copied int  // in[:copied] is accounted for in out
	write  bool // build out
	failed bool
	path   []protocol.PathStep
	typ    []byte // the top-level "type" string

	// lineScanned: x.lineHits holds the keywords of the whole line, and
	// cursor is the first of them not before the string being looked at.
	lineScanned bool
	cursor      int

	// long is the line's long string, when FindShaped looked it up: one
	// known clean is passed over; longClean says the walk found it clean.
	long      longString
	longClean bool
}

// maxDepth stops a walk that would recurse without end on a broken line;
// valid events nest no deeper.
const maxDepth = protocol.MaxDepth

func (w *walker) reset(in, dst []byte, write, lineScanned bool) {
	w.in, w.out, w.copied, w.write, w.failed = in, dst, 0, write, false
	w.path, w.typ = w.path[:0], nil
	w.lineScanned, w.cursor = lineScanned, 0
	w.long, w.longClean = longString{}, false
}

// run walks the line, which must hold one object.
func (w *walker) run() {
	i := protocol.SkipSpace(w.in, 0)
	if i >= len(w.in) || w.in[i] != '{' {
		w.failed = true
		return
	}
	w.object(i, 1, true)
}

func (w *walker) fail() int {
	w.failed = true
	return -1
}

// value walks the value at i and returns where it ends, or -1.
func (w *walker) value(i, depth int) int {
	i = protocol.SkipSpace(w.in, i)
	if i >= len(w.in) || depth > maxDepth {
		return w.fail()
	}
	switch w.in[i] {
	case '"':
		return w.str(i)
	case '{':
		return w.object(i, depth+1, false)
	case '[':
		return w.array(i, depth+1)
	}
	return w.skip(i, depth)
}

// skip returns where the value at i ends, looking at nothing inside it.
func (w *walker) skip(i, depth int) int {
	if depth > maxDepth {
		return w.fail()
	}
	end, err := protocol.QuickValueEnd(w.in, i)
	if err != nil {
		return w.fail()
	}
	return end
}

// str applies the text rules to the string value at i.
func (w *walker) str(i int) int {
	isLong := i+1 == w.long.start && w.long.quick != 0
	if isLong && w.long.known {
		return w.long.end + 1 // found clean before; its keywords were not looked for
	}
	q := protocol.QuickStringEnd(w.in, i) - 1 // the closing quote
	if q < 0 {
		return w.fail()
	}
	raw := w.in[i+1 : q]
	before := len(w.x.found)
	hits, scanned := w.stringHits(i+1, q)
	text, changed := w.x.redactString(raw, hits, scanned)
	if changed {
		w.matched(before, nil)
		w.replace(i, q+1, func(dst []byte) []byte { return protocol.AppendQuoted(dst, text) })
	}
	w.longClean = w.longClean || isLong && q == w.long.end && !changed && len(w.x.found) == before
	return q + 1
}

// replace puts what add appends in place of in[start:end].
func (w *walker) replace(start, end int, add func([]byte) []byte) {
	if !w.write {
		return
	}
	w.out = append(w.out, w.in[w.copied:start]...)
	w.out = add(w.out)
	w.copied = end
}

// matched turns what the rules found since index before into matches at
// the current path (plus key, when not nil).
func (w *walker) matched(before int, key []byte) {
	found := w.x.found[before:]
	if len(found) == 0 {
		return
	}
	path := w.pathString(key)
	for _, f := range found {
		w.x.matches = append(w.x.matches, Match{Rule: f.rule, Path: path, Fingerprint: f.fp})
	}
	w.x.found = w.x.found[:before]
}

func (w *walker) array(i, depth int) int {
	i, closed := protocol.Open(w.in, i)
	if closed {
		return i
	}
	w.path = append(w.path, protocol.PathStep{})
	defer func() { w.path = w.path[:len(w.path)-1] }()
	for index := 0; !closed; index++ {
		w.path[len(w.path)-1].Index = index
		end := w.value(i, depth)
		if end < 0 {
			return -1
		}
		if i, closed = w.afterValue(end, ']'); i < 0 {
			return -1
		}
	}
	return i
}

// afterValue reads what follows a member or element that ends at end: a
// comma, and next is where the next one starts, or the container's
// closer, and closed is set and next is past it. Anything else fails the
// walk (next -1).
func (w *walker) afterValue(end int, closer byte) (next int, closed bool) {
	if next, closed = protocol.AfterValue(w.in, end, closer); next < 0 {
		w.failed = true
	}
	return next, closed
}

// redactString applies the text rules to the text of a JSON string (raw,
// between its quotes) and returns the new text when it changed, valid
// until the next call. hits are the keywords in raw, if the caller has
// them (from the scan of the whole line); otherwise raw is scanned. A
// string with escapes is only decoded when its raw bytes hold a keyword
// that may matter, or an escape that could hide one.
func (x *Redactor) redactString(raw []byte, hits []hit, scanned bool) ([]byte, bool) {
	if !scanned {
		x.hits = x.rs.pf.scan(raw, x.hits[:0])
		hits = x.hits
	}
	if indexByte(raw, '\\') < 0 {
		return x.redactHits(raw, hits)
	}
	if !x.mayMatch(raw, hits) {
		return raw, false
	}
	x.dec = protocol.AppendUnescaped(x.dec[:0], raw)
	return x.redact(x.dec)
}

// mayMatch reports whether a rule may fire in raw JSON text (with
// escapes), given the keywords found in it: the text of a string, or a
// whole line, where the sensitive-key rule may fire too. Decoding and a
// closer look are needed when a keyword is there and its rules' quick
// checks do not rule it out, or when an escape may hide a keyword. Every
// spelling of a sensitive member key holds a keyword (see keyKeywords), and
// its rules' check sees the quote after it; so a line with nothing here
// has nothing to redact, and most lines are passed without walking them.
func (x *Redactor) mayMatch(raw []byte, hits []hit) bool {
	rs := x.rs
	if rs.anyAlways || denseHits(hits, raw) {
		return true
	}
	var escapes escapesAhead
	for _, h := range hits {
		pos := int(h.pos)
		if pos > 0 && raw[pos-1] == '\\' && protocol.EscapedAt(raw, pos) {
			continue // its first byte belongs to an escape such as \n
		}
		if x.mayFire(raw, h, &escapes) {
			return true
		}
	}
	return rs.pf.hidden(raw, hits)
}

// mayFire reports whether a rule the keyword h gates passes its quick
// check (maybe) there. escapes is what the checks have seen of raw.
func (x *Redactor) mayFire(raw []byte, h hit, escapes *escapesAhead) bool {
	rs := x.rs
	start := int(h.pos)
	end := start + len(rs.pf.keywords[h.kw].text)
	for _, ri := range rs.kwChecks[h.kw] {
		if x.ruleCheck(raw, start, end, ri, escapes) {
			return true
		}
	}
	return false
}

// ruleMayFire reports whether rule ri passes its quick check at the
// keyword h of raw.
func (x *Redactor) ruleMayFire(raw []byte, h hit, ri int, escapes *escapesAhead) bool {
	start := int(h.pos)
	return x.ruleCheck(raw, start, start+len(x.rs.pf.keywords[h.kw].text), ri, escapes)
}

// ruleCheck is rule ri's quick check of the keyword at raw[start:end].
func (x *Redactor) ruleCheck(raw []byte, start, end, ri int, escapes *escapesAhead) bool {
	r := &x.rs.rules[ri]
	if r.escapeNear && useEscapesAhead {
		return escapes.near(raw, end)
	}
	return r.maybe == nil || r.maybe(raw, start, end)
}

// mayMatchText is mayMatch for decoded text, such as the join of two
// deltas: without a backslash in it, no byte is part of an escape, and
// the rules' quick checks, which only say no from bytes outside escapes,
// read it as they read raw JSON text; with one, they would read a
// backslash of the text as an escape, so the answer is yes.
func (x *Redactor) mayMatchText(t []byte, hits []hit) bool {
	if x.walkAll || x.rs.anyAlways {
		return true
	}
	return len(hits) > 0 && (indexByte(t, '\\') >= 0 || x.mayMatch(t, hits))
}

// stringHits returns the keywords the scan of the line found inside the
// string whose text is in[start:end], with positions in the string.
func (w *walker) stringHits(start, end int) ([]hit, bool) {
	if !w.lineScanned {
		return nil, false
	}
	x := w.x
	hits := x.lineHits
	for w.cursor < len(hits) && int(hits[w.cursor].pos) < start {
		w.cursor++
	}
	x.strHits = x.strHits[:0]
	for _, h := range hits[w.cursor:] {
		if int(h.pos) >= end {
			break
		}
		if int(h.pos)+len(x.rs.pf.keywords[h.kw].text) <= end {
			x.strHits = append(x.strHits, hit{h.kw, h.pos - int32(start)})
		}
	}
	return x.strHits, true
}

// pathString writes the current path, with key appended when not nil.
func (w *walker) pathString(key []byte) string {
	b := protocol.AppendPath([]byte{'$'}, w.path...)
	if key != nil {
		b = protocol.AppendPath(b, protocol.PathStep{Key: key})
	}
	return string(b)
}
