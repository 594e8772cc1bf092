package redact

import "github.com/zsj-dev/zsj/protocol"

// Text that a tool printed may itself hold JSON strings: cat of a JSON
// file, a log line, an HTTP body. Once the event's own string is decoded,
// their escapes are still there as text: "x\nghp_..." has a backslash and
// an "n" before the token, and the "n" would glue onto it as a word
// character. The rules therefore look at a view of the text in which each
// escape that stands for a blank, a line break or a punctuation mark reads
// as that character, padded with spaces to the escape's length, so that
// every position in the view is the same position in the text and a span
// found in one is a span in the other.
//
// Only escapes standing for characters that end a word are rewritten;
// \" \\ and \/ stay as they are, since the rules about quoted values read
// \" as a quote already, and an escape standing for a letter or digit is
// part of a word either way.

// escapeView returns the view of t the rules look at: t itself when t
// holds no backslash (the common case: one IndexByte), else a copy in
// x.view with its escapes rewritten.
func (x *Redactor) escapeView(t []byte) []byte {
	x.quoteView = nil // for a new text (see regexView)
	first := indexByte(t, '\\')
	if first < 0 {
		return t
	}
	v := append(x.view[:0], t...)
	for i := first; ; {
		n, c := escapeAt(t, i)
		if c != 0 {
			for k := i; k < i+n-1; k++ {
				v[k] = ' '
			}
			v[i+n-1] = c
		}
		i += max(n, 1)
		j := indexByte(t[i:], '\\')
		if j < 0 {
			break
		}
		i += j
	}
	x.view = v
	return v
}

// escapeAt returns the length of the escape that starts at t[i] (0 if
// none does; 2 for \\, which only escapes the backslash) and the character
// the view shows for it: 0 to leave it as it is.
func escapeAt(t []byte, i int) (n int, c byte) {
	if t[i] != '\\' || i+1 >= len(t) {
		return 0, 0
	}
	switch e := t[i+1]; e {
	case '\\', '"', '/':
		return 2, 0
	case 'n', 'r', 't':
		return 2, controlEscape[e]
	case 'b', 'f':
		return 2, ' '
	case 'u':
		if i+6 > len(t) || !hexAny[t[i+2]] || !hexAny[t[i+3]] || !hexAny[t[i+4]] || !hexAny[t[i+5]] {
			return 0, 0
		}
		r := unhex(t[i+2])<<12 | unhex(t[i+3])<<8 | unhex(t[i+4])<<4 | unhex(t[i+5])
		if r >= 0x80 || wordChars[r] || r == '"' || r == '\\' || r == '\'' {
			return 6, 0
		}
		if r < 0x20 && r != '\n' && r != '\r' && r != '\t' {
			return 6, ' '
		}
		return 6, byte(r)
	}
	return 0, 0
}

func unhex(c byte) int {
	switch {
	case c >= 'a':
		return int(c-'a') + 10
	case c >= 'A':
		return int(c-'A') + 10
	}
	return int(c - '0')
}

// snapToEscapes widens sp so that it neither starts nor ends inside an
// escape of t: a secret the view shows next to an escape is replaced
// without leaving half of the escape behind.
func snapToEscapes(t []byte, sp span) span {
	if b, n, ok := escapeAround(t, sp.start); ok && sp.start < b+n {
		sp.start = b
	}
	if b, n, ok := escapeAround(t, sp.end-1); ok && sp.end < b+n {
		sp.end = b + n
	}
	return sp
}

// escapeAround finds the escape that holds t[p] (starting at p or before),
// if one does.
func escapeAround(t []byte, p int) (int, int, bool) {
	for b := p; b >= 0 && b >= p-5; b-- {
		if t[b] != '\\' {
			continue
		}
		// Only a backslash that is not itself escaped starts an escape.
		run := 0
		for k := b - 1; k >= 0 && t[k] == '\\'; k-- {
			run++
		}
		if run%2 == 1 {
			continue
		}
		if n, _ := escapeAt(t, b); n > 0 && p < b+n {
			return b, n, true
		}
		return 0, 0, false
	}
	return 0, 0, false
}

// regexView is the view regular expressions look at: view (t's
// escapeView) with each \" also read as a quote, "" (the backslash
// becomes a quote too): a pattern such as ["'\s]{0,3} before a value, or
// ['"\s;] after it, knows nothing of escapes, and a value quoted in a
// JSON document that a tool printed is written \"...\". The rules
// written in Go read \" as one quote themselves and would take "" for an
// empty string, so they keep view. It is made once per text.
func (x *Redactor) regexView(t, view []byte) []byte {
	if x.quoteView != nil {
		return x.quoteView
	}
	k := indexString(view, `\"`)
	if k < 0 {
		x.quoteView = view
		return view
	}
	v := append(x.quoteBuf[:0], view...)
	for k >= 0 {
		if protocol.EscapedAt(t, k+1) {
			v[k] = '"'
		}
		j := indexString(v[k+2:], `\"`)
		if j < 0 {
			break
		}
		k += 2 + j
	}
	x.quoteBuf, x.quoteView = v, v
	return v
}
