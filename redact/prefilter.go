package redact

import (
	"encoding/binary"
	"slices"
)

// Most strings in a log hold no secret, and deciding that must cost far
// less than running any rule. Every rule therefore names keywords (a prefix
// such as "ghp_", a key name such as "token") and is only tried where one
// occurs. The prefilter finds keyword occurrences in one pass over a
// string: it hashes 3-byte windows into a bitset and looks closer only
// where a bit is set.
//
// With keywords of at least m bytes, an occurrence always has a window
// starting at an offset below m-2 that falls on a position divisible by
// m-2 when every keyword registers its windows at those offsets; so only
// every (m-2)th position is hashed. The built-in keywords are at least 4
// bytes long, which halves the work.

// keyword is a literal the prefilter looks for.
type keyword struct {
	text  []byte // lower case when fold is set
	fold  bool   // ASCII case does not matter
	rules []int  // indexes of the rules it belongs to
}

// hit is a keyword occurrence.
type hit struct {
	kw  int32 // index in prefilter.keywords
	pos int32 // where it starts
}

const (
	hashBits = 17 // bits in the bitset; 16 KB stays in the L1 cache
	hashMul  = 0x9E3779B1
)

type anchor struct{ kw, off int32 }

type prefilter struct {
	keywords []keyword
	step     int
	bits     []uint64
	anchors  map[uint32][]anchor
	// hides marks the ASCII characters that occur in some keyword: a JSON
	// escape standing for one of them (\/ or \u002d) can hide a keyword
	// from a scan of the raw string.
	hides [128]bool
}

// lower maps ASCII upper case to lower case and every other byte to itself.
var lower = func() (t [256]byte) {
	for i := range t {
		t[i] = byte(i)
		if i >= 'A' && i <= 'Z' {
			t[i] = byte(i) + 'a' - 'A'
		}
	}
	return t
}()

// window hashes the 3 bytes in the low 24 bits of x. Or-ing in 0x20 folds
// ASCII case (and conflates a few punctuation pairs, which only adds
// candidates that verification then rejects).
func window(x uint32) uint32 {
	return ((x | 0x202020) * hashMul) >> (32 - hashBits)
}

// newPrefilter builds the filter; keywords shorter than 3 bytes must have
// been left out by the caller.
func newPrefilter(keywords []keyword) *prefilter {
	p := &prefilter{keywords: keywords, bits: make([]uint64, 1<<hashBits/64), anchors: map[uint32][]anchor{}}
	minLen := 0
	for _, k := range keywords {
		if minLen == 0 || len(k.text) < minLen {
			minLen = len(k.text)
		}
		for _, c := range k.text {
			if c < 128 {
				p.hides[c] = true
				p.hides[upper(c)] = true
			}
		}
	}
	p.step = max(minLen-2, 1)
	for i, k := range keywords {
		for off := 0; off < p.step; off++ {
			t := k.text[off:]
			h := window(uint32(t[0]) | uint32(t[1])<<8 | uint32(t[2])<<16)
			p.bits[h/64] |= 1 << (h % 64)
			p.anchors[h] = append(p.anchors[h], anchor{int32(i), int32(off)})
		}
	}
	return p
}

func upper(c byte) byte {
	if c >= 'a' && c <= 'z' {
		return c - 'a' + 'A'
	}
	return c
}

// scan appends the keyword occurrences in t to dst, by position.
func (p *prefilter) scan(t []byte, dst []hit) []hit {
	start := len(dst)
	i := 0
	if p.step == 2 {
		// Three windows per 8-byte load: positions i, i+2 and i+4.
		for ; i+8 <= len(t); i += 6 {
			w := binary.LittleEndian.Uint64(t[i:])
			h0 := window(uint32(w) & 0xffffff)
			h1 := window(uint32(w>>16) & 0xffffff)
			h2 := window(uint32(w>>32) & 0xffffff)
			if (p.bits[h0/64]>>(h0%64)|p.bits[h1/64]>>(h1%64)|p.bits[h2/64]>>(h2%64))&1 != 0 {
				dst = p.check(t, i, dst)
				dst = p.check(t, i+2, dst)
				dst = p.check(t, i+4, dst)
			}
		}
	}
	for ; i+3 <= len(t); i += p.step {
		h := window(uint32(t[i]) | uint32(t[i+1])<<8 | uint32(t[i+2])<<16)
		if p.bits[h/64]>>(h%64)&1 != 0 {
			dst = p.check(t, i, dst)
		}
	}
	found := dst[start:]
	if !slices.IsSortedFunc(found, byPos) {
		slices.SortFunc(found, byPos)
	}
	return dst
}

func byPos(a, b hit) int { return int(a.pos - b.pos) }

// check verifies the keywords whose window at some offset is the one at i.
func (p *prefilter) check(t []byte, i int, dst []hit) []hit {
	if i+3 > len(t) {
		return dst
	}
	h := window(uint32(t[i]) | uint32(t[i+1])<<8 | uint32(t[i+2])<<16)
	if p.bits[h/64]>>(h%64)&1 == 0 {
		return dst
	}
	for _, a := range p.anchors[h] {
		s := i - int(a.off)
		k := &p.keywords[a.kw]
		if s < 0 || s+len(k.text) > len(t) || !k.at(t, s) {
			continue
		}
		dst = append(dst, hit{a.kw, int32(s)})
	}
	return dst
}

// at reports whether the keyword occurs in t at s.
func (k *keyword) at(t []byte, s int) bool {
	u := t[s : s+len(k.text)]
	if !k.fold {
		return string(u) == string(k.text)
	}
	for j, c := range u {
		if lower[c] != k.text[j] {
			return false
		}
	}
	return true
}

// hidden reports whether raw, the text of a JSON string between its quotes,
// holds an escape that stands for a character of some keyword, so that
// only its decoded text can be scanned.
func (p *prefilter) hidden(raw []byte) bool {
	for i := 0; ; {
		j := indexByte(raw[i:], '\\')
		if j < 0 || i+j+1 >= len(raw) {
			return false
		}
		i += j + 1
		switch c := raw[i]; c {
		case 'u':
			if i+4 < len(raw) && raw[i+1] == '0' && raw[i+2] == '0' {
				if r := hexValue(raw[i+3])<<4 | hexValue(raw[i+4]); r < 128 && p.hides[r] {
					return true
				}
			}
		case '"', '\\', '/':
			if p.hides[c] {
				return true
			}
		}
		i++ // past the escaped character; \\ must not start another escape
	}
}
