package protocol

import "math/bits"

// On tool outputs a block of 64 bytes holds three or four backslashes,
// and the loop of strBlocks took each escape on its own, with branches
// that depend on the text: a fifth of the time of validating an
// output-heavy log. fastBlock decides a block from its masks instead: it
// finds the escaped bytes by the length of each run of backslashes,
// checks that each is a character a two-byte escape may end with and
// that nothing before the closing quote is a control byte, and walks
// only the \u escapes and the non-ASCII characters. A block it cannot
// decide (a problem, or an escape cut by the block's end) goes to the
// loop, which then says what and where.

// blockMasks are the masks of a block, a bit per byte.
type blockMasks struct {
	backslash, quote, control uint64
	nonASCII, lead            uint64 // lead: a byte from 0xC0 on
	notEscape                 uint64 // not one of "\/bfnrt
	notHex, u                 uint64
}

// useFastBlocks: strBlocks decides blocks by their masks where it can;
// usePlainBlocks: plainBlocks takes the blocks of ASCII first, in one
// call for many. Tests turn them off to compare.
var useFastBlocks, usePlainBlocks = true, true

// useUTF8Masks: fastBlock checks a block's characters by their masks
// (utf8Block), not one at a time; tests turn it off to compare.
var useUTF8Masks = true

// evenBits has the bits at even positions set.
const evenBits = 0x5555555555555555

// escapedBits returns the bytes of a block that a backslash escapes,
// given its backslashes, when its first byte is not escaped: the byte
// after each run of an odd number of backslashes. spill reports a run
// of an odd length that ends the block, whose escaped byte is the first
// of the next. Adding a run's first bit to the run carries through it to
// the bit after its end; the run's length is odd when that bit and the
// first are on positions of different parity.
func escapedBits(bs uint64) (escaped uint64, spill bool) {
	starts := bs &^ (bs << 1)
	evenStarts, oddStarts := starts&evenBits, starts&^evenBits
	evenEnds := (bs + evenStarts) &^ bs
	oddSum, carry := bits.Add64(bs, oddStarts, 0)
	oddEnds := oddSum &^ bs
	return evenEnds&^evenBits | oddEnds&evenBits, carry != 0
}

// fastBlock decides the block of d at i as strBlocks does, from its
// masks; ok is false when the loop must. The block's first byte must not
// be escaped, and d must hold 8 bytes after it.
func fastBlock(d []byte, i int) (next int, closed, escaped, ok bool) {
	var m blockMasks
	blockMasksVector(&d[i], &m)
	esc, spill := escapedBits(m.backslash)
	within := ^uint64(0) // the bytes of the string
	quotes := m.quote &^ esc
	if quotes != 0 {
		within = 1<<bits.TrailingZeros64(quotes) - 1
	}
	if (m.control|esc&m.notEscape&^m.u)&within != 0 {
		return 0, false, false, false
	}
	for u := esc & m.u & within; u != 0; u &= u - 1 {
		// \uXXXX: four hex digits, in this block.
		if k := bits.TrailingZeros64(u); k+4 >= 64 || m.notHex>>(k+1)&0xf != 0 {
			return 0, false, false, false
		}
	}
	next = i + 64
	if spill && quotes == 0 {
		next = i + 63 // the escape runs on into the next block: start there
	}
	if na := m.nonASCII & within; na != 0 && useUTF8Masks {
		var u utf8Masks
		utf8MasksVector(&d[i], &u)
		cut, ok := utf8Block(&u, m.nonASCII, m.lead, within)
		if !ok {
			return 0, false, false, false
		}
		if cut < 64 {
			next = i + cut
		}
	} else if na != 0 {
		var covered uint64
		for lead := m.lead & within; lead != 0; lead &= lead - 1 {
			k := bits.TrailingZeros64(lead)
			n := utf8Len(d, i+k)
			if n == 0 {
				return 0, false, false, false
			}
			if k+n > 64 {
				// A character that runs on into the next block (only
				// when no quote ends the string here): start there.
				covered |= ^uint64(0) << k
				next = i + k
				break
			}
			covered |= (1<<n - 1) << k
		}
		if na&^covered != 0 {
			return 0, false, false, false // a byte no character starts with
		}
	}
	escaped = m.backslash&within != 0
	if quotes != 0 {
		return i + bits.TrailingZeros64(quotes) + 1, true, escaped, true
	}
	return next, false, escaped, true
}

// vectorMarks is specialMap from the block's masks, and exact: the byte
// after a non-ASCII one is marked when it is special. b must point at 64
// readable bytes.
func vectorMarks(b *byte) uint64 {
	var m blockMasks
	blockMasksVector(b, &m)
	return m.backslash | m.quote | m.control | m.nonASCII
}
