package redact

import (
	"strings"
	"sync"
)

// The vector loop's cost on logs of large tool outputs was its gather, a
// lookup of 16 hashes in the 256 KB table of marks for each 32 bytes of
// text: over 64 MB of output-heavy, 9.5 of the loop's 21 ms, and the loop
// was two fifths of the secret search. markedPairs looks first at what
// registers can answer: each
// byte's class (its letter, case folded, or a group of punctuation), and
// whether the classes of a window's pairs of bytes are those of some
// keyword's window. On the three bench corpora 76 to 82 windows in 100
// fail that, and only the others are hashed and looked up.
//
// A window is registered by one of its pairs and what may sit beside it:
// the group "first" by the classes of its first two bytes, the pairs
// the second two may then have in "firstNext"; the group "second" the
// other way round. A text window passes when its first pair is in first
// and its second in firstNext, or its second in second and its first in
// secondBefore. Each window goes to the group of its less common pair,
// so that common text seldom passes. A window with any byte at one end
// (of a keyword of two or three bytes) goes to the group of its other
// pair, with every class at that end.

// pairTables is what markedPairs reads, in this order: per byte (its low
// 7 bits; a byte of 0x80 or more shares the class of one below, which
// only lets more windows through), its class times 4, the class's top
// two bits and a bit for its low three; then a bit per pair of classes
// (class*32 + class) for each group's tables.
type pairTables struct {
	class4, classHigh, classBit            [128]byte
	first, firstNext, second, secondBefore [128]byte
}

// pairClasses are the 32 classes: a letter each, but for the four
// rarest, which share one; digits; the punctuation keywords are made of;
// blanks; and everything else. What is not listed is in the last. The
// last four (from the backslash on) are what JSON's own punctuation falls
// in (see pairCommonness).
var pairClasses = [...]string{
	"aA", "bB", "cC", "dD", "eE", "fF", "gG", "hH", "iI", "jJqQxXzZ", "kK", "lL", "mM",
	"nN", "oO", "pP", "rR", "sS", "tT", "uU", "vV", "wW", "yY",
	"0123456789", "_", "-", ".", ":/", `\`, `"'`, " \t",
}

// pairClassOf is the class of each byte below 0x80.
var pairClassOf = func() (t [128]byte) {
	for c := range t {
		t[c] = byte(len(pairClasses)) // everything else
	}
	for k, cs := range pairClasses {
		for _, c := range []byte(cs) {
			t[c] = byte(k)
		}
	}
	return t
}()

// pairClass is the class of c as markedPairs reads it: by its low 7 bits.
func pairClass(c byte) int { return int(pairClassOf[c&0x7f]) }

// noWild: every byte of a window is known (see add).
const noWild = -1

// init fills the tables of classes; those of pairs start empty.
func (pt *pairTables) init() {
	for c := range 128 {
		k := pairClassOf[c]
		pt.class4[c] = k * 4
		pt.classHigh[c] = k >> 3
		pt.classBit[c] = 1 << (k & 7)
	}
}

// add registers the window w. wild is the end of it (0 or 2) whose byte
// may be any, or noWild.
func (pt *pairTables) add(w []byte, wild int) {
	c0, c1, c2 := pairClass(w[0]), pairClass(w[1]), pairClass(w[2])
	byFirst := wild == 2 || wild != 0 && pairCommonness(w[0], w[1]) <= pairCommonness(w[1], w[2])
	for x := range 32 {
		switch {
		case byFirst && (wild == 2 || x == c2):
			setPair(&pt.firstNext, c1, x)
		case !byFirst && (wild == 0 || x == c0):
			setPair(&pt.secondBefore, x, c1)
		}
	}
	if byFirst {
		setPair(&pt.first, c0, c1)
	} else {
		setPair(&pt.second, c1, c2)
	}
}

func setPair(t *[128]byte, a, b int) {
	p := a*32 + b
	t[p>>3] |= 1 << (p & 7)
}

func hasPair(t *[128]byte, a, b int) bool {
	p := a*32 + b
	return t[p>>3]&(1<<(p&7)) != 0
}

// passes reports whether the window at i in t passes the tables, as
// markedPairs tells: for tests.
func (pt *pairTables) passes(t []byte, i int) bool {
	c0, c1, c2 := pairClass(t[i]), pairClass(t[i+1]), pairClass(t[i+2])
	return hasPair(&pt.first, c0, c1) && hasPair(&pt.firstNext, c1, c2) ||
		hasPair(&pt.second, c1, c2) && hasPair(&pt.secondBefore, c0, c1)
}

// pairCommonness is how often the classes of a and b come together in
// text, roughly: how many words of the vocabulary (see vocabulary.go)
// hold them, in prose, quoted or before a full stop; more where digits
// (numbers, ids, times) or two of blanks, quotes, backslashes and other
// punctuation (JSON's own `": "`) are involved. The product of the bytes'
// weights breaks ties.
func pairCommonness(a, b byte) float64 {
	ca, cb := pairClass(a), pairClass(b)
	n := float64(vocabularyPairs()[ca*32+cb])
	if digit := pairClass('0'); ca == digit || cb == digit {
		n += 6
	}
	if json := pairClass('\\'); ca >= json && cb >= json {
		n += 40
	}
	weight := func(c byte) float64 {
		if c >= '0' && c <= '9' {
			return 10
		}
		return charWeight(c)
	}
	return n*1000 + weight(a)*weight(b)
}

// vocabularyPairs counts the pairs of classes of the vocabulary's words.
var vocabularyPairs = sync.OnceValue(func() *[1024]int {
	var n [1024]int
	for _, w := range strings.Fields(commonWords) {
		for _, f := range []string{" " + w + " ", `"` + w + `"`, w + "."} {
			for i := 0; i+1 < len(f); i++ {
				n[pairClass(f[i])*32+pairClass(f[i+1])]++
			}
		}
	}
	return &n
})
