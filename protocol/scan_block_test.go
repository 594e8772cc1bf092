package protocol

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf8"
)

// strResult is what a string scan decides: where the string ends (or
// where its problem is), whether it holds escapes, and the problem's rule,
// empty when there is none.
type strResult struct {
	end     int
	escaped bool
	rule    string
}

// refStr is str written a byte at a time, the way the rules read. The
// block and word paths must agree with it on every input.
func refStr(d []byte) strResult {
	var r strResult
	for i := 1; ; {
		if i >= len(d) {
			return strResult{len(d), r.escaped, RuleInvalidJSON}
		}
		switch c := d[i]; {
		case c == '"':
			return strResult{i + 1, r.escaped, ""}
		case c == '\\':
			r.escaped = true
			n := EscapeLen(d[i:])
			if n <= 0 {
				if n == 0 {
					return strResult{len(d), true, RuleInvalidJSON}
				}
				return strResult{i, true, RuleInvalidJSON}
			}
			i += n
		case c < 0x20:
			return strResult{i, r.escaped, RuleInvalidJSON}
		case c < utf8.RuneSelf:
			i++
		default:
			if !utf8.FullRune(d[i:]) {
				return strResult{len(d), r.escaped, RuleInvalidUTF8}
			}
			ch, size := utf8.DecodeRune(d[i:])
			if ch == utf8.RuneError && size == 1 {
				return strResult{i, r.escaped, RuleInvalidUTF8}
			}
			i += size
		}
	}
}

// checkStr compares ScanString with refStr on d, each way it may take
// blocks: plainBlocks and fastBlock, fastBlock alone, the loop alone.
func checkStr(t *testing.T, d []byte) {
	t.Helper()
	want := refStr(d)
	defer func() { useFastBlocks, usePlainBlocks, useUTF8Masks = true, true, true }()
	for _, way := range []struct{ fast, plain, utf8 bool }{{true, true, true}, {true, false, true}, {true, false, false}, {false, false, false}} {
		useFastBlocks, usePlainBlocks, useUTF8Masks = way.fast, way.plain, way.utf8
		end, escaped, err := ScanString(d, 0)
		got := strResult{escaped: escaped, end: end}
		if err != nil {
			got.end, got.rule = err.Offset, err.Rule
		}
		if got != want {
			t.Fatalf("%q (masks %v, plain blocks %v, UTF-8 masks %v):\nstr  %+v\nwant %+v", d, way.fast, way.plain, way.utf8, got, want)
		}
	}
}

// TestStrBlockEdges moves each awkward sequence across a string long
// enough for blocks, so that it meets every position of a block and
// every word boundary, with the string's end near and far.
func TestStrBlockEdges(t *testing.T) {
	pieces := []string{
		`\n`, `\\`, `\"`, `\\\"`, `\u00e9`, `\ud83d\ude00`, `\x`, `\u12`,
		"é", "é\"", "é\\n", "é\x1f", "é\x01", "中", "中\"", "中\x1f", "😀", "😀\"",
		"\xc3", "\xe4\xb8", "\xed\xa0\x80", "\xe0\x80\x80", "\xc0\xaf", "\xff", "\x80",
		"\t", "\x7f", `"`, `\u00G0`, `\u00eZ`, `\U00e9`, "\xf4\x8f\xbf\xbf", "\xf4\x90\x80\x80", "\xf0\x80\x80\x80",
		"\xf0\x9f\x98", "\xf5\x80\x80\x80", "😀\x1f", `\u00e9"`,
	}
	for _, p := range pieces {
		for pos := 0; pos < 150; pos++ {
			for _, tail := range []int{0, 1, 7, 70, 200} {
				for _, fill := range []func(int) string{filler, fillerNoEscape} {
					var b bytes.Buffer
					b.WriteByte('"')
					b.WriteString(fill(pos))
					b.WriteString(p)
					b.WriteString(strings.Repeat("b", tail))
					b.WriteString(`"}`)
					checkStr(t, b.Bytes())
					checkStr(t, b.Bytes()[:b.Len()-2]) // cut short
				}
			}
		}
	}
}

// filler returns n bytes of text with an escape every few bytes, so that
// str has switched to blocks well before the piece after it.
func filler(n int) string {
	f := []byte(strings.Repeat(`ab\n`, n/4+1)[:n])
	if n > 0 && f[n-1] == '\\' {
		f[n-1] = 'c'
	}
	return string(f)
}

// fillerNoEscape is filler with characters instead of escapes, so that
// the first escape str meets is the piece's, inside a block.
func fillerNoEscape(n int) string {
	f := strings.Repeat("abé", n/4+1)[:n]
	if !utf8.ValidString(f) {
		f = f[:n-1] + "c" // é cut in two
	}
	return f
}

// FuzzStringScan compares str with refStr on any text, also made long by
// repetition so that the block path sees it.
func FuzzStringScan(f *testing.F) {
	for _, s := range []string{`a\nb`, "é\"x", `\u00e9\\`, "中文\\t", "😀\x1f", "\xe2\x82", strings.Repeat(`ab\"`, 30)} {
		f.Add([]byte(s), uint8(0))
	}
	f.Fuzz(func(t *testing.T, text []byte, lead uint8) {
		pad := filler(int(lead % 80))
		checkStr(t, []byte(`"`+pad+string(text)+`"`))
		checkStr(t, []byte(`"`+pad+string(text)))
		if len(text) > 0 {
			long := bytes.Repeat(text, 300/len(text)+1)
			checkStr(t, append(append([]byte(`"`+pad), long...), `"}`...))
		}
	})
}

// specialExact is the map specialMap approximates: a bit for each quote,
// backslash, control byte and non-ASCII byte.
func specialExact(b []byte) uint64 {
	var m uint64
	for k, c := range b[:64] {
		if c == '"' || c == '\\' || c < 0x20 || c >= 0x80 {
			m |= 1 << k
		}
	}
	return m
}

// The vector map is exact, for every byte value at every position of a
// block; the word-at-a-time map is exact up to its lowest mark and may
// leave out only bytes that follow a non-ASCII one.
func TestSpecialMaps(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	b := make([]byte, 64)
	check := func() {
		t.Helper()
		want := specialExact(b)
		if haveVectorMap {
			if got := vectorMarks(&b[0]); got != want {
				t.Fatalf("%q: vector map %064b, want %064b", b, got, want)
			}
		}
		got := specialMap(b)
		if extra := got &^ want; extra != 0 {
			t.Fatalf("%q: word map marks %064b, which is not special", b, extra)
		}
		for missed := want &^ got; missed != 0; missed &= missed - 1 {
			k := 0
			for missed>>k&1 == 0 {
				k++
			}
			if k == 0 || b[k-1] < 0x80 {
				t.Fatalf("%q: word map misses byte %d", b, k)
			}
		}
	}
	for c := range 256 {
		for pos := range 64 {
			for i := range b {
				b[i] = 'a' + byte(i%26)
			}
			b[pos] = byte(c)
			check()
		}
	}
	for range 20000 {
		for i := range b {
			switch r.IntN(4) {
			case 0:
				b[i] = byte(r.IntN(256))
			default:
				b[i] = ' ' + byte(r.IntN(95))
			}
		}
		check()
	}
}

// blockMasksRef is blockMasks a byte at a time.
func blockMasksRef(b []byte) blockMasks {
	var m blockMasks
	for k, c := range b[:64] {
		bit := uint64(1) << k
		set := func(mask *uint64, ok bool) {
			if ok {
				*mask |= bit
			}
		}
		set(&m.backslash, c == '\\')
		set(&m.quote, c == '"')
		set(&m.control, c < 0x20)
		set(&m.nonASCII, c >= 0x80)
		set(&m.lead, c >= 0xC0)
		set(&m.notEscape, !strings.ContainsRune(`"\/bfnrt`, rune(c)) || c >= 0x80)
		set(&m.notHex, !isHex(c))
		set(&m.u, c == 'u')
	}
	return m
}

// TestBlockMasks: the vector masks are exact, for every byte value at
// every position of a block.
func TestBlockMasks(t *testing.T) {
	eachByteEverywhere(t, func(i int) byte { return 'a' + byte(i%26) }, func(b []byte) string {
		var got blockMasks
		blockMasksVector(&b[0], &got)
		if want := blockMasksRef(b); got != want {
			return fmt.Sprintf("got  %+v\nwant %+v", got, want)
		}
		return ""
	})
}

// TestUTF8Masks: the UTF-8 masks of the vector code, against the byte
// classes they stand for, for every byte at every place of a block.
func TestUTF8Masks(t *testing.T) {
	// Around it continuation bytes, of every range.
	eachByteEverywhere(t, func(i int) byte { return 0x80 + byte(i*37%64) }, func(b []byte) string {
		var got, want utf8Masks
		utf8MasksVector(&b[0], &got)
		for k, x := range b {
			bit := uint64(1) << k
			set := func(m *uint64, in bool) {
				if in {
					*m |= bit
				}
			}
			set(&want.lead2, x >= 0xc2 && x <= 0xdf)
			set(&want.lead3, x >= 0xe0 && x <= 0xef)
			set(&want.lead4, x >= 0xf0 && x <= 0xf4)
			set(&want.e0, x == 0xe0)
			set(&want.ed, x == 0xed)
			set(&want.f0, x == 0xf0)
			set(&want.f4, x == 0xf4)
			set(&want.atMost8F, x <= 0x8f)
			set(&want.atMost9F, x <= 0x9f)
		}
		if got != want {
			return fmt.Sprintf("got  %+v\nwant %+v", got, want)
		}
		return ""
	})
}

// eachByteEverywhere calls check with a block of the bytes fill gives
// but for one, which takes every value at every position in turn; check
// says what is wrong, or "". It needs the vector scan.
func eachByteEverywhere(t *testing.T, fill func(i int) byte, check func(b []byte) string) {
	t.Helper()
	if !haveVectorMap {
		t.Skip("no vector scan on this CPU")
	}
	b := make([]byte, 64)
	for c := range 256 {
		for pos := range 64 {
			for i := range b {
				b[i] = fill(i)
			}
			b[pos] = byte(c)
			if msg := check(b); msg != "" {
				t.Fatalf("byte %#x at %d:\n%s", c, pos, msg)
			}
		}
	}
}

// TestEscapedBits: the bytes after a run of an odd number of
// backslashes, against a walk of the block's runs, for random ones. (The
// backslashes a run escapes itself are left out: a backslash is always a
// character an escape may end with, and never a quote.)
func TestEscapedBits(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for range 100000 {
		bs := r.Uint64() & r.Uint64() // runs of every length
		if r.IntN(2) == 0 {
			bs |= r.Uint64()
		}
		var want uint64
		spill := false
		for k := 0; k < 64; {
			if bs>>k&1 == 0 {
				k++
				continue
			}
			n := 0
			for k+n < 64 && bs>>(k+n)&1 != 0 {
				n++
			}
			switch {
			case n%2 == 0:
			case k+n == 64:
				spill = true
			default:
				want |= 1 << (k + n)
			}
			k += n
		}
		if got, gotSpill := escapedBits(bs); got != want || gotSpill != spill {
			t.Fatalf("%064b: escaped %064b spill %v, want %064b %v", bs, got, gotSpill, want, spill)
		}
	}
}
