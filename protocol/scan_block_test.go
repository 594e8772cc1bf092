package protocol

import (
	"math/rand/v2"
	"testing"
)

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
			if got := specialMapVector(&b[0]); got != want {
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
