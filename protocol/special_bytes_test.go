package protocol

import (
	"encoding/binary"
	"math/rand/v2"
	"testing"
)

// firstSpecial is what SpecialBytes' lowest mark must point at, worked out
// a byte at a time: the index of the first byte a string scan must stop
// at, or 8 when there is none.
func firstSpecial(w [8]byte) int {
	for i, c := range w {
		if c == '"' || c == '\\' || c < 0x20 || c >= 0x80 {
			return i
		}
	}
	return 8
}

func lowestMark(m uint64) int {
	for i := 0; i < 8; i++ {
		if m>>(8*i+7)&1 != 0 {
			return i
		}
	}
	return 8
}

// TestSpecialBytes puts every byte value at every position of a word of
// plain text, then of random bytes, and checks the lowest mark.
func TestSpecialBytes(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	plain := func() byte { return byte(0x20 + rng.IntN(0x60)) }
	for pos := 0; pos < 8; pos++ {
		for v := 0; v < 256; v++ {
			for round := 0; round < 64; round++ {
				var w [8]byte
				for i := range w {
					if round%2 == 0 {
						w[i] = plain()
						for w[i] == '"' || w[i] == '\\' {
							w[i] = plain()
						}
					} else {
						w[i] = byte(rng.IntN(256))
					}
				}
				w[pos] = byte(v)
				x := binary.LittleEndian.Uint64(w[:])
				if got, want := lowestMark(SpecialBytes(x)), firstSpecial(w); got != want {
					t.Fatalf("% x: lowest mark at %d, first special byte at %d", w, got, want)
				}
				if got, want := lowestMark(EscapedBytes(x)), firstEscaped(w); got != want {
					t.Fatalf("% x: EscapedBytes marks %d first, want %d", w, got, want)
				}
			}
		}
	}
}

func firstEscaped(w [8]byte) int {
	for i, c := range w {
		if c == '"' || c == '\\' || c < 0x20 {
			return i
		}
	}
	return 8
}
