package redact

import (
	"math"
	"unicode/utf8"
)

// shannonEntropy is the entropy of s in bits per character, as gitleaks
// computes it: characters are counted as runes, frequencies as a share of
// the byte length (so non-ASCII text scores a little lower).
func shannonEntropy(s []byte) float64 {
	if len(s) == 0 {
		return 0
	}
	var ascii [128]int
	var other map[rune]int
	for i := 0; i < len(s); {
		if c := s[i]; c < utf8.RuneSelf {
			ascii[c]++
			i++
			continue
		}
		r, n := utf8.DecodeRune(s[i:])
		if other == nil {
			other = map[rune]int{}
		}
		other[r]++
		i += n
	}
	inv := 1 / float64(len(s))
	h := 0.0
	add := func(n int) {
		if n > 0 {
			f := float64(n) * inv
			h -= f * math.Log2(f)
		}
	}
	for _, n := range ascii {
		add(n)
	}
	for _, n := range other {
		add(n)
	}
	return h
}
