package redact

import (
	"bytes"
	"testing"

	ahocorasick "github.com/BobuSumisu/aho-corasick"
)

// BenchmarkKeywordSearch compares, on the real-file log, the prefilter
// with the Aho-Corasick automaton gitleaks uses
// (github.com/BobuSumisu/aho-corasick), both finding every keyword of
// the default rules. The automaton matches bytes exactly, so it is given
// the keywords in lower case and each line lowered first, as gitleaks
// does; the lowering is part of its cost.
func BenchmarkKeywordSearch(b *testing.B) {
	lines := realFiles(b)
	rs := defaults(b)
	b.Run("prefilter", func(b *testing.B) {
		var hits []hit
		b.SetBytes(realSize)
		for b.Loop() {
			for _, l := range lines {
				hits = rs.pf.scan(l, hits[:0])
			}
		}
	})
	b.Run("aho-corasick", func(b *testing.B) {
		var kws [][]byte
		for _, k := range rs.pf.keywords {
			kws = append(kws, bytes.ToLower(k.text))
		}
		trie := ahocorasick.NewTrieBuilder().AddPatterns(kws).Build()
		var low []byte
		b.SetBytes(realSize)
		for b.Loop() {
			for _, l := range lines {
				low = append(low[:0], l...)
				for i, c := range low {
					low[i] = lower[c]
				}
				trie.Match(low)
			}
		}
	})
}
