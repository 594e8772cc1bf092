package redact

import (
	"bytes"
	"unicode/utf8"

	"github.com/zsj-dev/zsj/protocol"
)

// Streaming splits a run's answer and reasoning into many small events:
// a token the model writes may start at the end of one `text` delta and
// end at the start of the next. Each event on its own holds only part of
// it, which no rule matches. The functions here let the caller that sees
// the events in order scan the join of two deltas of one run: Join finds
// the secrets that straddle it, and RedactDeltaSpan replaces each event's
// part of one, so that both stay valid events.

// deltaWindow is how many bytes of each delta's text Join looks at on
// either side of the join: more than the longest token shape of the
// rules. (A private key block is longer: split over deltas, it is found
// only when the two deltas of one join hold it whole.)
const deltaWindow = 512 // bytes

// Delta is a text or reasoning event: where its delta is in the line and
// what it says.
type Delta struct {
	RunID []byte // the runId value as it stands in the line, quotes included
	// Start and End are the bytes of the delta string in the line, quotes
	// included.
	Start, End int
	Text       []byte // the decoded text; it may point into the line
}

// deltaKey is how every delta event spells its member, but for the
// opening quote: a line without it is passed over without being read.
// (Searching for a quote first stopped at every key of the line: a
// quarter of the time spent on a log of small deltas.)
var deltaKey = []byte(protocol.FieldDelta + `"`)

// deltaKeyWithin is how far into a line deltaKey is looked for: in a
// delta event only the small members (schemaVersion, type, runId) may
// come before it, and tool outputs of megabytes are not searched to
// their ends. A delta event whose key comes later is not taken for one.
const deltaKeyWithin = 4 << 10 // bytes

// DeltaOf reports whether line is a JSON object with a "type" of "text"
// or "reasoning", a string "delta" and a string "runId", and if so where
// its delta is. A key that repeats counts the last time, as decoders read
// it. It reads the line by structure only (protocol.QuickMember), as it
// reads every delta of a log, where a check of each string cost as much
// again as redacting them; RedactDeltaSpan checks the lines it changes.
func DeltaOf(line []byte) (Delta, bool) {
	i, ok := firstMember(line)
	if !ok {
		return Delta{}, false
	}
	var d Delta
	var typ []byte
	for {
		m, next, closed, err := protocol.QuickMember(line, i)
		if err != nil {
			return Delta{}, false
		}
		if len(m.Value) >= 2 && m.Value[0] == '"' {
			switch string(m.Key) {
			case protocol.FieldType:
				typ = m.Value
			case protocol.FieldRunID:
				d.RunID = m.Value
			case protocol.FieldDelta:
				d.Start, d.End = m.ValueStart, m.ValueStart+len(m.Value)
			}
		}
		if closed {
			if protocol.EndOfLine(line, next) != nil {
				return Delta{}, false
			}
			break
		}
		i = next
	}
	raw := line[d.Start:d.End]
	return d.finish(typ, raw, bytes.IndexByte(raw, '\\') >= 0)
}

// checkedDelta is DeltaOf for a line that must be valid JSON: it reads
// the members with protocol's steps, checking each value as ParseObject
// would (but for repeated keys) and keeping nothing.
func checkedDelta(line []byte) (Delta, bool) {
	i, ok := firstMember(line)
	if !ok {
		return Delta{}, false
	}
	var d Delta
	var typ []byte
	deltaEscaped := false
	for {
		kend, kesc, err := protocol.ScanKey(line, i)
		if err != nil {
			return Delta{}, false
		}
		key := line[i+1 : kend-1]
		v := protocol.AfterKey(line, kend)
		if v < 0 {
			return Delta{}, false
		}
		vend, err := protocol.SkipValue(line, v, 1)
		if err != nil {
			return Delta{}, false
		}
		if !kesc && line[v] == '"' {
			switch string(key) {
			case protocol.FieldType:
				typ = line[v:vend]
			case protocol.FieldRunID:
				d.RunID = line[v:vend]
			case protocol.FieldDelta:
				d.Start, d.End = v, vend
				deltaEscaped = bytes.IndexByte(line[v+1:vend-1], '\\') >= 0
			}
		}
		next, closed := protocol.AfterValue(line, vend, '}')
		if next < 0 {
			return Delta{}, false
		}
		if closed {
			if protocol.EndOfLine(line, next) != nil {
				return Delta{}, false
			}
			break
		}
		i = next
	}
	return d.finish(typ, line[d.Start:d.End], deltaEscaped)
}

// firstMember returns where the first member of a line that may be a
// delta event starts: not ok when the line cannot be one (no delta key
// near its start, not an object, an empty one).
func firstMember(line []byte) (int, bool) {
	if !bytes.Contains(line[:min(len(line), deltaKeyWithin)], deltaKey) {
		return 0, false
	}
	i := protocol.SkipSpace(line, 0)
	if i >= len(line) || line[i] != '{' {
		return 0, false
	}
	i, empty := protocol.Open(line, i)
	return i, !empty
}

// finish checks what DeltaOf and checkedDelta read of a line (the type
// as it stands, quotes included; raw, the delta string) and decodes the
// delta's text.
func (d Delta) finish(typ, raw []byte, escaped bool) (Delta, bool) {
	if d.RunID == nil || d.End == 0 {
		return Delta{}, false
	}
	switch string(typ) {
	case `"` + protocol.TypeText + `"`, `"` + protocol.TypeReasoning + `"`:
	default:
		return Delta{}, false
	}
	d.Text = protocol.StringValue(protocol.Value{Raw: raw, Kind: protocol.KindString, Escaped: escaped})
	return d, true
}

// tail is the end of a delta's text that Join looks at.
func tail(text []byte) []byte { return text[max(0, len(text)-deltaWindow):] }

// head is the start of a delta's text that Join looks at.
func head(text []byte) []byte { return text[:min(len(text), deltaWindow)] }

// Straddle is what Join found across the join of two deltas: the bytes
// of each one's redacted text to replace (Start == End: none on that
// side), and the secrets that only the join shows, each once.
type Straddle struct {
	PrevStart, PrevEnd int
	NextStart, NextEnd int
	Matches            []Match
}

// Join scans the join of two consecutive deltas of a run with the text
// rules: the end of the first one's decoded text (prev, as it was read)
// and the start of the next one's (next). It reports the secrets that
// only the joined text shows: those that straddle the join, or that a
// keyword on one side reveals on the other, and where they lie in each
// delta's text as it now stands, redacted on its own (prevRedacted,
// nextRedacted). A secret that one side redacted whole on its own is not
// made longer by the other side's text: when a token's first part is a
// token too (its body is long enough), only that part is replaced.
//
// Only deltaWindow bytes of each side are looked at; a match that runs
// into the edge of a window cut short is not reported, as the cut, not
// the text, may have made it. The bytes between the first and the last
// secret found at one join are replaced as one: two secrets at one join
// are next to unheard of.
func (x *Redactor) Join(prev, prevRedacted, next, nextRedacted []byte) (Straddle, bool) {
	pt, nh := tail(prev), head(next)
	// Nearly every join holds nothing: the joined text goes in a buffer
	// kept for the next join, and what is found is copied out below.
	x.joined = append(append(x.joined[:0], pt...), nh...)
	if gateJoins {
		// A tenth of the joins of real text hold a keyword ("key" in
		// "keyboard", "s." of "it's. "); the rules' quick checks rule
		// out all but about one in a hundred of those, where running
		// the rules cost a microsecond each.
		x.hits = x.rs.pf.scan(x.joined, x.hits[:0])
		if !x.mayMatchText(x.joined, x.hits) {
			return Straddle{}, false
		}
	}
	both, matches := x.RedactText(x.joined)
	if len(matches) == 0 {
		return Straddle{}, false
	}
	both = append([]byte(nil), both...)
	matches = append([]Match(nil), matches...)
	// What each side shows redacted on its own, one after the other, and
	// where that differs from the join redacted: the bytes to replace.
	redPrev, prevMatches := x.RedactText(pt)
	sides := append([]byte(nil), redPrev...)
	matches = without(matches, prevMatches)
	redNext, nextMatches := x.RedactText(nh)
	matches = without(matches, nextMatches)
	l := len(sides)
	sides = append(sides, redNext...)
	p := commonPrefix(sides, both)
	s := commonSuffix(sides[p:], both[p:])
	start, end := p, len(sides)-s
	if start >= end || len(matches) == 0 {
		return Straddle{}, false
	}
	if len(pt) < len(prev) && start == 0 || len(nh) < len(next) && end == len(sides) {
		return Straddle{}, false
	}
	// A secret that one side redacted whole on its own is not made longer
	// by the text across the join: "sk-...", then "nothing here", is a key
	// and a word, though the key's characters would run on into the word.
	repl := x.rs.repl
	if start >= l && bytes.HasSuffix(sides[:l], repl) || end <= l && bytes.HasPrefix(sides[l:], repl) {
		return Straddle{}, false
	}
	// The sides' own redaction of their windows is that of the whole
	// texts near the join: count the prev side's bytes from its end.
	var st Straddle
	if start < l {
		from, to := l-start, l-min(end, l) // bytes before the end
		if from > len(prevRedacted) || !bytes.HasSuffix(prevRedacted[:len(prevRedacted)-to], sides[start:min(end, l)]) {
			return Straddle{}, false
		}
		st.PrevStart, st.PrevEnd = len(prevRedacted)-from, len(prevRedacted)-to
	}
	if end > l {
		from, to := max(start, l)-l, end-l
		if to > len(nextRedacted) || !bytes.Equal(nextRedacted[from:to], sides[l+from:l+to]) {
			return Straddle{}, false
		}
		st.NextStart, st.NextEnd = from, to
	}
	st.Matches = matches
	return st, true
}

// gateJoins: Join runs the rules only where mayMatchText lets it; a test
// turns it off to compare.
var gateJoins = true

// without returns ms without one match like each of drop: those found
// on one side alone were found when its line was redacted.
func without(ms, drop []Match) []Match {
	for _, d := range drop {
		for i, m := range ms {
			if m.Rule == d.Rule && m.Fingerprint == d.Fingerprint {
				ms = append(ms[:i], ms[i+1:]...)
				break
			}
		}
	}
	return ms
}

// RedactDeltaSpan appends to dst line with the bytes start to end of its
// delta's decoded text replaced by repl, and returns it. Escapes in the
// string stay as they were; one that a bound falls inside is replaced
// whole. repl is written as JSON string text. It returns nil, and changes
// nothing, when line is not valid JSON with its delta where d says.
func RedactDeltaSpan(dst, line []byte, d Delta, start, end int, repl string) []byte {
	if c, ok := checkedDelta(line); !ok || c.Start != d.Start || c.End != d.End {
		return nil
	}
	raw := line[d.Start+1 : d.End-1] // between the quotes
	rs, re := rawSpan(raw, start, end)
	dst = append(dst, line[:d.Start+1+rs]...)
	quoted := protocol.AppendQuoted(nil, []byte(repl))
	dst = append(dst, quoted[1:len(quoted)-1]...)
	return append(dst, line[d.Start+1+re:]...)
}

// rawSpan maps the decoded bytes start to end of the JSON string text raw
// to raw's bytes: the escapes and characters that make them up.
func rawSpan(raw []byte, start, end int) (rs, re int) {
	rs, re = len(raw), len(raw)
	dec := 0 // decoded bytes before raw[i]
	for i := 0; i < len(raw); {
		n, w := 1, 1 // raw bytes, decoded bytes of this character
		if raw[i] == '\\' && i+1 < len(raw) {
			r, m := protocol.DecodeEscape(raw[i:])
			n, w = m, utf8.RuneLen(r)
			if w < 0 {
				w = len(string(utf8.RuneError))
			}
		}
		if dec+w > start && rs == len(raw) {
			rs = i
		}
		if dec >= end {
			re = i
			break
		}
		dec += w
		i += n
	}
	return rs, re
}

func commonPrefix(a, b []byte) int {
	n := min(len(a), len(b))
	i := 0
	for i < n && a[i] == b[i] {
		i++
	}
	return i
}

func commonSuffix(a, b []byte) int {
	n := min(len(a), len(b))
	i := 0
	for i < n && a[len(a)-1-i] == b[len(b)-1-i] {
		i++
	}
	return i
}
