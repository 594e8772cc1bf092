package usage

import (
	"bytes"
	"hash/crc32"
)

// A run found twice — the same file read twice, or a log copied into two
// folders of an archive — must be counted once. Holding a run's events to
// compare them would make memory grow with the log, so each run keeps a
// fingerprint of its lines instead: two CRC-32s with different polynomials
// (Castagnoli and IEEE, both computed by the CPU's own instructions on
// amd64 and arm64, many GB/s), over every line of the run in order, each
// line preceded by a newline so that line boundaries count. Together they
// are a 64-bit fingerprint, the same on every machine and in every process,
// so shards processed apart can be deduplicated when merged. (Changing
// what is hashed changes every fingerprint: json outputs of different
// versions of zsj do not merge; the format name says so.)
//
// Lines are normalized first, so that a version 1 log and its upgrade to
// version 2 are the same run: the value of schemaVersion is left out, and a
// top-level "violation" key reads as "block" (the whole of the 1 -> 2
// upgrade). Line ends and a byte order mark are not part of a line.

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// identity is a running fingerprint of a run's lines.
type identity struct{ c, i uint32 }

// span is a part of a line that normalization replaces.
type span struct {
	from, to int
	with     string
}

func (id *identity) write(p []byte) {
	id.c = crc32.Update(id.c, castagnoli, p)
	id.i = crc32.Update(id.i, crc32.IEEETable, p)
}

// Each line is hashed as a newline followed by the line, normalized. Most
// lines start with {"schemaVersion": and their version right after it, so
// that start, newline included, is one constant: the common line costs
// two CRC calls per polynomial instead of three. (The bytes hashed are the
// same however they are cut.)
var (
	newline      = []byte("\n")
	usualStart   = []byte(`{"schemaVersion":`)
	nlUsualStart = []byte("\n" + `{"schemaVersion":`)
)

// shortLine is the longest line hashed from a copy in one piece.
const shortLine = 512 // bytes

// line adds one line, with the spans (in increasing order, not overlapping)
// replaced. scratch is the caller's buffer for short lines, handed back
// for reuse.
func (id *identity) line(scratch, line []byte, spans ...span) []byte {
	at := 0
	if len(spans) > 0 && spans[0].from == len(usualStart) && spans[0].with == "" && bytes.HasPrefix(line, usualStart) {
		at, spans = spans[0].to, spans[1:]
		if rest := line[at:]; len(spans) == 0 && len(nlUsualStart)+len(rest) <= shortLine {
			// A short line goes to the CRCs in one piece: for the many
			// small events of a chatty log, the call per piece costs
			// more than the copy.
			scratch = append(append(scratch[:0], nlUsualStart...), rest...)
			id.write(scratch)
			return scratch
		}
		id.write(nlUsualStart)
	} else {
		id.write(newline)
	}
	for _, s := range spans {
		id.write(line[at:s.from])
		if s.with != "" {
			id.write([]byte(s.with))
		}
		at = s.to
	}
	id.write(line[at:])
	return scratch
}

// sum is the fingerprint.
func (id identity) sum() uint64 { return uint64(id.c)<<32 | uint64(id.i) }
