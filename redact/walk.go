package redact

import "strconv"

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
	path   []pathSeg
	typ    []byte // the top-level "type" string

	// lineScanned: x.lineHits holds the keywords of the whole line, and
	// cursor is the first of them not before the string being looked at.
	lineScanned bool
	cursor      int
}

type pathSeg struct {
	key   []byte // nil for an array element
	index int
}

// maxDepth stops a walk that would recurse without end on a broken line;
// valid events nest far less.
const maxDepth = 512 // JSON nesting levels

func (w *walker) reset(in, dst []byte, write, lineScanned bool) {
	w.in, w.out, w.copied, w.write, w.failed = in, dst, 0, write, false
	w.path, w.typ = w.path[:0], nil
	w.lineScanned, w.cursor = lineScanned, 0
}

// run walks the line, which must hold one object.
func (w *walker) run() {
	i := skipWS(w.in, 0)
	if i >= len(w.in) || w.in[i] != '{' {
		w.failed = true
		return
	}
	w.object(i, 1, true)
}

func skipWS(b []byte, i int) int {
	for i < len(b) && (b[i] == ' ' || b[i] == '\t' || b[i] == '\n' || b[i] == '\r') {
		i++
	}
	return i
}

// stringEnd returns the index of the quote that closes the string whose
// text starts at i, or -1.
func stringEnd(b []byte, i int) int {
	for from := i; ; {
		q := indexByte(b[from:], '"')
		if q < 0 {
			return -1
		}
		q += from
		n := 0
		for k := q - 1; k >= i && b[k] == '\\'; k-- {
			n++
		}
		if n%2 == 0 {
			return q
		}
		from = q + 1
	}
}

func (w *walker) fail() int {
	w.failed = true
	return -1
}

// value walks the value at i and returns where it ends, or -1.
func (w *walker) value(i, depth int) int {
	i = skipWS(w.in, i)
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
	return w.scalar(i)
}

// scalar skips a number, true, false or null.
func (w *walker) scalar(i int) int {
	j := i
	for j < len(w.in) {
		switch w.in[j] {
		case ',', '}', ']', ' ', '\t', '\r', '\n':
			if j == i {
				return w.fail()
			}
			return j
		}
		j++
	}
	return w.fail()
}

// str applies the text rules to the string value at i.
func (w *walker) str(i int) int {
	q := stringEnd(w.in, i+1)
	if q < 0 {
		return w.fail()
	}
	raw := w.in[i+1 : q]
	before := len(w.x.found)
	hits, scanned := w.stringHits(i+1, q)
	if text, changed := w.x.redactString(raw, hits, scanned); changed {
		w.matched(before, nil)
		w.replace(i, q+1, func(dst []byte) []byte { return appendString(dst, text) })
	}
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
	i = skipWS(w.in, i+1)
	if i < len(w.in) && w.in[i] == ']' {
		return i + 1
	}
	w.path = append(w.path, pathSeg{})
	defer func() { w.path = w.path[:len(w.path)-1] }()
	for index := 0; ; index++ {
		w.path[len(w.path)-1].index = index
		end := w.value(i, depth)
		if end < 0 {
			return -1
		}
		var closed bool
		if i, closed = w.afterValue(end, ']'); closed || i < 0 {
			return i
		}
	}
}

// afterValue reads what follows a member or element that ends at end: a
// comma, and next is past it, or the container's closer, and closed is set
// and next is past it. Anything else fails the walk (next -1).
func (w *walker) afterValue(end int, closer byte) (next int, closed bool) {
	i := skipWS(w.in, end)
	switch {
	case i >= len(w.in):
	case w.in[i] == ',':
		return i + 1, false
	case w.in[i] == closer:
		return i + 1, true
	}
	return w.fail(), false
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
	x.dec = decode(x.dec[:0], raw)
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
	if rs.anyAlways {
		return true
	}
	for _, h := range hits {
		pos := int(h.pos)
		if pos > 0 && raw[pos-1] == '\\' && oddBackslashes(raw, pos) {
			continue // its first byte belongs to an escape such as \n
		}
		end := pos + len(rs.pf.keywords[h.kw].text)
		for _, ri := range rs.kwRules[h.kw] {
			if m := rs.rules[ri].maybe; m == nil || m(raw, end) {
				return true
			}
		}
	}
	return rs.pf.hidden(raw, hits)
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
	b := []byte{'$'}
	for _, seg := range w.path {
		b = appendSeg(b, seg)
	}
	if key != nil {
		b = appendSeg(b, pathSeg{key: key})
	}
	return string(b)
}

// appendSeg writes .key, or ["key"] when the key is not a plain name, or
// [index].
func appendSeg(b []byte, seg pathSeg) []byte {
	if seg.key == nil {
		b = append(b, '[')
		b = strconv.AppendInt(b, int64(seg.index), 10)
		return append(b, ']')
	}
	plain := len(seg.key) > 0
	for i, c := range seg.key {
		if !(c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || i > 0 && c >= '0' && c <= '9') {
			plain = false
			break
		}
	}
	if plain {
		b = append(b, '.')
		return append(b, seg.key...)
	}
	b = append(b, '[')
	b = strconv.AppendQuote(b, string(seg.key))
	return append(b, ']')
}
