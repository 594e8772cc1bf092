package redact

import (
	"encoding/binary"
	"slices"
	"strings"
)

// Most strings in a log hold no secret, and deciding that must cost far
// less than running any rule. Every rule therefore names keywords (a prefix
// such as "ghp_", a key name such as "token") and is only tried where one
// occurs. The prefilter finds keyword occurrences in one pass over a
// string: it hashes 3-byte windows into a table and looks closer only
// where the table marks the hash.
//
// With keywords of at least m bytes, every keyword can register the
// windows at m-2 consecutive offsets of itself; an occurrence then always
// has one of them on a position divisible by m-2, so only every (m-2)th
// position is hashed. The built-in keywords are at least 4 bytes long,
// which halves the work, and each registers its rarest pair of windows.

// keyword is a literal the prefilter looks for.
type keyword struct {
	text []byte // lower case when fold is set
	fold bool   // ASCII case does not matter
	// before and after, when set, are the bytes that may come right
	// before and after an occurrence that matters (see contexts.go): a
	// keyword of two or three bytes registers only the windows of those,
	// and verify reports only such occurrences. beside is before without
	// the ends of escapes, which count only where an escape ends.
	before, after, beside *byteSet
	context               bool // before or after is set
}

// hit is a keyword occurrence.
type hit struct {
	kw  int32 // index in prefilter.keywords
	pos int32 // where it starts
}

// With gitleaks' catalogue the keywords register some 2,500 windows
// (one of 2 or 3 bytes registers hundreds, with every byte beside it):
// in a table of 64 K hashes a common trigram of real text then too often
// shares a hash with one of them and has to be verified. 256 K hashes
// make that four times rarer, and the table (256 KB of marks) still
// sits in the second-level cache.
const (
	hashBits = 18 // a byte per hash is faster to test than a bit
	hashMul  = 0x9E3779B1
)

type anchor struct{ kw, off int32 }

type prefilter struct {
	keywords []keyword
	step     int
	// marked, per hash: 0 when no keyword has a window with it, else
	// the buckets (see neighbour) of the bytes that may follow the
	// window; before: those of the bytes that may come before it.
	// Most windows of ordinary text that share a hash with a keyword's
	// ("ext" of "ext_" in "text", "tai" of "ltai" in "detail") are told
	// apart by a byte beside them, without looking up the keywords.
	marked, before []byte
	// The anchors whose window hashes to h, kept in order of h: see
	// lookup.
	hashes  hashSet
	ends    []int32 // where each hash of hashes ends in anchors
	anchors []anchor
	// after[c] holds the characters that come right before c in some
	// keyword (first[c]: c starts one). A JSON escape standing for c
	// (\/ or \u002d) can then hide a keyword from a scan of the raw
	// string, but only after one of those characters.
	after [128][128]bool
	first [128]bool
	// controls: some keyword holds a control character, which JSON
	// always escapes; nonASCII: some keyword holds a non-ASCII character,
	// which an encoder may escape as \uXXXX.
	controls, nonASCII bool
	// escape is the index of a keyword of no rule, `\u00`, that finds
	// the escapes hidden looks at during the scan it makes anyway.
	escape int32
	// pairs is the first look markedPairs takes at a window.
	pairs pairTables
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
func window(x uint32) uint32 { return hash24(x | 0x202020) }

// hash24 is window for bytes already or-ed with 0x20.
func hash24(x uint32) uint32 { return (x * hashMul) >> (32 - hashBits) }

// newPrefilter builds the filter; keywords shorter than 3 bytes must have
// been left out by the caller.
func newPrefilter(keywords []keyword) *prefilter {
	// marked has 3 bytes more, for markedWindows' 4-byte reads.
	p := &prefilter{marked: make([]byte, 1<<hashBits+3), before: make([]byte, 1<<hashBits)}
	p.pairs.init()
	p.escape = int32(len(keywords))
	keywords = append(slices.Clip(keywords), keyword{text: []byte(`\u00`)})
	p.keywords = keywords
	minLen := 0
	for _, k := range keywords[:p.escape] {
		// A keyword of 3 bytes counts as 4: its second window takes the
		// byte after it, whatever it is (see below), and so does one of
		// 2.
		if n := max(len(k.text), 4); minLen == 0 || n < minLen {
			minLen = n
		}
		p.noteChars(k.text)
	}
	p.step = max(min(minLen, 4)-2, 1)
	// Each window's anchor, in the order they are added, and its hash
	// above its index in placed: sorted below, each hash keeps its
	// anchors in that order. (A map of hash to anchors cost a fifth of
	// the start-up of a command that scans; a stable sort of the anchors
	// by hash, a third of building a rule set.)
	placed := make([]anchor, 0, windowCount(keywords, p.step))
	order := make([]uint64, 0, cap(placed))
	add := func(i int, off int, t []byte) {
		h := window(uint32(t[0]) | uint32(t[1])<<8 | uint32(t[2])<<16)
		k := keywords[i].text
		next, prev := byte(anyNeighbour), byte(anyNeighbour)
		if off+3 >= 0 && off+3 < len(k) {
			next = neighbour[k[off+3]]
		}
		if off >= 1 && off <= len(k) {
			prev = neighbour[k[off-1]]
		}
		p.marked[h] |= next
		p.before[h] |= prev
		order = append(order, uint64(h)<<32|uint64(len(placed)))
		placed = append(placed, anchor{int32(i), int32(off)})
	}
	for i, k := range keywords {
		if len(k.text) == 2 {
			// A 2-byte keyword: the windows of it and any byte after it,
			// and of any byte before it and it. An occurrence that ends a
			// text at an even position goes unseen; the rules with such
			// keywords need more text after them.
			for c := range 256 {
				if k.after == nil || k.after[c] {
					add(i, 0, []byte{k.text[0], k.text[1], byte(c)})
				}
				if k.before == nil || k.before[c] {
					add(i, -1, []byte{byte(c), k.text[0], k.text[1]}) // it starts a byte before the keyword
				}
			}
			p.pairs.add([]byte{k.text[0], k.text[1], 0}, 2)
			p.pairs.add([]byte{0, k.text[0], k.text[1]}, 0)
			continue
		}
		if len(k.text) < p.step+2 {
			// A 3-byte keyword with a step of 2: its own window, and the
			// windows of any byte before it and its first two bytes, whose
			// next byte is its last. (The windows of its last two bytes
			// and any byte after them would do too, but whatever byte
			// follows: the vector loop passes over most of the others,
			// which it tells by the byte after them. With "piX" for "api",
			// a tenth of the windows it handed to verify on logs were of
			// "pi" in any word.)
			add(i, 0, k.text)
			p.pairs.add(k.text, noWild)
			for c := range 256 {
				if k.before == nil || k.before[c] {
					add(i, -1, []byte{byte(c), k.text[0], k.text[1]})
				}
			}
			p.pairs.add([]byte{0, k.text[0], k.text[1]}, 0)
			continue
		}
		at := anchorAt(k.text, p.step)
		for off := at; off < at+p.step; off++ {
			add(i, off, k.text[off:])
			p.pairs.add(k.text[off:off+3], noWild)
		}
	}
	slices.Sort(order)
	p.anchors = make([]anchor, 0, len(placed))
	for i, o := range order {
		h, a := uint32(o>>32), placed[uint32(o)]
		same := i > 0 && h == uint32(order[i-1]>>32)
		switch {
		case same && a == placed[uint32(order[i-1])]:
			// the same anchor again: windows that differ in case alone
			// (a keyword's last bytes with each byte after them) hash
			// alike
		case same:
			p.anchors = append(p.anchors, a)
			p.ends[len(p.ends)-1]++
		default:
			p.hashes.add(h)
			p.anchors = append(p.anchors, a)
			p.ends = append(p.ends, int32(len(p.anchors)))
		}
	}
	p.hashes.count()
	return p
}

// windowCount is how many windows newPrefilter registers for keywords,
// case by case as its loop does: a capacity, so that its lists are
// allocated once (growing them was a sixth of a rule set's allocations).
func windowCount(keywords []keyword, step int) int {
	n := 0
	for _, k := range keywords {
		switch {
		case len(k.text) == 2:
			n += 2 * 256
		case len(k.text) < step+2:
			n += 1 + 256
		default:
			n += step
		}
	}
	return n
}

// anchorAt picks where in a keyword its step windows go: where they are
// least common in logs, so that ordinary text seldom needs a closer look
// ("ssw" and "swo" for "password" rather than "pas" and "ass").
func anchorAt(text []byte, step int) int {
	best, bestScore := 0, 0.0
	for a := 0; a+step+2 <= len(text); a++ {
		score := 0.0
		for off := a; off < a+step; off++ {
			w := charWeight(text[off]) * charWeight(text[off+1]) * charWeight(text[off+2])
			w += float64(commonness(text[off:off+3])) * commonPenalty
			score += w
		}
		if a == 0 || score < bestScore {
			best, bestScore = a, score
		}
	}
	return best
}

// commonPenalty outweighs any product of three character weights: a
// window of a common word (see commonness) loses to every other, and one
// of many common words to one of fewer.
const commonPenalty = 1e6

// charWeight is roughly how often a character shows up in logs (English
// letter frequencies, and what code and paths are full of), in percent.
func charWeight(c byte) float64 { return charWeights[c] }

// charWeights is charWeight for every byte. (Working each out as it was
// asked for, by a search of the letters, was a tenth of building a rule
// set: anchorAt asks for each character of every window it weighs.)
var charWeights = func() (t [256]float64) {
	const letters = "etaoinshrdlcumwfgypbvkjxqz"
	weights := [...]float64{12.7, 9.1, 8.2, 7.5, 7.0, 6.7, 6.3, 6.1, 6.0, 4.3, 4.0, 2.8, 2.8, 2.4, 2.4, 2.2, 2.0, 2.0, 1.9, 1.5, 1.0, 0.8, 0.15, 0.15, 0.1, 0.07}
	for c := range t {
		letter := strings.IndexByte(letters, lower[c])
		switch {
		case letter >= 0:
			t[c] = weights[letter]
		case c == ' ':
			t[c] = 15
		case c >= '0' && c <= '9':
			t[c] = 1.5
		case strings.IndexByte(`./_-:"\(),=`, byte(c)) >= 0:
			t[c] = 2
		default:
			t[c] = 0.5
		}
	}
	return t
}()

// noteChars records which characters follow which in a keyword, in
// either case.
func (p *prefilter) noteChars(text []byte) {
	for j, c := range text {
		if c >= 128 {
			p.nonASCII = true
			continue
		}
		if c < 0x20 {
			p.controls = true
		}
		if j == 0 || text[j-1] >= 128 {
			p.first[c], p.first[upper(c)] = true, true
			continue
		}
		for _, c1 := range []byte{c, upper(c)} {
			for _, c0 := range []byte{text[j-1], upper(text[j-1])} {
				p.after[c1][c0] = true
			}
		}
	}
}

// anyNeighbour is every bucket: the byte beside a window is not known.
const anyNeighbour = 0xff

// neighbour maps a byte to the bucket it is in, as one bit: ASCII case
// folded (keywords may ignore case), the rest spread by a multiplicative
// hash so that the punctuation around words lands in other buckets than
// letters and digits do.
var neighbour = func() (t [256]byte) {
	for c := range t {
		t[c] = 1 << ((uint32(lower[c]) * 0x9E3779B1) >> 29)
	}
	return t
}()

// lookup returns the anchors whose window hashes to h.
func (p *prefilter) lookup(h uint32) []anchor {
	i, ok := p.hashes.rank(h)
	if !ok {
		return nil
	}
	lo := int32(0)
	if i > 0 {
		lo = p.ends[i-1]
	}
	return p.anchors[lo:p.ends[i]]
}

func upper(c byte) byte {
	if c >= 'a' && c <= 'z' {
		return c - 'a' + 'A'
	}
	return c
}

// useVectorScan: scan lets markedWindows find the windows to verify;
// tests turn it off to compare. usePairScan: markedPairs, for long texts.
var (
	useVectorScan = haveVectorScan
	usePairScan   = havePairScan
)

// markedWindows' rounds: a block of 32 bytes (16 windows at even
// offsets), for which it reads 40 bytes; scan takes up to vectorOut
// windows from it at a time.
const (
	vectorBlock = 32
	vectorTail  = 40
	vectorOut   = 64
	tailSpan    = 34 // a round's 16 windows, and the byte after the last
)

// shortScan: a text shorter than this, or what the loops above leave of
// one, is looked at a window at a time, as the scalar loop does but
// without a call per window. Most deltas are: on the realistic log a
// masked vector round (tailWindows) cost 23 ns a delta line, a fifth of
// what checking and searching one cost, and this 9 % less for the
// deltas. (At 16 bytes, or 34, a round's span, it gained less.)
const shortScan = 24

// markedPairs' calls: it takes the texts, or what is left of them, of
// at least pairScanMin bytes, and writes up to pairOut windows a call.
const (
	pairScanMin = 256
	pairOut     = 256
)

// scan appends the keyword occurrences in t to dst, by position.
func (p *prefilter) scan(t []byte, dst []hit) []hit {
	start := len(dst)
	i := 0
	if p.step == 2 && useVectorScan && usePairScan && len(t) >= pairScanMin {
		// A long text: most windows are passed over by their pairs'
		// classes before any is looked up (see pairs.go). (Its tables
		// take a while to load: a short text goes on below.)
		var found [pairOut]int32
		var win [pairOut]uint32
		for len(t)-i >= pairScanMin {
			n, next := markedPairs(t[i:], &p.marked[0], &p.pairs, found[:], win[:])
			dst = p.verifyAt(t, i, found[:n], dst)
			i += next
		}
	}
	if p.step == 2 && useVectorScan && len(t)-i >= vectorTail {
		// Most windows of text have no mark, or not one for the byte
		// after them: the vector loop passes over those and hands the
		// others over to verify. (found is cleared at each call: keep
		// it small, most strings are.)
		var found [vectorOut]int32
		for len(t)-i >= vectorTail {
			n, next := markedWindows(t[i:], &p.marked[0], found[:])
			dst = p.verifyAt(t, i, found[:n], dst)
			i += next
		}
	}
	if p.step == 2 && useVectorScan && len(t)-i < shortScan {
		dst = p.shortWindows(t, i, dst)
		i = len(t)
	}
	if p.step == 2 && useVectorScan && useWideScan && haveTailScan {
		// What the rounds leave, and strings too short for one (most
		// deltas): a masked round at a time, where the loops below took a
		// call per window for the last few.
		var found [vectorBlock / 2]int32
		for ; len(t)-i >= 3; i += vectorBlock {
			n := tailWindows(t[i:min(i+tailSpan, len(t))], &p.marked[0], found[:])
			dst = p.verifyAt(t, i, found[:n], dst)
		}
	}
	if p.step == 2 {
		// Three windows per 8-byte load (positions i, i+2, i+4), two
		// independent loads per round so the CPU works on both at once.
		marked := p.marked[:1<<hashBits]
		for ; i+14 <= len(t); i += 12 {
			b := t[i : i+14 : i+14] // one bounds check for both loads
			w := binary.LittleEndian.Uint64(b[0:8]) | 0x2020202020202020
			v := binary.LittleEndian.Uint64(b[6:14]) | 0x2020202020202020
			h0 := hash24(uint32(w) & 0xffffff)
			h1 := hash24(uint32(w>>16) & 0xffffff)
			h2 := hash24(uint32(w>>32) & 0xffffff)
			h3 := hash24(uint32(v) & 0xffffff)
			h4 := hash24(uint32(v>>16) & 0xffffff)
			h5 := hash24(uint32(v>>32) & 0xffffff)
			if marked[h0]|marked[h1]|marked[h2]|marked[h3]|marked[h4]|marked[h5] != 0 {
				for k, h := range [6]uint32{h0, h1, h2, h3, h4, h5} {
					if marked[h] != 0 {
						dst = p.verify(t, i+2*k, h, dst)
					}
				}
			}
		}
	}
	for ; i+3 <= len(t); i += p.step {
		dst = p.check(t, i, dst)
	}
	found := dst[start:]
	if !slices.IsSortedFunc(found, byPos) {
		slices.SortFunc(found, byPos)
	}
	return dst
}

func byPos(a, b hit) int { return int(a.pos - b.pos) }

// shortWindows verifies the marked windows at even offsets of t from i
// on.
func (p *prefilter) shortWindows(t []byte, i int, dst []hit) []hit {
	marked := p.marked[:1<<hashBits]
	for ; i+3 <= len(t); i += 2 {
		if h := window(uint32(t[i]) | uint32(t[i+1])<<8 | uint32(t[i+2])<<16); marked[h] != 0 && p.beside(t, i, h) {
			dst = p.lookupAt(t, i, h, dst)
		}
	}
	return dst
}

// verifyAt verifies the windows a vector loop handed over: at their
// offsets in t[i:].
func (p *prefilter) verifyAt(t []byte, i int, offsets []int32, dst []hit) []hit {
	for _, at := range offsets {
		j := i + int(at)
		if h := window(uint32(t[j]) | uint32(t[j+1])<<8 | uint32(t[j+2])<<16); p.beside(t, j, h) {
			dst = p.lookupAt(t, j, h, dst)
		}
	}
	return dst
}

// check verifies the keywords whose window at some offset is the one at i.
func (p *prefilter) check(t []byte, i int, dst []hit) []hit {
	if i+3 > len(t) {
		return dst
	}
	h := window(uint32(t[i]) | uint32(t[i+1])<<8 | uint32(t[i+2])<<16)
	if p.marked[h] == 0 {
		return dst
	}
	return p.verify(t, i, h, dst)
}

// verify appends the keywords whose window at some offset is the one at
// i, which hashes to h.
func (p *prefilter) verify(t []byte, i int, h uint32, dst []hit) []hit {
	if !p.beside(t, i, h) {
		return dst
	}
	return p.lookupAt(t, i, h, dst)
}

// beside reports whether the bytes beside the window at i, which hashes
// to h, may be beside one of the keyword windows with that hash: the
// first look verify takes. The loops that hand windows to verify take it
// themselves, without a call for each window it turns down (two in five
// on the realistic log).
func (p *prefilter) beside(t []byte, i int, h uint32) bool {
	return (i+3 >= len(t) || p.marked[h]&neighbour[t[i+3]] != 0) && (i == 0 || p.before[h]&neighbour[t[i-1]] != 0)
}

// lookupAt is verify for a window that passed beside.
func (p *prefilter) lookupAt(t []byte, i int, h uint32, dst []hit) []hit {
	for _, a := range p.lookup(h) {
		s := i - int(a.off)
		k := &p.keywords[a.kw]
		if s < 0 || s+len(k.text) > len(t) || !k.at(t, s) || k.context && !k.fits(t, s) {
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
