package redact

import "sort"

// Text that a tool printed may itself hold JSON strings: cat of a JSON
// file, a log line, an HTTP body. Once the event's own string is decoded,
// their escapes are still there as text: "x\nghp_..." has a backslash and
// an "n" before the token, and the "n" would glue onto it as a word
// character; a value quoted in a printed JSON document reads \"...\", and
// a pattern such as ['"\s]{0,5} before it sees a backslash. The rules
// therefore look at a view of the text with those escapes decoded, each
// to the one character it stands for, and x.viewEsc says where in the
// text each character of the view comes from, so that a span found in
// the view is replaced in the text, whole escapes included.
//
// Decoded are \" \\ \/ \n \r \t \b \f and \u00XX for ASCII characters;
// other \u escapes stand for characters no rule looks for and stay as
// they are written. A backslash that starts no escape stays too.

// escapeView returns the view of t the rules look at: t itself when t
// holds no backslash (the common case: one IndexByte, and x.viewEsc is
// empty), else the decoded text in x.view, with x.viewEsc saying where
// each decoded escape is in both.
func (x *Redactor) escapeView(t []byte) []byte {
	x.viewEsc = x.viewEsc[:0]
	i := indexByte(t, '\\')
	if i < 0 {
		return t
	}
	v := x.view[:0]
	prev := 0
	for i >= 0 {
		i += prev
		if n, c := escapeAt(t, i); n > 0 {
			v = append(v, t[prev:i]...)
			x.viewEsc = append(x.viewEsc, viewEscape{v: int32(len(v)), t: int32(i), tEnd: int32(i + n)})
			v = append(v, c)
			prev = i + n
		} else {
			v = append(v, t[prev:i+1]...)
			prev = i + 1
		}
		i = indexByte(t[prev:], '\\')
	}
	v = append(v, t[prev:]...)
	x.view = v
	return v
}

// viewText decodes in b, in place, the escapes the view decodes, and
// returns the decoded text: the view of b without the map back.
func viewText(b []byte) []byte {
	i := indexByte(b, '\\')
	if i < 0 {
		return b
	}
	w := i
	for r := i; r < len(b); {
		if n, c := escapeAt(b, r); n > 0 {
			b[w] = c
			w, r = w+1, r+n
			continue
		}
		b[w] = b[r]
		w, r = w+1, r+1
	}
	return b[:w]
}

// viewEscape is an escape the view decodes: its character is at v in the
// view, and it is written in t[t:tEnd].
type viewEscape struct{ v, t, tEnd int32 }

// escapeAt returns the length of the escape that starts at t[i] and the
// character it stands for; 0 when none that the view decodes starts
// there.
func escapeAt(t []byte, i int) (n int, c byte) {
	if t[i] != '\\' || i+1 >= len(t) {
		return 0, 0
	}
	switch e := t[i+1]; e {
	case '\\', '"', '/':
		return 2, e
	case 'n', 'r', 't', 'b', 'f':
		return 2, controlEscape[e]
	case 'u':
		if i+6 > len(t) || t[i+2] != '0' || t[i+3] != '0' || !hexAny[t[i+4]] || !hexAny[t[i+5]] || t[i+4] > '7' {
			return 0, 0
		}
		return 6, byte(unhex(t[i+4])<<4 | unhex(t[i+5]))
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

// viewPos returns where the character of the text at p is in the view
// (the next one, when p is inside an escape).
func (x *Redactor) viewPos(p int) int {
	esc := x.viewEsc
	k := sort.Search(len(esc), func(k int) bool { return int(esc[k].t) >= p })
	if k == 0 {
		return p
	}
	e := esc[k-1]
	if p < int(e.tEnd) {
		return int(e.v) + 1
	}
	return int(e.v) + 1 + p - int(e.tEnd)
}

// textPos returns where the character at p of the view starts in the
// text (len(text) for the end of the view).
func (x *Redactor) textPos(p int) int {
	esc := x.viewEsc
	k := sort.Search(len(esc), func(k int) bool { return int(esc[k].v) >= p })
	if k == 0 {
		return p
	}
	e := esc[k-1]
	return int(e.tEnd) + p - int(e.v) - 1
}

// textSpan returns the span of the text that the view's span [start,
// end) decodes from: whole escapes.
func (x *Redactor) textSpan(start, end int) (int, int) {
	return x.textPos(start), x.textPos(end)
}
