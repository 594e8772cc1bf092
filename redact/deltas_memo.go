package redact

import (
	"bytes"

	"github.com/zsj-dev/zsj/protocol"
)

// The deltas of a run repeat one shape line after line: the same version,
// type and run id, then the delta as the last member. DeltaReader reads
// a line that starts with the exact bytes of the previous delta line up
// to its delta string as that line was read, but for the new string: the
// members before it are the same bytes, so DeltaOf would find the same
// type and run id in them. On a log of small deltas, DeltaOf was a sixth
// of zsj redact's time.

// maxDeltaMemo bounds the bytes copied per remembered line: a delta event
// needs about a hundred.
const maxDeltaMemo = 256

// DeltaReader is DeltaOf for the lines of a stream, read in order by one
// goroutine.
type DeltaReader struct {
	valid  bool
	prefix []byte // the last delta line up to its delta string
	// Where its run id is in the prefix, quotes included.
	runStart, runEnd int
	// decoded holds the texts of the deltas with escapes it read since
	// Reset, one after another: a delta in seven has one, and a buffer of
	// its own for each was a tenth of what zsj redact allocated.
	decoded []byte
	// shape is what OfShaped knows of the lines of the parser's current
	// shape: valid when they are delta events whose delta is the string
	// at start, with the run id where runStart and runEnd say.
	shape struct {
		valid                   bool
		start, runStart, runEnd int
	}
}

// Reset lets the reader write over the texts it decoded: the Deltas it
// returned before must no longer be used.
func (r *DeltaReader) Reset() { r.decoded = r.decoded[:0] }

// Of is DeltaOf(line). The text of a delta with escapes is valid until
// Reset.
func (r *DeltaReader) Of(line []byte) (Delta, bool) {
	if d, ok := r.likePrevious(line); ok {
		return d, true
	}
	d, ok := DeltaOf(line)
	r.remember(line, d, ok)
	return d, ok
}

// OfShaped is Of for the lines of a stream that a protocol.Parser checks
// in the same order, each given here after its check: known says the
// parser accepted the line, which stands as checked, and start and
// repeated are what its LastString then said. The parser has then seen
// that the line is valid and the same bytes as the one that set its
// shape up to start, its last value a string there. When a line of that
// shape read here was a delta event with its delta there, so is this one,
// of the same type and run: the bytes before its delta are not read
// again, nor those after it. (On a log of small deltas, where zsj redact
// reads each line with its parser and again here, reading it again was
// a twelfth of its CPU time.)
func (r *DeltaReader) OfShaped(line []byte, known bool, start int, repeated bool) (Delta, bool) {
	sh := &r.shape
	if !known || start <= 0 {
		sh.valid = false
		return r.Of(line)
	}
	if repeated && sh.valid && sh.start == start && start < len(line) {
		// After the string only white space and the closing brace:
		// its closing quote is the last one of the line.
		end := bytes.LastIndexByte(line, '"') + 1
		if end-1 > start {
			return r.delta(line, line[sh.runStart:sh.runEnd], start, end), true
		}
	}
	d, ok := r.Of(line)
	sh.valid = false
	if ok && d.Start == start {
		runStart := cap(line) - cap(d.RunID)
		sh.valid = runStart >= 0 && runStart+len(d.RunID) <= start
		sh.start, sh.runStart, sh.runEnd = start, runStart, runStart+len(d.RunID)
	}
	return d, ok
}

// LoseShape is told of a line of the stream that OfShaped does not read:
// what it knew of the parser's shape no longer holds.
func (r *DeltaReader) LoseShape() { r.shape.valid = false }

// delta returns the Delta of line whose run id is runID and whose delta
// string is line[start:end], quotes included, its text decoded when it
// has escapes (valid until Reset).
func (r *DeltaReader) delta(line, runID []byte, start, end int) Delta {
	text := line[start+1 : end-1]
	if bytes.IndexByte(text, '\\') >= 0 {
		from := len(r.decoded)
		r.decoded = protocol.AppendUnescaped(r.decoded, text)
		text = r.decoded[from:len(r.decoded):len(r.decoded)]
	}
	return Delta{RunID: runID, Start: start, End: end, Text: text}
}

// likePrevious reads line with the memo; not ok when it cannot.
func (r *DeltaReader) likePrevious(line []byte) (Delta, bool) {
	n := len(r.prefix)
	if !r.valid || len(line) <= n || line[n] != '"' || !bytes.Equal(line[:n], r.prefix) {
		return Delta{}, false
	}
	end := protocol.QuickStringEnd(line, n)
	if end < 0 {
		return Delta{}, false
	}
	if next, closed := protocol.AfterValue(line, end, '}'); !closed || protocol.EndOfLine(line, next) != nil {
		return Delta{}, false
	}
	return r.delta(line, line[r.runStart:r.runEnd], n, end), true
}

// remember keeps line, which DeltaOf read as d (ok), as the memo when its
// delta is its last member and starts within maxDeltaMemo bytes.
func (r *DeltaReader) remember(line []byte, d Delta, ok bool) {
	r.valid = false
	if !ok || d.Start > maxDeltaMemo {
		return
	}
	if next, closed := protocol.AfterValue(line, d.End, '}'); !closed || protocol.EndOfLine(line, next) != nil {
		return
	}
	runStart := cap(line) - cap(d.RunID)
	if runStart < 0 || runStart+len(d.RunID) > d.Start {
		return // not in the line before the delta: cannot be
	}
	r.prefix = append(r.prefix[:0], line[:d.Start]...)
	r.runStart, r.runEnd = runStart, runStart+len(d.RunID)
	r.valid = true
}
