package redact

import (
	"encoding/binary"
	"hash/maphash"
	"sync/atomic"
)

// Long strings come back: an agent reads a file again after editing
// another, a test run prints the failure it printed before, the runs of
// one archive read the same sources. In the folder of 2,000 logs that the
// benchmark reads, 56 % of the bytes of strings of 2 KB or more repeat a
// string met earlier. What the rules find in a string depends on its
// bytes alone (a key's sensitivity is judged apart, from the key), so a
// long string found clean once is clean again: FindShaped passes over it.

// cleanMemo remembers long strings found clean, in a table of fixed size
// shared by the Redactors of a RuleSet: memory does not grow with the
// log, and a string one worker found clean is clean for the other. A slot
// holds one string's keys; a newer string in the same slot takes its
// place. Keys are read and written whole, atomically, so workers need no
// lock: at worst a string is searched again.
//
// Hashing a whole string runs at some 8 GB/s, a fifth to a third of what
// searching it costs, so a string is hashed whole only once it has come
// back: at first sight the memo keeps its quick key (its length and 48 of
// its bytes); when a string with that quick key comes again, its hash is
// worked out and, found clean, kept; from its third sight on it is passed
// over. A log whose long strings never repeat (the output-heavy corpus)
// costs a quick key a string. (In the folder of 2,000 logs, 51 MB of
// strings of 1 KB or more are third sights or later, 5.9 MB second ones,
// 48 MB first ones.)
//
// A string is passed over only when its 64-bit hash equals one found
// clean. The hashes are maphash's, with seeds drawn when the memo is
// made: two different strings share a hash with a chance of one in
// 2^64, and no input can be made to, since the seeds are not known
// outside.
type cleanMemo struct {
	quickSeed, seed maphash.Seed
	slots           []cleanSlot
}

type cleanSlot struct{ quick, full atomic.Uint64 }

// minCleanMemo is the shortest string the memo takes: a shorter one costs
// little to search. Tests lower it, to reach the memo with the short
// strings fuzzing makes.
var minCleanMemo = 1 << 10 // bytes

// cleanMemoBits: the memo has 2^cleanMemoBits slots, 512 KB: room for
// the 6,400 long strings of the folder of 2,000 logs five times over.
const cleanMemoBits = 15

func newCleanMemo() *cleanMemo {
	return &cleanMemo{quickSeed: maphash.MakeSeed(), seed: maphash.MakeSeed(), slots: make([]cleanSlot, 1<<cleanMemoBits)}
}

// quickKey hashes the length of raw and its first, middle and last 16
// bytes: never 0, which an empty slot holds.
func (m *cleanMemo) quickKey(raw []byte) uint64 {
	var b [56]byte
	binary.LittleEndian.PutUint64(b[:8], uint64(len(raw)))
	copy(b[8:24], raw)
	copy(b[24:40], raw[len(raw)/2:])
	copy(b[40:56], raw[max(0, len(raw)-16):])
	return maphash.Bytes(m.quickSeed, b[:]) | 1
}

// fullKey hashes all of raw: never 0.
func (m *cleanMemo) fullKey(raw []byte) uint64 { return maphash.Bytes(m.seed, raw) | 1 }

// slot is where the string of quick key q is kept: chosen by its high
// bits (the low one is set).
func (m *cleanMemo) slot(q uint64) *cleanSlot { return &m.slots[q>>(64-cleanMemoBits)] }

// longString is what FindShaped knows of a line's longest string value:
// its raw text is line[start:end]. quick is its quick key, 0 when the
// memo does not take it; full its hash, worked out when its quick key was
// the memo's (0 otherwise); known says it was found clean before.
type longString struct {
	start, end  int
	quick, full uint64
	known       bool
}

// look looks the string up.
func (m *cleanMemo) look(s *longString, raw []byte) {
	s.quick = m.quickKey(raw)
	slot := m.slot(s.quick)
	if slot.quick.Load() != s.quick {
		return
	}
	s.full = m.fullKey(raw)
	s.known = slot.full.Load() == s.full
}

// clean records that the string, looked up and not known, was found
// clean: its hash when it has come back, its quick key alone at first
// sight.
func (m *cleanMemo) clean(s *longString) {
	slot := m.slot(s.quick)
	slot.full.Store(s.full) // 0 at first sight: no string's hash
	slot.quick.Store(s.quick)
}
