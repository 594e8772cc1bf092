package redact

import "encoding/base64"

var base64Any = newClass("A-Za-z0-9+/_-") // either alphabet

// findBase64: the keyword at pos is inside a base64 run; decode the part
// of the run around it and return the encoded span of the first secret
// found there that does not end before pos.
func (d *decoder) findBase64(t []byte, pos int) (int, int, bool) {
	start := pos
	for start > 0 && base64Any[t[start-1]] && pos-start <= encodedWindow {
		start--
	}
	end := pos
	for end < len(t) && base64Any[t[end]] && end-pos < encodedWindow {
		end++
	}
	if end-start < minBase64Run {
		return 0, 0, false
	}
	if start == 0 || !base64Any[t[start-1]] {
		return d.base64Spans(t, pos, start, end)
	}
	// The run starts further back: which of the 4 characters of a group
	// start is at is not known, so each is tried.
	for phase := 0; phase < 4; phase++ {
		if s, e, ok := d.base64Spans(t, pos, start+phase, end); ok {
			return s, e, true
		}
	}
	return 0, 0, false
}

// base64Spans decodes t[from:end], from the start of a group, and returns
// the encoded span of the first secret found in it that ends after pos.
func (d *decoder) base64Spans(t []byte, pos, from, end int) (int, int, bool) {
	to := from + (end-from)/4*4
	if end-to >= 2 && (end >= len(t) || !base64Any[t[end]]) {
		to = end // a last partial group
	}
	if to-from < minBase64Run {
		return 0, 0, false
	}
	text, ok := decodeBase64(t[from:to])
	if !ok {
		return 0, 0, false
	}
	for _, sp := range d.spans(text) {
		s := from + sp.start/3*4
		e := min(from+(sp.end+2)/3*4, to)
		if e > pos {
			return s, e, true
		}
	}
	return 0, 0, false
}

// decodeBase64 decodes a run without padding in either alphabet, if what
// it stands for reads as text.
func decodeBase64(run []byte) ([]byte, bool) {
	std := make([]byte, len(run))
	for i, c := range run {
		switch c {
		case '-':
			c = '+'
		case '_':
			c = '/'
		}
		std[i] = c
	}
	if len(std)%4 == 1 {
		std = std[:len(std)-1]
	}
	out := make([]byte, base64.RawStdEncoding.DecodedLen(len(std)))
	n, err := base64.RawStdEncoding.Decode(out, std)
	if err != nil {
		return nil, false
	}
	return out[:n], readsAsText(out[:n])
}

// readsAsText: nearly all bytes are printable ASCII, blanks or line
// breaks, or start UTF-8 sequences; binary data that happens to hold a
// keyword's encoding is left alone.
func readsAsText(b []byte) bool {
	bad := 0
	for _, c := range b {
		if c < 0x20 && c != '\n' && c != '\r' && c != '\t' || c == 0x7f {
			bad++
		}
	}
	return len(b) > 0 && bad*20 <= len(b)
}

// urlText is what a percent-encoded run is made of.
var urlText = newClass("A-Za-z0-9%+._~:/?#@!$&'()*,;=[]-")

// findPercent: the keyword at pos is inside a run of URL text with %XX
// escapes near it; decode the run and return the encoded span of the
// first secret found in it that does not end before pos.
func (d *decoder) findPercent(t []byte, pos int) (int, int, bool) {
	if !maybePercent(t, pos, pos) {
		return 0, 0, false // most text near a keyword has no escape
	}
	start, end := pos, pos
	for start > 0 && urlText[t[start-1]] && pos-start < encodedWindow {
		start--
	}
	for end < len(t) && urlText[t[end]] && end-pos < encodedWindow {
		end++
	}
	run := t[start:end]
	if !hasPercentEscape(run) {
		return 0, 0, false
	}
	text := make([]byte, 0, len(run))
	at := make([]int, 0, len(run)+1) // at[i]: where text[i] is written in t
	for i := 0; i < len(run); {
		at = append(at, start+i)
		if c := run[i]; c == '%' && i+2 < len(run) && hexAny[run[i+1]] && hexAny[run[i+2]] {
			text = append(text, byte(unhex(run[i+1])<<4|unhex(run[i+2])))
			i += 3
			continue
		} else if c == '+' {
			text = append(text, ' ')
		} else {
			text = append(text, c)
		}
		i++
	}
	at = append(at, end)
	for _, sp := range d.spans(text) {
		s, e := at[sp.start], at[sp.end]
		if e > pos {
			return s, e, true
		}
	}
	return 0, 0, false
}

func hasPercentEscape(run []byte) bool {
	for i := 0; ; i++ {
		j := indexByte(run[i:], '%')
		if j < 0 {
			return false
		}
		if i += j; urlEscape(run, i) {
			return true
		}
	}
}

// urlEscape reports whether the % at i starts an escape of a printable
// ASCII character, as URLs escape punctuation (%3D, %2F, %20); format
// verbs such as %08x or %d are no such escape.
func urlEscape(t []byte, i int) bool {
	return i+2 < len(t) && t[i+1] >= '2' && t[i+1] <= '7' && hexAny[t[i+2]]
}

// maybeBase64: a keyword's encoding is inside a base64 run long enough to
// decode. (A run holds no backslash, so no escape is looked at.)
func maybeBase64(raw []byte, _, end int) bool {
	a := end
	for a > 0 && base64Any[raw[a-1]] && end-a < minBase64Run {
		a--
	}
	b := end
	for b < len(raw) && base64Any[raw[b]] && b-a < minBase64Run {
		b++
	}
	return b-a >= minBase64Run
}

// maybePercent: a %XX escape is near the keyword, in the text around it
// that a URL may be made of. Raw JSON text may write a character of that
// text escaped, so an escape is taken for URL text.
func maybePercent(raw []byte, _, end int) bool {
	return nextEscape(raw, max(0, end-encodedWindow), min(len(raw), end+encodedWindow)) >= 0
}
