package view

import (
	"strings"
	"unicode"
)

// styles draws the screen's own decorations (the list's header and
// cursor, search hits). With color off only reverse video is used, which
// is not a color: the cursor and the hits must stay visible.
type styles struct{ color bool }

const (
	sgrReset   = "\x1b[0m"
	sgrBold    = "\x1b[1m"
	sgrFaint   = "\x1b[2m"
	sgrReverse = "\x1b[7m"
	sgrRed     = "\x1b[31m"
	sgrYellow  = "\x1b[33m"
)

func (s styles) wrap(sgr, text string) string { return sgr + text + sgrReset }

func (s styles) bold(t string) string {
	if !s.color {
		return t
	}
	return s.wrap(sgrBold, t)
}

func (s styles) faint(t string) string {
	if !s.color {
		return t
	}
	return s.wrap(sgrFaint, t)
}

func (s styles) red(t string) string {
	if !s.color {
		return t
	}
	return s.wrap(sgrRed, t)
}

func (s styles) yellow(t string) string {
	if !s.color {
		return t
	}
	return s.wrap(sgrYellow, t)
}

func (s styles) reverse(t string) string { return s.wrap(sgrReverse, t) }

// highlight reverses every case-insensitive occurrence of query in the
// plain text t.
func (s styles) highlight(t, query string) string {
	if query == "" {
		return t
	}
	lower, q := strings.ToLower(t), strings.ToLower(query)
	if len(lower) != len(t) {
		return t // case folding changed the length: no safe offsets
	}
	var b strings.Builder
	for {
		i := strings.Index(lower, q)
		if i < 0 {
			b.WriteString(t)
			return b.String()
		}
		b.WriteString(t[:i])
		b.WriteString(s.reverse(t[i : i+len(q)]))
		t, lower = t[i+len(q):], lower[i+len(q):]
	}
}

// printable replaces the control characters of text from a log (escape
// sequences in a run id or a file name) so that it cannot drive the
// terminal: pretty does the same for what it draws.
func printable(s string) string {
	if strings.IndexFunc(s, unicode.IsControl) < 0 {
		return s
	}
	return strings.Map(func(r rune) rune {
		if unicode.IsControl(r) {
			return '\uFFFD'
		}
		return r
	}, s)
}
