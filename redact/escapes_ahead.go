package redact

// The percent rule's keywords are all the other rules' (see encodedRules),
// so its quick check, maybePercent, runs at every keyword of a line that
// no other rule's check takes: on logs of source code, at each "https://"
// of a comment and each "s." of a method call. Each call looked for a '%'
// through encodedWindow bytes on either side, some 768 bytes; a line of a
// file with keywords every few hundred bytes was read several times over.
// mayMatch's keywords come in order, so where the next escape lies is
// worth remembering from one to the next.

// escapesAhead answers maybePercent for one text, keyword by keyword: it
// remembers where the first %XX escape at or after a place is. The zero
// value knows nothing yet.
type escapesAhead struct {
	known bool
	from  int // at is the first escape at or after from
	at    int // -1: there is none
}

// near reports what maybePercent(raw, _, end) does: whether a %XX escape
// lies within encodedWindow bytes of end. raw must be the same text at
// every call.
func (e *escapesAhead) near(raw []byte, end int) bool {
	at := e.first(raw, max(0, end-encodedWindow))
	return at >= 0 && at < end+encodedWindow
}

// first returns where the first escape at or after lo is in raw, or -1.
// Each byte of raw is looked at about once over calls whose lo goes up,
// as a keyword's end does; where it goes back (a shorter keyword after a
// longer one), only the bytes it went back over are.
func (e *escapesAhead) first(raw []byte, lo int) int {
	switch {
	case !e.known:
		e.known, e.from, e.at = true, lo, nextEscape(raw, lo, len(raw))
	case lo < e.from:
		if at := nextEscape(raw, lo, e.from); at >= 0 {
			e.at = at
		}
		e.from = lo
	case e.at >= 0 && e.at < lo:
		e.from, e.at = lo, nextEscape(raw, lo, len(raw))
	}
	return e.at
}

// nextEscape returns where the first %XX escape (see urlEscape) in
// raw[lo:hi] starts, or -1. maybePercent is a look for one near a keyword.
func nextEscape(raw []byte, lo, hi int) int {
	for i := lo; i < hi; i++ {
		j := indexByte(raw[i:hi], '%')
		if j < 0 {
			return -1
		}
		i += j
		if urlEscape(raw, i) {
			return i
		}
	}
	return -1
}

// useEscapesAhead: mayMatch answers the percent rule's check from what it
// remembers; a test turns it off to compare.
var useEscapesAhead = true
