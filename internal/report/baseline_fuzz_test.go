package report

import (
	"bytes"
	"testing"
)

// FuzzParseBaseline: any bytes are either refused or read into a baseline
// that writes out and reads back to the same bytes.
func FuzzParseBaseline(f *testing.F) {
	f.Add([]byte(`{"version":1,"secrets":[]}`))
	f.Add([]byte(`{"version":1,"secrets":[{"rule":"jwt","fingerprint":"0badc0de","file":"a b.jsonl","path":"$[\"k\"]"}]}`))
	f.Add([]byte(`{"version":1,"secrets":[{"rule":"r","fingerprint":"0badc0de"},{"rule":"r","fingerprint":"0badc0de"}]}`))
	f.Add([]byte(`{"version":2}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		b, err := ParseBaseline(data)
		if err != nil {
			return
		}
		out := b.Marshal()
		again, err := ParseBaseline(out)
		if err != nil {
			t.Fatalf("written baseline refused: %v\n%s", err, out)
		}
		if !bytes.Equal(again.Marshal(), out) {
			t.Fatalf("not stable:\n%s\n%s", out, again.Marshal())
		}
	})
}
