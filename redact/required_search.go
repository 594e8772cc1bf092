package redact

import "bytes"

// The searches required's checks make: over a window of decoded text
// (holds), and over the raw JSON text after a keyword (rawRun), where an
// escape may stand for what is looked for.

// hasRun reports whether t holds n consecutive bytes of class. A run of
// n that ends at or after i covers i+n-1 or starts past it, so where
// that byte is not in the class the search moves on n bytes at once.
func hasRun(t []byte, class *[256]bool, n int) bool {
	for end := n - 1; end < len(t); {
		if !class[t[end]] {
			end += n
			continue
		}
		start := end
		for start > end-n+1 && class[t[start-1]] {
			start--
		}
		if start == end-n+1 {
			return true
		}
		end = start + n - 1 // t[start-1] is not in the class
	}
	return false
}

// indexFold is the index of the lower-case lit in t, ASCII case aside.
func indexFold(t []byte, lit string) int {
	c0, c1 := lit[0], upper(lit[0])
	if !hasLetter(lit) {
		return bytes.Index(t, []byte(lit))
	}
	end := len(t) - len(lit) + 1
	// next0 and next1: where c0 and c1 next occur from i, -1 for none
	// left, -2 not yet looked for.
	next0, next1 := -2, -2
	if c0 == c1 {
		next1 = -1
	}
	for i := 0; i < end; {
		if next0 != -1 && next0 < i {
			next0 = nextByte(t[:end], i, c0)
		}
		if next1 != -1 && next1 < i {
			next1 = nextByte(t[:end], i, c1)
		}
		j := next0
		if j < 0 || next1 >= 0 && next1 < j {
			j = next1
		}
		if j < 0 {
			return -1
		}
		if equalFoldASCII(t[j:j+len(lit)], lit) {
			return j
		}
		i = j + 1
	}
	return -1
}

// nextByte is the index of the first c in t at or after i, or -1.
func nextByte(t []byte, i int, c byte) int {
	if j := bytes.IndexByte(t[i:], c); j >= 0 {
		return i + j
	}
	return -1
}

func hasLetter(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i] | 0x20; c >= 'a' && c <= 'z' {
			return true
		}
	}
	return false
}

// rawRun reports whether the raw JSON text raw, read for at most limit
// decoded bytes, may hold the run r needs. Where those bytes hold no
// escape, that is hasRun. Else an escape counts as bytes of the class,
// as many as it may stand for (three for \uXXXX), whatever it stands
// for, and as one byte of the limit; a run still open where raw ends
// counts as found. The caller takes a limit that a match from the start
// of raw cannot pass, so a no is sure, and costs a short loop rather
// than decoding the text.
func (r *required) rawRun(raw []byte, limit int) bool {
	if r.runLen == 0 {
		return true
	}
	if seg := raw[:min(len(raw), limit)]; bytes.IndexByte(seg, '\\') < 0 {
		return hasRun(seg, &r.runClass, r.runLen) || len(seg) == len(raw) && openRun(seg, &r.runClass)
	}
	run, i, n := 0, 0, 0
	// Far enough from the limit, the check at the end of the loop below
	// never fires (what is left could still hold the run), so the text
	// between escapes is searched a stretch at a time: logs escape a line
	// break every few dozen bytes, and a byte at a time was a tenth of
	// validate's time on output-heavy logs.
	for safe := limit - r.runLen; n < safe && i < len(raw); {
		if raw[i] == '\\' {
			run, i = r.escape(raw, i, run)
			n++
			if run >= r.runLen {
				return true
			}
			continue
		}
		end := i + min(len(raw)-i, safe-n)
		if k := bytes.IndexByte(raw[i:end], '\\'); k >= 0 {
			end = i + k
		}
		var found bool
		if run, found = r.stretch(raw[i:end], run); found {
			return true
		}
		n += end - i
		i = end
	}
	for ; n < limit; n++ {
		if i >= len(raw) {
			return run > 0
		}
		if c := raw[i]; c == '\\' {
			run, i = r.escape(raw, i, run)
		} else if r.runClass[c] {
			run++
			i++
		} else {
			run = 0
			i++
		}
		if run >= r.runLen {
			return true
		}
		if run+limit-n-1 < r.runLen {
			return false // too little is left for the run
		}
	}
	return run > 0
}

// escape counts the escape at raw[i] into the run: as many bytes of the
// class as it may stand for. It returns the run and where the escape
// ends.
func (r *required) escape(raw []byte, i, run int) (int, int) {
	if i+1 < len(raw) && raw[i+1] == 'u' {
		return run + 3, i + 6
	}
	return run + 1, i + 2
}

// stretch goes on with a run of length run over seg, a stretch of text
// without escapes: whether the run reaches r.runLen in it, and else the
// length of the run open at its end.
func (r *required) stretch(seg []byte, run int) (int, bool) {
	lead := 0
	for lead < len(seg) && r.runClass[seg[lead]] {
		lead++
		if run+lead >= r.runLen {
			return 0, true
		}
	}
	if lead == len(seg) {
		return run + lead, false
	}
	rest := seg[lead:] // rest[0] ends the run that came in
	if hasRun(rest, &r.runClass, r.runLen) {
		return 0, true
	}
	open := 0
	for open < len(rest) && r.runClass[rest[len(rest)-1-open]] {
		open++
	}
	return open, false
}

// openRun reports whether t ends with a byte of class.
func openRun(t []byte, class *[256]bool) bool { return len(t) > 0 && class[t[len(t)-1]] }
