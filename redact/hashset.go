package redact

import "math/bits"

// hashSet is a set of the prefilter's window hashes that also numbers
// them in order: a bit per hash, and per word of bits how many hashes
// the words before it hold. A table with a slot per hash (2 MB for 256 K
// hashes) cost zsj more to start than the rest of the prefilter: every
// command that scans for secrets builds it, and each page the build
// touches is a page fault. This one is 48 KB.
type hashSet struct {
	bits   [1 << hashBits / 64]uint64
	before [1 << hashBits / 64]int32 // hashes in bits[:i]
}

// add puts h in the set; count must be called after the last add.
func (s *hashSet) add(h uint32) { s.bits[h/64] |= 1 << (h % 64) }

// count works out before from bits.
func (s *hashSet) count() {
	n := int32(0)
	for i, w := range s.bits {
		s.before[i] = n
		n += int32(bits.OnesCount64(w))
	}
}

// rank returns how many hashes of the set are smaller than h, and
// whether h is in it.
func (s *hashSet) rank(h uint32) (int, bool) {
	w, bit := s.bits[h/64], uint64(1)<<(h%64)
	if w&bit == 0 {
		return 0, false
	}
	return int(s.before[h/64]) + bits.OnesCount64(w&(bit-1)), true
}
