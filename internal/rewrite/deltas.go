package rewrite

import (
	"bytes"

	"github.com/zsj-dev/zsj/internal/input"
	"github.com/zsj-dev/zsj/protocol"
	"github.com/zsj-dev/zsj/redact"
)

// A secret may be split over two text or reasoning deltas of one run, as
// streaming splits words (see redact.Join). zsj redact scans the join of
// each two consecutive deltas of a run and replaces each event's part of
// a secret that straddles it. Each join looks at two deltas: a secret
// spread over three or more (a token in deltas of a few characters) is
// not found. Two deltas of a run are consecutive when no
// line between them is anything but a delta of another run or a blank
// line: any other event (a tool call, a result, a line that is not JSON)
// ends the stream of text of every run, as a tool call ends the message
// before it. A line that --drop-invalid drops does not: the deltas
// around it are consecutive in the output. Joins inside a batch of lines are made by its worker; a
// delta that ends a batch is held back (with the lines after it, so that
// the output keeps its order) until the next line of the input says
// whether its run goes on, up to maxHeldLines and maxHeldBytes. A live
// producer's last delta thus comes out with the next line it writes.
//
// --check reports a secret found at a join once, on the line where it
// starts, with the fingerprint of the whole secret; both lines count as
// events to change.

// What a line is to the stream of deltas.
const (
	neutralLine uint8 = iota // blank or dropped: neither goes on nor ends a stream
	deltaLine                // a text or reasoning delta
	otherLine                // anything else: ends every stream
)

// deltaNote is what a worker found out about a line for the joins.
type deltaNote struct {
	kind uint8
	run  []byte // the delta's runId as it stands in the line
	// needsPrev: no delta of the run came before this one in its batch,
	// so the join with the one before is the writer's to make.
	needsPrev bool
	// openEnd: no delta of the run, nor any other event, came after this
	// one in its batch: the join with the next one is the writer's.
	openEnd bool
}

// deltaJoiner makes the joins of one goroutine, counting what it finds in
// its own tally.
type deltaJoiner struct {
	rd    *redact.Redactor
	repl  string
	check bool
	tally *redactOutput
	last  []runLast // joinBatch's
	// reads the lines it inspects, each like the one before
	reader redact.DeltaReader
	// shapes are those of the lines of the batch being transformed, when
	// the worker's transform tells them (see lineShape).
	shapes []lineShape
}

// lineShape is what a worker's transform learned from its parser of a
// line's shape (redact.Redactor.Shape), told to the joiner of the same
// worker, which reads the line next: known is false for a line the parser
// did not accept or the transform changed, and for a blank one.
type lineShape struct {
	start    int
	repeated bool
	known    bool
}

// noteShape is told the shape of each line of a batch in turn; j may be
// nil (a transform with no joiner of its own).
func (j *deltaJoiner) noteShape(s lineShape) {
	if j != nil {
		j.shapes = append(j.shapes, s)
	}
}

// inspect says what a line's text, as it now stands, is to the stream,
// and where a delta's text is; sh, when not nil, is its shape.
func (j *deltaJoiner) inspect(text []byte, sh *lineShape) (deltaNote, redact.Delta) {
	if protocol.IsBlank(text) {
		return deltaNote{kind: neutralLine}, redact.Delta{}
	}
	var d redact.Delta
	var ok bool
	if sh != nil {
		d, ok = j.reader.OfShaped(text, sh.known, sh.start, sh.repeated)
	} else {
		d, ok = j.reader.Of(text)
	}
	if !ok {
		return deltaNote{kind: otherLine}, d
	}
	return deltaNote{kind: deltaLine, run: d.RunID}, d
}

// deltaSide is one of the two deltas of a join: its line as it was read
// and as it now stands, and the Delta of the latter.
type deltaSide struct {
	orig, now []byte
	d         redact.Delta
	num       int
}

// readText returns a delta's text as it was read: d's, the Delta of its
// line as it now stands, unless the transform changed the line (orig as
// read), which is parsed again then, as few are.
func readText(orig []byte, d *redact.Delta, changed bool) ([]byte, bool) {
	if !changed {
		return d.Text, true
	}
	read, ok := redact.DeltaOf(orig)
	return read.Text, ok
}

// straddle scans the join of two consecutive deltas of a run, prev then
// cur, each given by its line as read, its Delta as the line now stands
// and whether the transform changed it, for a secret that straddles it.
func (j *deltaJoiner) straddle(prevOrig []byte, prev *redact.Delta, prevChanged bool, curOrig []byte, cur *redact.Delta, curChanged bool) (redact.Straddle, bool) {
	prevText, ok1 := readText(prevOrig, prev, prevChanged)
	curText, ok2 := readText(curOrig, cur, curChanged)
	if !ok1 || !ok2 {
		return redact.Straddle{}, false
	}
	return j.rd.Join(prevText, prev.Text, curText, cur.Text)
}

// join scans the join of two consecutive deltas of a run, prev then
// cur; each was changed or not by the transform. When a secret straddles
// the join, it returns the new text of each line it changes (nil for one
// it does not) and, with --check, the secret as a problem of the line it
// starts on.
func (j *deltaJoiner) join(prev, cur *deltaSide, prevChanged, curChanged bool) (newPrev, newCur []byte, problems []protocol.Problem, onPrev bool) {
	st, ok := j.straddle(prev.orig, &prev.d, prevChanged, cur.orig, &cur.d, curChanged)
	if !ok {
		return nil, nil, nil, false
	}
	return j.replace(st, prev, cur)
}

// replace makes what join returns of the straddle st it found.
func (j *deltaJoiner) replace(st redact.Straddle, prev, cur *deltaSide) (newPrev, newCur []byte, problems []protocol.Problem, onPrev bool) {
	if st.PrevStart < st.PrevEnd {
		newPrev = redact.RedactDeltaSpan(nil, prev.now, prev.d, st.PrevStart, st.PrevEnd, j.repl)
	}
	if st.NextStart < st.NextEnd {
		newCur = redact.RedactDeltaSpan(nil, cur.now, cur.d, st.NextStart, st.NextEnd, j.repl)
	}
	for _, m := range st.Matches {
		j.tally.perRule[m.Rule]++
	}
	j.tally.secrets += len(st.Matches)
	if !j.check {
		return newPrev, newCur, nil, false
	}
	// Reported once, on the line where the secret starts.
	num := cur.num
	if newPrev != nil {
		num = prev.num
	}
	for _, m := range st.Matches {
		m.Path = "$." + protocol.FieldDelta
		problems = append(problems, matchProblem(num, m))
	}
	return newPrev, newCur, problems, newPrev != nil
}

// joinBatch makes the joins between the deltas of a batch, on its
// worker, and notes which deltas the writer has to join with the lines of
// other batches. deltas holds the Delta of each delta line as it stands.
func (j *deltaJoiner) joinBatch(res *batchResult, lines []input.Line, deltas []redact.Delta) {
	// Each run's last delta line since the last other line: a batch
	// holds the deltas of one or two runs, a list is quicker than a map.
	last := j.last[:0]
	for i := range res.lines {
		lr := &res.lines[i]
		switch lr.note.kind {
		case otherLine:
			last = last[:0]
			continue
		case neutralLine:
			continue
		}
		k := -1
		for r := range last {
			if bytes.Equal(last[r].run, lr.note.run) {
				k, last[r].line = last[r].line, i
				break
			}
		}
		if k < 0 {
			last = append(last, runLast{run: lr.note.run, line: i})
			lr.note.needsPrev = true
			continue
		}
		prev := &res.lines[k]
		// Nearly every join holds nothing: the sides are made for the
		// few that do (making them for each was 3 % of the CPU time zsj
		// redact spent on a log of small deltas).
		st, found := j.straddle(lines[k].Text, &deltas[k], prev.changed, lines[i].Text, &deltas[i], lr.changed)
		if !found {
			continue
		}
		ps := deltaSide{orig: lines[k].Text, now: res.text(k, lines), d: deltas[k], num: k + 1}
		cs := deltaSide{orig: lines[i].Text, now: res.text(i, lines), d: deltas[i], num: i + 1}
		newPrev, newCur, problems, onPrev := j.replace(st, &ps, &cs)
		if onPrev {
			prev.problems = append(prev.problems, problems...)
		} else {
			lr.problems = append(lr.problems, problems...)
		}
		if newPrev != nil {
			j.replaced(res, k, newPrev)
		}
		if newCur != nil {
			j.replaced(res, i, newCur)
			deltas[i], _ = redact.DeltaOf(newCur) // for the join with the next
		}
	}
	for _, r := range last {
		res.lines[r.line].note.openEnd = true
	}
	clear(last) // let go of the lines
	j.last = last[:0]
}

// runLast is a run's last delta line in a batch.
type runLast struct {
	run  []byte
	line int
}

// replaced makes text the new text of line i of a batch.
func (j *deltaJoiner) replaced(res *batchResult, i int, text []byte) {
	lr := &res.lines[i]
	if !lr.changed {
		j.tally.events++
	}
	lr.changed = true
	lr.start = len(res.out)
	res.out = append(res.out, text...)
	lr.end = len(res.out)
}

// text is line i of a batch as it now stands.
func (res *batchResult) text(i int, lines []input.Line) []byte {
	if lr := &res.lines[i]; lr.changed {
		return res.out[lr.start:lr.end]
	}
	return lines[i].Text
}

// text is the line's text as it now stands.
func (l *outLine) text() []byte {
	if l.changed {
		return l.out
	}
	return l.Text
}
