package usage

import (
	"bytes"

	"github.com/cespare/xxhash/v2"
)

// A run found twice — the same file read twice, or a log copied into two
// folders of an archive — must be counted once. Holding a run's events to
// compare them would make memory grow with the log, so each run keeps a
// fingerprint of its lines instead: the 64-bit xxHash of every line of the
// run in order, each line preceded by a newline so that line boundaries
// count. xxHash has no seed that changes between processes, so the
// fingerprint is the same on every machine and in every process, and
// shards processed apart can be deduplicated when merged. (Changing what
// is hashed changes every fingerprint: json outputs of different versions
// of zsj do not merge; the format name says so.) It replaced two CRC-32s,
// which cost four times as much on the short lines of a chatty log.
//
// Lines are normalized first, so that a version 1 log and its upgrade to
// version 2 are the same run: the value of schemaVersion is left out, and a
// top-level "violation" key reads as "block" (the whole of the 1 -> 2
// upgrade). Line ends and a byte order mark are not part of a line.

// identity is a running fingerprint of a run's lines. Its zero value is
// ready to use.
type identity struct {
	d       xxhash.Digest
	started bool
}

// span is a part of a line that normalization replaces.
type span struct {
	from, to int
	with     string
}

func (id *identity) write(p []byte) {
	if !id.started {
		id.d.Reset() // the zero Digest is not the empty hash
		id.started = true
	}
	id.d.Write(p)
}

// Each line is hashed as a newline followed by the line, normalized. Most
// lines start with {"schemaVersion": and their version right after it, so
// that start, newline included, is one constant written at once. (The
// bytes hashed are the same however they are cut.)
var (
	newline      = []byte("\n")
	usualStart   = []byte(`{"schemaVersion":`)
	nlUsualStart = []byte("\n" + `{"schemaVersion":`)
)

// line adds one line, with the spans (in increasing order, not
// overlapping) replaced.
func (id *identity) line(line []byte, spans ...span) {
	at := 0
	if len(spans) > 0 && spans[0].from == len(usualStart) && spans[0].with == "" && bytes.HasPrefix(line, usualStart) {
		at, spans = spans[0].to, spans[1:]
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
}

// sum is the fingerprint.
func (id identity) sum() uint64 {
	if !id.started {
		id.d.Reset()
	}
	return id.d.Sum64()
}
