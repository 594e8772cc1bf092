package redact

import (
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

// cleanMemo remembers long strings found clean, by a hash of their raw
// bytes, in a table of fixed size shared by the Redactors of a RuleSet:
// memory does not grow with the log, and a string one worker found clean
// is clean for the other. A slot holds one hash; a newer one in the same
// slot takes its place. Slots are read and written whole, atomically, so
// workers need no lock: at worst a string is searched again.
//
// A string is passed over only when its 64-bit hash equals one found
// clean. The hash is maphash's, with a seed drawn when the memo is made:
// two different strings share a hash with a chance of one in 2^64, and
// no input can be made to, since the seed is not known outside.
type cleanMemo struct {
	seed  maphash.Seed
	slots []atomic.Uint64
}

// minCleanMemo is the shortest string the memo takes: a shorter one costs
// less to search than to hash and look up. Tests lower it, to reach the
// memo with the short strings fuzzing makes.
var minCleanMemo = 1 << 10 // bytes

// cleanMemoBits: the memo has 2^cleanMemoBits slots, 512 KB.
const cleanMemoBits = 16

func newCleanMemo() *cleanMemo {
	return &cleanMemo{seed: maphash.MakeSeed(), slots: make([]atomic.Uint64, 1<<cleanMemoBits)}
}

// key is the memo's key for the raw bytes of a string: never 0, which an
// empty slot holds.
func (m *cleanMemo) key(raw []byte) uint64 { return maphash.Bytes(m.seed, raw) | 1 }

// has reports whether the string of key k was found clean.
func (m *cleanMemo) has(k uint64) bool { return m.slot(k).Load() == k }

// add records that the string of key k is clean.
func (m *cleanMemo) add(k uint64) { m.slot(k).Store(k) }

// slot is where k is kept: chosen by its high bits (the low one is set).
func (m *cleanMemo) slot(k uint64) *atomic.Uint64 { return &m.slots[k>>(64-cleanMemoBits)] }

// longString is what FindShaped knows of a line's longest string value:
// its text is line[start:end]. key is its memo key, 0 when the memo does
// not take it; known says the memo has it.
type longString struct {
	start, end int
	key        uint64
	known      bool
}
