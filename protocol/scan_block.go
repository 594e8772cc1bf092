package protocol

import (
	"encoding/binary"
	"math/bits"
)

// Tool outputs hold an escape or a non-ASCII character every ten bytes or
// so. Stepping from one to the next a word at a time costs a mispredicted
// branch each, when the loop finds which word holds the next one. Long
// strings are therefore taken 64 bytes at a time: one pass, without
// branches, marks the bytes that matter in a 64-bit map, and a loop over
// its set bits handles them, mispredicting about once per block. With
// AVX2, most blocks are decided from their masks without that loop (see
// fastBlock).

// blockLead is how far into a string str goes a word at a time before it
// switches to blocks: keys and most values end sooner, and a block costs
// more than a few words.
const blockLead = 16

// strBlocks scans string bytes from d[i] on, 64 at a time, while at least
// a block and the longest lookahead fit. It returns where it stopped:
// after the closing quote (closed true), or at a byte the word-at-a-time
// loop must decide (an invalid escape or character, a control byte), or
// where fewer bytes are left than a block needs.
func strBlocks(d []byte, i int) (next int, closed, escaped bool) {
	for i+64+8 <= len(d) {
		if haveVectorMap && useFastBlocks {
			if usePlainBlocks {
				off, closed, esc := plainBlocks(&d[i], len(d)-i)
				i, escaped = i+off, escaped || esc
				if closed {
					return i, true, escaped
				}
				if i+64+8 > len(d) {
					break
				}
			}
			if n, closed, esc, ok := fastBlock(d, i); ok {
				escaped = escaped || esc
				if closed {
					return n, true, escaped
				}
				i = n
				continue
			}
		}
		var marks uint64
		if haveVectorMap {
			_ = d[i+63]
			marks = vectorMarks(&d[i])
		} else {
			marks = specialMap(d[i : i+64])
		}
		next := i + 64
		for marks != 0 {
			k := bits.TrailingZeros64(marks)
			j := i + k
			n := 2
			switch c := d[j]; {
			case c == '\\':
				switch {
				case simpleEscape[d[j+1]]:
				case d[j+1] == 'u' && isHex(d[j+2]) && isHex(d[j+3]) && isHex(d[j+4]) && isHex(d[j+5]):
					n = 6
				default:
					return j, false, escaped
				}
				escaped = true
			case c == '"':
				return j + 1, true, escaped
			case c >= 0xC2:
				if n = utf8Len(d, j); n == 0 {
					return j, false, escaped
				}
				// The map may have missed the byte after a character
				// (see specialMap): look at it here.
				if k+n < 64 && asciiSpecial[d[j+n]] {
					marks |= 1 << (k + n)
				}
			default: // a control byte, or a byte no character starts with
				return j, false, escaped
			}
			if k+n >= 64 {
				next = j + n // the escape or character runs into the next block
				break
			}
			marks &^= 1<<(k+n) - 1
		}
		i = next
	}
	return i, false, escaped
}

// specialMap returns a bit per byte of b (64 bytes): set for a quote, a
// backslash, a control byte or a non-ASCII byte, except that the byte
// right after a non-ASCII one may be left unset. SpecialBytes is exact up
// to its lowest mark; above it, a non-ASCII byte can carry into the
// addition for the next byte only, and a carry can only clear a mark.
// strBlocks looks at that byte itself after each character.
func specialMap(b []byte) uint64 {
	_ = b[63]
	return gatherMarks(SpecialBytes(binary.LittleEndian.Uint64(b[0:]))) |
		gatherMarks(SpecialBytes(binary.LittleEndian.Uint64(b[8:])))<<8 |
		gatherMarks(SpecialBytes(binary.LittleEndian.Uint64(b[16:])))<<16 |
		gatherMarks(SpecialBytes(binary.LittleEndian.Uint64(b[24:])))<<24 |
		gatherMarks(SpecialBytes(binary.LittleEndian.Uint64(b[32:])))<<32 |
		gatherMarks(SpecialBytes(binary.LittleEndian.Uint64(b[40:])))<<40 |
		gatherMarks(SpecialBytes(binary.LittleEndian.Uint64(b[48:])))<<48 |
		gatherMarks(SpecialBytes(binary.LittleEndian.Uint64(b[56:])))<<56
}

// asciiSpecial marks the ASCII bytes a string scan must stop at.
var asciiSpecial = func() (t [256]bool) {
	for c := 0; c < 0x20; c++ {
		t[c] = true
	}
	t['"'], t['\\'] = true, true
	return t
}()

// gatherMarks packs the high bits of the eight bytes of m into the low
// eight bits: the multiplication moves byte k's bit to bit 56+k, and no
// two partial products meet, so nothing carries.
func gatherMarks(m uint64) uint64 { return (m >> 7) * 0x0102040810204080 >> 56 }

// utf8Len returns the length of the valid UTF-8 character at d[j], and 0
// when none starts there; d must hold three bytes after j.
func utf8Len(d []byte, j int) int {
	c := d[j]
	if c < 0xE0 {
		if c >= 0xC2 && isCont(d[j+1]) {
			return 2
		}
		return 0
	}
	// The second byte's range rules out overlong forms (after E0 and F0),
	// surrogates (after ED) and code points above U+10FFFF (after F4).
	lo, hi := byte(0x80), byte(0xBF)
	switch c {
	case 0xE0:
		lo = 0xA0
	case 0xED:
		hi = 0x9F
	case 0xF0:
		lo = 0x90
	case 0xF4:
		hi = 0x8F
	}
	if d[j+1] < lo || d[j+1] > hi || !isCont(d[j+2]) {
		return 0
	}
	switch {
	case c < 0xF0:
		return 3
	case c <= 0xF4 && isCont(d[j+3]):
		return 4
	}
	return 0
}

func isCont(b byte) bool { return b&0xC0 == 0x80 }
