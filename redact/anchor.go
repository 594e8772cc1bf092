package redact

import (
	"bytes"
	"regexp"
	"regexp/syntax"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/zsj-dev/zsj/protocol"
)

// Most regexes of a catalogue begin with one of their keywords ("ghp_",
// "hvs.", "s.", or a key name after a run of name characters): a match
// then starts where its keyword does, or a known number of bytes before.
// Such a rule is tried only there: a quick anchored check of the regex's
// keyword-led part at that place, and the whole regex, in a window, only
// where that check passes. That costs a few bytes per keyword rather
// than a window of hundreds of bytes.

// anchoredCheck is the most text after a keyword the quick check of raw
// JSON text looks at (see maybe); a match that goes on past it passes
// the check when its regex may end at the end of the text ($), and the
// rare one that cannot is taken for no match. The check in text already
// decoded gets all the text there is, up to maxExtend: the regex is
// anchored, so Go's matcher stops as soon as no match can go on.
const anchoredCheck = 256

// lit is a literal a match may start with.
type lit struct {
	text string // lower case when fold
	fold bool
	// follow, when set, holds the bytes that may come right after the
	// literal in a match.
	follow *[256]bool
	// wordStart: a \b comes before the literal, which starts with a word
	// character, so the byte before it must not be one.
	wordStart bool
	// rest is what the part of the regex the literal leads may still
	// match after it (set by newKeywordLed).
	rest litRest
}

// leadingLits returns the literals one of which every match of re starts
// with (after zero-width assertions), or false when there are none.
func leadingLits(re *syntax.Regexp) ([]lit, bool) {
	switch re.Op {
	case syntax.OpLiteral:
		fold := re.Flags&syntax.FoldCase != 0
		s := string(re.Rune)
		if fold {
			s = strings.ToLower(s)
		}
		return []lit{{text: s, fold: fold}}, s != ""
	case syntax.OpCapture:
		return leadingLits(re.Sub[0])
	case syntax.OpConcat:
		boundary := false
		for i, s := range re.Sub {
			switch s.Op {
			case syntax.OpWordBoundary:
				boundary = true
				continue
			}
			if zeroWidth(s.Op) {
				continue // as litFollows skips it
			}
			lits, ok := leadingLits(s)
			if ok && s.Op == syntax.OpLiteral && i+1 < len(re.Sub) {
				lits[0].follow = firstBytes(re.Sub[i+1])
			}
			if ok && boundary {
				for j := range lits {
					lits[j].wordStart = isWordByte(lits[j].text[0])
				}
			}
			return lits, ok
		}
	case syntax.OpAlternate:
		var out []lit
		for _, s := range re.Sub {
			l, ok := leadingLits(s)
			if !ok {
				return nil, false
			}
			out = append(out, l...)
		}
		return out, true
	}
	return nil, false
}

// firstBytes returns the bytes a match of re may start with, or nil when
// it may be empty or the set is not worked out.
func firstBytes(re *syntax.Regexp) *[256]bool {
	var set [256]bool
	switch re.Op {
	case syntax.OpLiteral:
		r := re.Rune[0]
		if r >= 0x80 {
			return nil
		}
		// Every case of r: the Kelvin sign for k, the long s for s.
		for _, f := range foldedRunes(r, re.Flags) {
			var b [utf8.UTFMax]byte
			utf8.EncodeRune(b[:], f)
			set[b[0]] = true
		}
	case syntax.OpCharClass:
		for i := 0; i+1 < len(re.Rune); i += 2 {
			lo, hi := re.Rune[i], re.Rune[i+1]
			if hi >= 0x80 {
				for c := 0x80; c < 256; c++ {
					set[c] = true // a UTF-8 lead byte
				}
			}
			for c := lo; c <= min(hi, 0x7f); c++ {
				set[c] = true
			}
		}
	case syntax.OpCapture, syntax.OpPlus:
		return firstBytes(re.Sub[0])
	case syntax.OpRepeat:
		if re.Min == 0 {
			return nil
		}
		return firstBytes(re.Sub[0])
	case syntax.OpConcat:
		if len(re.Sub) == 0 || minWidth(re.Sub[0]) == 0 {
			return nil
		}
		return firstBytes(re.Sub[0])
	case syntax.OpAlternate:
		for _, s := range re.Sub {
			f := firstBytes(s)
			if f == nil {
				return nil
			}
			for c, ok := range f {
				set[c] = set[c] || ok
			}
		}
	default:
		return nil
	}
	return &set
}

// keywordLed is how a rule whose matches start at a keyword is tried.
type keywordLed struct {
	lits    []lit
	longest int // the longest literal, in bytes
	// back is the most bytes a leading literal starts before a keyword it
	// holds (0 where each literal is a keyword, as in generic-api-key),
	// or -1 when a keyword is in no literal: only that far before a
	// keyword is a literal looked for.
	back     int
	anchored *regexp.Regexp // ^ and the keyword-led part
	lead     int            // the most bytes a match starts before that part
	// leadSet, when known, holds the bytes a match may have before that
	// part (see leadFrom).
	leadSet *[256]bool
	// quick, when set, is a cut of the keyword-led part that is tried
	// first (see prefix.go).
	quick *quickPrefix
	// first holds the bytes a leading literal may start with.
	first [256]bool
	// gap, when set, is what must follow a leading literal's rest.
	gap *gapCheck
	// escapable: a literal holds a character JSON may escape, so raw
	// text cannot be compared with it.
	escapable bool
}

// newKeywordLed returns the plan for re, parsed as p, or nil when its
// matches need not start at a keyword: every leading literal must hold
// one of the keywords, or start one. part, lead and leadSet are what
// necessary returns for p.
func newKeywordLed(re *regexp.Regexp, p *syntax.Regexp, part string, lead int, leadSet *[256]bool, keywords []kwSpec) *keywordLed {
	if part == "" {
		part = re.String()
	}
	if k := keywordLedBy(part, lead, keywords); k != nil {
		k.leadSet = leadSet
		return k
	}
	if part, lead := innerPart(p, keywords); part != "" {
		return keywordLedBy(part, lead, keywords)
	}
	return nil
}

// keywordLedBy is newKeywordLed for part, the source of a regex whose
// matches start at most lead bytes after those of the rule's.
func keywordLedBy(part string, lead int, keywords []kwSpec) *keywordLed {
	if lead < 0 || len(keywords) == 0 {
		return nil
	}
	p, err := syntax.Parse(part, syntax.Perl)
	if err != nil {
		return nil
	}
	lits, ok := leadingLits(p)
	if !ok {
		return nil
	}
	if follows := litFollows(leadPart(p)); len(follows) == len(lits) {
		for i, f := range follows {
			lits[i].rest = restOf(f)
		}
	}
	k := &keywordLed{lits: lits, lead: lead, gap: gapCheckOf(p), back: litOffsets(lits, keywords)}
	for _, l := range lits {
		if l.fold && strings.IndexFunc(l.text, func(r rune) bool { return r >= 0x80 }) >= 0 {
			return nil // startsAt folds ASCII only
		}
		low := strings.ToLower(l.text)
		covered := false
		for _, kw := range keywords {
			if strings.Contains(low, kw.text) || strings.HasPrefix(kw.text, low) {
				covered = true
			}
		}
		if !covered {
			return nil
		}
		k.longest = max(k.longest, len(l.text))
		c := l.text[0]
		k.first[c] = true
		if l.fold {
			k.first[upper(c)] = true
		}
		for _, c := range []byte(l.text) {
			if c == '"' || c == '\\' || c == '/' || c < 0x20 || c >= 0x7f {
				k.escapable = true
			}
		}
	}
	anchored, err := regexp.Compile(`^(?:` + part + `)`)
	if err != nil {
		return nil
	}
	k.anchored = anchored
	if useQuickPrefix {
		k.quick = newQuickPrefix(p)
	}
	return k
}

// litOffsets is keywordLed.back for lits and keywords: the furthest into
// a literal a keyword occurs (a literal that starts a keyword, as "passw"
// of "passwd", holds it at 0), or -1 when a keyword is in no literal.
func litOffsets(lits []lit, keywords []kwSpec) int {
	lows := make([]string, len(lits))
	for i, l := range lits {
		lows[i] = strings.ToLower(l.text)
	}
	back := 0
	for _, kw := range keywords {
		found := false
		for _, low := range lows {
			if strings.HasPrefix(kw.text, low) {
				found = true
			}
			for i := 0; ; {
				j := strings.Index(low[i:], kw.text)
				if j < 0 {
					break
				}
				back, found = max(back, i+j), true
				i += j + 1
			}
		}
		if !found {
			return -1
		}
	}
	return back
}

// from is the first place find and maybe try for a leading literal that
// holds the keyword at start: back bytes before it, or where the caller
// otherwise would (wide, from the longest literal) when back is not
// known. (generic-api-key's quick check tried the seven literals at eight
// places before each "key", a quarter of its time on the realistic log.)
func (k *keywordLed) from(start, wide int) int {
	if k.back >= 0 {
		return max(start-k.back, 0)
	}
	return max(wide, 0)
}

// useQuickPrefix: keyword-led rules try a cut of their regex first; a
// test turns it off to compare.
var useQuickPrefix = true

// startsAt reports whether a leading literal occurs in t at q.
func (k *keywordLed) startsAt(t []byte, q int) bool {
	if q >= len(t) || !k.first[t[q]] {
		return false // most places: find tries each before a keyword
	}
	for _, l := range k.lits {
		n := q + len(l.text)
		if n > len(t) {
			continue
		}
		if l.follow != nil && n < len(t) && !l.follow[t[n]] || l.wordStart && q > 0 && isWordByte(t[q-1]) {
			continue
		}
		u := t[q:n]
		if !l.fold {
			if string(u) == l.text {
				return true
			}
			continue
		}
		if equalFoldASCII(u, l.text) {
			return true
		}
	}
	return false
}

// goesOn reports whether, after a leading literal at q in t, a match
// may go on (see gapCheck).
func (k *keywordLed) goesOn(t []byte, q int) bool {
	if !checkAfterLiterals {
		return true
	}
	for i := range k.lits {
		l := &k.lits[i]
		if !l.at(t, q) {
			continue
		}
		n := q + len(l.text)
		if !runStepsAt(l.rest.steps, t, n) {
			continue
		}
		if k.gap == nil || k.gap.holdsAfter(t, n, &l.rest) {
			return true
		}
	}
	return false
}

// checkAfterLiterals: goesOn reads what follows a leading literal; a
// test turns it off to compare.
var checkAfterLiterals = true

// at reports whether l occurs in t at q.
func (l *lit) at(t []byte, q int) bool {
	n := q + len(l.text)
	if n > len(t) {
		return false
	}
	if l.follow != nil && n < len(t) && !l.follow[t[n]] || l.wordStart && q > 0 && isWordByte(t[q-1]) {
		return false
	}
	u := t[q:n]
	if !l.fold {
		return string(u) == l.text
	}
	return equalFoldASCII(u, l.text)
}

// find calls yield with the matches of m.re near the keyword spans near,
// trying it only where its keyword-led part matches at a keyword.
func (k *keywordLed) find(m *regexMatcher, t []byte, near []span, yield func(start, end int)) {
	last, tried, checked := 0, -1, 0
	for i, n := range near {
		if dense(checked, n.start-near[0].start) {
			// The regex ran at keywords that close together: one pass
			// over the merged windows of the keywords left costs less
			// than a run at each.
			matchesNear(m, t, near[i:], last, yield)
			return
		}
		for q := max(k.from(n.start, n.start-k.longest+1), tried+1); q <= n.start; q++ {
			tried = q
			if q < last || !k.startsAt(t, q) || !k.goesOn(t, q) {
				continue
			}
			// Only the runs of the regex count towards density: the
			// walk of the quick check turns most keywords of source code
			// down for far less than a window's search ("token" every 50
			// bytes in Go source took the rule to merged windows, 95 us
			// a string of 16 KB).
			part := t[q:min(len(t), q+maxExtend)]
			if k.quick != nil && !k.quick.walks(part[:min(len(part), k.quick.span())]) {
				continue
			}
			checked++
			if !k.anchored.Match(part) {
				continue
			}
			last = m.searchWindow(t, k.leadFrom(t, q), min(q+m.width, len(t)), last, true, yield)
		}
	}
}

// leadFrom is where the window for a match whose keyword-led part starts
// at q begins: lead bytes before q, or after the last byte before q that
// no such match may hold (the space before "Credential", where the
// [\w.-]{0,50}? of generic-api-key cannot start). Go's matcher reads a
// window of that regex at some 0.4 us a byte, and the bytes before a
// match were most of the window (a match that starts further back holds
// a keyword-led part further back, and is the window's of that part).
func (k *keywordLed) leadFrom(t []byte, q int) int {
	lo := max(q-k.lead, 0)
	if k.leadSet == nil {
		return lo
	}
	s := q
	for s > lo && k.leadSet[t[s-1]] {
		s--
	}
	return s
}

// maybe is the quick check of a keyword-led rule on the raw text of a
// JSON string (or line), at a keyword in raw[start:end]: whether its
// keyword-led part matches where the keyword is. An escape within reach
// is decoded first; when too many escapes leave too little text to
// tell, or a leading literal holds a character JSON may escape, the
// answer is yes.
func (m *regexMatcher) maybe(raw []byte, start, end int) bool {
	m.init()
	k := m.led
	if k == nil || k.escapable {
		return true
	}
	limit := min(m.width, anchoredCheck) + 1
	// The raw text is cut far out: Go's matcher, anchored, stops where
	// no match can go on, and a long text keeps it from the backtracker,
	// whose set-up costs time in proportion to the text. (Not at
	// maxExtend: a .* runs over all the escaped line breaks of raw text.)
	const rawLimit = 4 << 10
	var buf *[]byte
	defer func() {
		if buf != nil {
			decodePool.Put(buf)
		}
	}()
	// The run the rule needs lies in what the check below looks at:
	// the regex's width from q when it has one, else rawLimit bytes.
	runLimit := rawLimit
	if m.width < maxWindow {
		runLimit = m.width + 1
	}
	// A leading literal holds the keyword, so it starts at most its own
	// length before the keyword's end, or starts the keyword (see
	// newKeywordLed).
	for q := k.from(start, min(end-k.longest, start)); q <= start; q++ {
		if !k.startsAt(raw, q) || !k.goesOn(raw, q) || m.req != nil && !m.req.rawRun(raw[q:], runLimit) {
			continue
		}
		if qp := k.quick; qp != nil {
			if matched, sure := regionMatch(raw, q, qp.walks, qp.span(), qp.span(), &buf); sure && !matched {
				continue
			}
		}
		if matched, sure := regionMatch(raw, q, k.anchored.Match, limit, rawLimit, &buf); matched || !sure {
			return true
		}
	}
	return false
}

// regionMatch runs match, an anchored check, at q in raw JSON text: on
// at least limit bytes of the text decoded, when an escape is within
// reach, else on rawLimit bytes of raw. sure is false when too many
// escapes leave too little text to tell. buf is a decoding buffer from
// decodePool, taken when first needed.
func regionMatch(raw []byte, q int, match func([]byte) bool, limit, rawLimit int, buf **[]byte) (matched, sure bool) {
	// Enough raw text for limit decoded bytes: an escape takes at most 6
	// bytes for one.
	cut := min(len(raw), q+limit)
	if n := bytes.Count(raw[q:cut], []byte{'\\'}); n > 0 {
		cut = min(len(raw), cut+5*n+1)
	}
	region := raw[q:cut]
	if bytes.IndexByte(region, '\\') < 0 {
		return match(raw[q:min(len(raw), q+rawLimit)]), true
	}
	if cut < len(raw) {
		// Leave out an escape the cut may split.
		if i := bytes.LastIndexByte(region[max(len(region)-6, 0):], '\\'); i >= 0 {
			region = region[:max(len(region)-6, 0)+i]
		}
	}
	if *buf == nil {
		*buf = decodePool.Get().(*[]byte)
	}
	// Decoded once, the text may still hold the escapes of a JSON
	// document printed into it, which the rule reads through the escape
	// view: decode those too.
	b := viewText(protocol.AppendUnescaped((**buf)[:0], region))
	**buf = b
	if len(b) < limit && cut < len(raw) {
		return false, false
	}
	return match(b), true
}

// equalFoldASCII reports whether u equals the lower-case s, ASCII case
// aside.
func equalFoldASCII(u []byte, s string) bool {
	for i, c := range u {
		if lower[c] != s[i] {
			return false
		}
	}
	return true
}

// decodePool holds maybe's buffers: it runs on many goroutines at once.
var decodePool = sync.Pool{New: func() any { b := make([]byte, 0, 3*anchoredCheck+8); return &b }}

// denseHits reports whether keywords are closer than every 64 bytes on
// average in t: then running the rules costs less than a quick check at
// each keyword, and regex rules look in windows (see matchesNear).
func denseHits(hits []hit, t []byte) bool { return dense(len(hits), len(t)) }

// dense reports whether n things over length bytes come closer than
// every 64 bytes on average, and are more than a handful: where checking
// each costs more than one pass over them all.
func dense(n, length int) bool { return n > 16 && n*64 >= length }

func isWordByte(c byte) bool {
	return c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}
