package redact

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

// prefilterMisses compares the prefilter of rs with a search of every
// keyword at every position of t: it returns the occurrences the
// prefilter missed or made up. The only ones it may miss are those of
// 2-byte keywords that end the text (see newPrefilter), and those beside
// a byte their rules rule out (see keywordContext).
func prefilterMisses(rs *RuleSet, t []byte) []string {
	p := rs.pf
	var want []hit
	for kw := range p.keywords {
		k := &p.keywords[kw]
		for s := 0; s+len(k.text) <= len(t); s++ {
			if k.at(t, s) && !(len(k.text) == 2 && s+len(k.text) == len(t)) && k.inContext(t, s) {
				want = append(want, hit{int32(kw), int32(s)})
			}
		}
	}
	got := p.scan(t, nil)
	var diff []string
	for _, h := range want {
		if !slices.Contains(got, h) {
			diff = append(diff, fmt.Sprintf("missed %q at %d", p.keywords[h.kw].text, h.pos))
		}
	}
	for _, h := range got {
		k := &p.keywords[h.kw]
		if int(h.pos)+len(k.text) > len(t) || !k.at(t, int(h.pos)) {
			diff = append(diff, fmt.Sprintf("made up %q at %d", k.text, h.pos))
		}
	}
	return diff
}

// TestPrefilterFindsEveryKeyword: texts made of keywords of the default
// rules, in any case, packed together and among the words and
// punctuation of logs, at every alignment.
func TestPrefilterFindsEveryKeyword(t *testing.T) {
	rs := defaults(t)
	r := rand.New(rand.NewPCG(1, 2))
	fillers := []string{" ", "\"", "\\n", "text", "delta", "runId", "_", "-", "=", ":", "the ", "x", "\\u002d", "9"}
	for round := range 3000 {
		var text []byte
		pieces := 1 + r.IntN(12)
		if round%4 == 0 {
			pieces = 40 + r.IntN(200) // long enough for markedPairs
		}
		for range pieces {
			if r.IntN(2) == 0 {
				k := rs.pf.keywords[r.IntN(len(rs.pf.keywords))].text
				for _, c := range k {
					if r.IntN(2) == 0 {
						c = upper(c)
					}
					text = append(text, c)
				}
			} else {
				text = append(text, fillers[r.IntN(len(fillers))]...)
			}
		}
		if diff := prefilterMisses(rs, text); len(diff) > 0 {
			t.Fatalf("round %d, text %q: %v", round, text, diff)
		}
	}
}

// The vector scan and the scalar one find the same occurrences, on short
// texts and on texts long enough for many vector rounds (and for
// markedPairs), with
// keywords at every alignment and in the last bytes the vector loops
// leave to the others.
func TestVectorScanAgreesWithScalar(t *testing.T) {
	forEachVectorLoop(t, testVectorScanAgreesWithScalar)
}

func testVectorScanAgreesWithScalar(t *testing.T) {
	rs := defaults(t)
	t.Cleanup(func() { useVectorScan = haveVectorScan })
	r := rand.New(rand.NewPCG(3, 4))
	fillers := []string{" ", "the ", "x", "\\n", "0123456789abcdef", "func (p *prefilter) ", "_", "é"}
	for round := range 2000 {
		var text []byte
		// Short texts as well (most deltas), which go window by window.
		size := 40 + r.IntN(1500)
		if round%4 == 0 {
			size = r.IntN(48)
		}
		for len(text) < size {
			if r.IntN(4) == 0 {
				text = append(text, rs.pf.keywords[r.IntN(len(rs.pf.keywords))].text...)
			} else {
				text = append(text, fillers[r.IntN(len(fillers))]...)
			}
		}
		useVectorScan = false
		want := rs.pf.scan(text, nil)
		useVectorScan = true
		got := rs.pf.scan(text, nil)
		if !slices.Equal(got, want) {
			t.Fatalf("round %d, text %q: vector scan %v, scalar %v", round, text, got, want)
		}
	}
}

// markedWindows returns exactly the windows at even offsets whose mark
// holds the bucket of the byte after them, for every one of the 16
// positions of a round, every byte value after a window, and a buffer
// too small for the whole text.
func TestMarkedWindowsMatchesTheGate(t *testing.T) {
	forEachVectorLoop(t, testMarkedWindowsMatchesTheGate)
}

func testMarkedWindowsMatchesTheGate(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	text := make([]byte, 1000)
	for i := range text {
		text[i] = byte(r.IntN(256))
	}
	hashAt := func(j int) uint32 { return window(uint32(text[j]) | uint32(text[j+1])<<8 | uint32(text[j+2])<<16) }
	marked := make([]byte, 1<<hashBits+3)
	for range 3 {
		clear(marked)
		// About a quarter of the text's windows marked, each with a
		// random set of buckets.
		for j := 0; j+3 <= len(text); j++ {
			if r.IntN(4) == 0 {
				marked[hashAt(j)] = byte(r.IntN(256))
			}
		}
		var want []int32
		for j := 0; j+4 <= len(text); j += 2 {
			if marked[hashAt(j)]&neighbour[text[j+3]] != 0 {
				want = append(want, int32(j))
			}
		}
		for _, size := range []int{vectorOut, 16, 40, 256} {
			var got []int32
			out := make([]int32, size)
			at := 0
			for len(text)-at >= vectorTail {
				n, next := markedWindows(text[at:], &marked[0], out)
				if next == 0 || next%vectorBlock != 0 {
					t.Fatalf("stopped at %d", next)
				}
				for _, o := range out[:n] {
					got = append(got, int32(at)+o)
				}
				at += next
			}
			// want has the windows up to the last full round, and
			// the rounds went as far as they could.
			if at != (len(text)-vectorTail)/vectorBlock*vectorBlock+vectorBlock {
				t.Fatalf("out of %d: stopped at %d of %d", size, at, len(text))
			}
			var upTo []int32
			for _, w := range want {
				if int(w) < at {
					upTo = append(upTo, w)
				}
			}
			if !slices.Equal(got, upTo) {
				t.Fatalf("out of %d: markedWindows found %v, want %v", size, got, upTo)
			}
		}
	}
}

// forEachVectorLoop runs test with markedWindows on each of its loops
// that the CPU can run, with markedPairs for long texts and without, and
// skips it when it can run none.
func forEachVectorLoop(t *testing.T, test func(*testing.T)) {
	if !haveVectorScan {
		t.Skip("no vector scan on this CPU")
	}
	t.Cleanup(func() { useWideScan, usePairScan = haveWideScan, havePairScan })
	for _, c := range []struct {
		name        string
		wide, pairs bool
	}{{"AVX2", false, false}, {"AVX-512", true, false}, {"AVX-512 pairs", true, true}} {
		t.Run(c.name, func(t *testing.T) {
			if c.wide && !haveWideScan || c.pairs && !havePairScan {
				t.Skip("the CPU cannot run it")
			}
			useWideScan, usePairScan = c.wide, c.pairs
			test(t)
		})
	}
}

// tailWindows returns exactly the windows at even offsets that fit in a
// text of 3 to tailSpan bytes and whose mark holds the bucket of the
// byte after them, or is set at all for the one that ends the text.
func TestTailWindowsMatchesTheGate(t *testing.T) {
	if !haveTailScan {
		t.Skip("no AVX-512 VBMI on this CPU")
	}
	r := rand.New(rand.NewPCG(7, 8))
	marked := make([]byte, 1<<hashBits+3)
	for round := range 3000 {
		text := make([]byte, 3+r.IntN(tailSpan-2))
		for i := range text {
			text[i] = byte(r.IntN(256))
		}
		clear(marked)
		var want []int32
		for j := 0; j+3 <= len(text); j += 2 {
			h := window(uint32(text[j]) | uint32(text[j+1])<<8 | uint32(text[j+2])<<16)
			if r.IntN(3) == 0 {
				marked[h] = byte(r.IntN(256))
			}
		}
		for j := 0; j+3 <= len(text); j += 2 {
			h := window(uint32(text[j]) | uint32(text[j+1])<<8 | uint32(text[j+2])<<16)
			after := byte(anyNeighbour)
			if j+3 < len(text) {
				after = neighbour[text[j+3]]
			}
			if marked[h]&after != 0 {
				want = append(want, int32(j))
			}
		}
		out := make([]int32, 16)
		got := out[:tailWindows(text, &marked[0], out)]
		if !slices.Equal(got, want) {
			t.Fatalf("round %d, %d bytes: tailWindows found %v, want %v", round, len(text), got, want)
		}
	}
}

// TestThreeByteWindowsNameTheLastByte: a keyword of three bytes at an odd
// position is seen through the window of the byte before it and its first
// two, marked for its last byte alone: the vector loop then passes over
// "map" and "gap" unless the bucket of an "i" follows, where a window of
// its last two bytes and any byte after them ("pip", "pin") would reach
// verify every time.
func TestThreeByteWindowsNameTheLastByte(t *testing.T) {
	p := newPrefilter([]keyword{{text: []byte("api"), fold: true}})
	own := window(uint32('a') | uint32('p')<<8 | uint32('i')<<16)
	for c := range 256 {
		h := window(uint32(c) | uint32('a')<<8 | uint32('p')<<16)
		if h == own {
			continue // shared with the keyword's own window
		}
		if got, want := p.marked[h], neighbour['i']; got != want {
			t.Fatalf("window %q: marked %08b, want %08b", []byte{byte(c), 'a', 'p'}, got, want)
		}
	}
	for _, text := range []string{"api", "xapi", "an api", "the api", "APi"} {
		if got := p.scan([]byte(text), nil); len(got) != 1 || int(got[0].pos) != len(text)-3 {
			t.Errorf("%q: found %v, want the keyword at %d", text, got, len(text)-3)
		}
	}
}

// inContext reports whether the bytes beside the occurrence of k at s in
// t are among those its rules let come there.
func (k *keyword) inContext(t []byte, s int) bool { return !k.context || k.fits(t, s) }

// markedPairs returns exactly the windows at even offsets whose pairs of
// classes pass its tables and whose mark holds the bucket of the byte
// after them, for random marks and tables, texts of every length around
// its rounds', and buffers that stop it early.
func TestMarkedPairsMatchesTheGate(t *testing.T) {
	if !havePairScan {
		t.Skip("the CPU cannot run markedPairs")
	}
	r := rand.New(rand.NewPCG(9, 10))
	marked := make([]byte, 1<<hashBits+3)
	alphabet := []byte("tokenkey_-.:/\\\"' \tAZaz09\x80\xff")
	for round := range 400 {
		text := make([]byte, 66+r.IntN(700))
		for i := range text {
			if r.IntN(3) == 0 {
				text[i] = byte(r.IntN(256))
			} else {
				text[i] = alphabet[r.IntN(len(alphabet))]
			}
		}
		hashAt := func(j int) uint32 { return window(uint32(text[j]) | uint32(text[j+1])<<8 | uint32(text[j+2])<<16) }
		clear(marked)
		var pt pairTables
		pt.init()
		for j := 0; j+3 <= len(text); j++ {
			if r.IntN(3) == 0 {
				marked[hashAt(j)] = byte(r.IntN(256))
			}
			if r.IntN(8) == 0 {
				pt.add(text[j:j+3], []int{noWild, 0, 2}[r.IntN(3)])
			}
		}
		for _, size := range []int{48, 64, 100, pairOut} {
			var got []int32
			out, win := make([]int32, size), make([]uint32, size)
			at := 0
			for len(text)-at >= 66 {
				n, next := markedPairs(text[at:], &marked[0], &pt, out, win)
				if next == 0 || next%64 != 0 {
					t.Fatalf("round %d, out of %d: stopped at %d", round, size, next)
				}
				for _, o := range out[:n] {
					got = append(got, int32(at)+o)
				}
				at += next
			}
			if at != (len(text)-66)/64*64+64 {
				t.Fatalf("round %d, out of %d: stopped at %d of %d", round, size, at, len(text))
			}
			var want []int32
			for j := 0; j < at; j += 2 {
				if marked[hashAt(j)]&neighbour[text[j+3]] != 0 && pt.passes(text, j) {
					want = append(want, int32(j))
				}
			}
			if !slices.Equal(got, want) {
				t.Fatalf("round %d, out of %d, %d bytes: markedPairs found %v, want %v", round, size, len(text), got, want)
			}
		}
	}
}

// TestPairTablesPassTheirWindows: a window added passes, whatever byte
// its wild end has; and the tables are not all set.
func TestPairTablesPassTheirWindows(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	var pt pairTables
	pt.init()
	var added [][4]byte
	for range 200 {
		w := []byte{byte(r.IntN(128)), byte(r.IntN(128)), byte(r.IntN(128))}
		wild := []int{noWild, 0, 2}[r.IntN(3)]
		pt.add(w, wild)
		added = append(added, [4]byte{w[0], w[1], w[2], byte(wild + 1)})
	}
	for _, a := range added {
		for c := range 256 {
			w := []byte{a[0], a[1], a[2]}
			switch int(a[3]) - 1 {
			case 0:
				w[0] = byte(c)
			case 2:
				w[2] = byte(c)
			}
			if !pt.passes(w, 0) {
				t.Fatalf("%q (wild %d) does not pass", w, int(a[3])-1)
			}
		}
	}
	if pt.passes([]byte("qqq"), 0) && pt.passes([]byte("zzz"), 0) && pt.passes([]byte("!!!"), 0) && pt.passes([]byte("   "), 0) {
		t.Error("everything passes")
	}
}

// FuzzVectorScanAgreesWithScalar: on any text, repeated to be long enough
// for markedPairs, the vector loops find what the scalar one does.
func FuzzVectorScanAgreesWithScalar(f *testing.F) {
	f.Add([]byte(`{"token":"ghp_x","api_key":"s.abc"} password=x \u002d`), uint8(6))
	f.Add([]byte("sk-ant-api03-AKIA\x80\xffhf_Token"), uint8(30))
	f.Fuzz(func(t *testing.T, text []byte, repeat uint8) {
		if !haveVectorScan || len(text) == 0 {
			t.Skip()
		}
		rs := defaults(t)
		long := bytes.Repeat(text, 1+int(repeat)%64)
		defer func() { useVectorScan = haveVectorScan }()
		useVectorScan = false
		want := rs.pf.scan(long, nil)
		useVectorScan = true
		if got := rs.pf.scan(long, nil); !slices.Equal(got, want) {
			t.Fatalf("%q: vector scan %v, scalar %v", long, got, want)
		}
	})
}
