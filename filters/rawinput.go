package filters

import "unicode/utf8"

// rawString is a line read with -R: the line as a string, without its
// newline (a carriage return before it stays, as in jq); invalid UTF-8 is
// read as U+FFFD, or refused with --strict. ok is false for a refused
// line, which is reported.
func (w *worker) rawString(text []byte) (s string, ok bool) {
	if w.crlf {
		text = append(text[:len(text):len(text)], '\r')
	}
	if !utf8.Valid(text) {
		if w.f.opts.Strict {
			w.reportBadLine(&SyntaxError{Offset: firstInvalid(text), Msg: "invalid UTF-8", kind: badUTF8})
			return "", false
		}
		w.warnUTF8()
		text = toValidUTF8(text)
	}
	return string(text), true
}

// firstInvalid is the offset of the first byte of b that is not UTF-8.
func firstInvalid(b []byte) int {
	for i := 0; i < len(b); {
		r, size := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && size == 1 {
			return i
		}
		i += size
	}
	return len(b)
}

// rawLine evaluates a line read with -R.
func (w *worker) rawLine(text []byte) {
	if s, ok := w.rawString(text); ok {
		w.run(s)
	}
}
