package redact

import (
	"bytes"
	"sync"
	"testing"

	"github.com/zsj-dev/zsj/gen"
)

// benchLines is a generated log with planted secrets, split into lines:
// an output-heavy one, where tool outputs are most of the bytes, and a
// chatty one, where many short events make per-line costs show.
var (
	benchOnce  sync.Once
	benchLines map[gen.Profile][][]byte
)

func benchCorpus(b *testing.B, profile gen.Profile) ([][]byte, int64) {
	benchOnce.Do(func() {
		benchLines = map[gen.Profile][][]byte{}
		for _, p := range []gen.Profile{gen.OutputHeavy, gen.Chatty} {
			log, _ := genLog(b, gen.Options{Size: 32 << 20, Seed: 3, Profile: p})
			benchLines[p] = bytes.Split(bytes.TrimSuffix(log, []byte("\n")), []byte("\n"))
		}
	})
	lines := benchLines[profile]
	var n int64
	for _, l := range lines {
		n += int64(len(l)) + 1
	}
	return lines, n
}

// BenchmarkRedact measures Line over a whole log, the work of zsj redact
// besides reading and writing; MB/s is of input.
func BenchmarkRedact(b *testing.B) {
	for _, p := range []gen.Profile{gen.OutputHeavy, gen.Chatty} {
		b.Run(string(p), func(b *testing.B) {
			lines, size := benchCorpus(b, p)
			x := defaults(b).NewRedactor()
			var buf []byte
			b.SetBytes(size)
			b.ReportAllocs()
			for b.Loop() {
				for _, l := range lines {
					buf, _ = x.Line(l, buf[:0])
				}
			}
		})
	}
}

// BenchmarkFind measures the check validate adds to every line.
func BenchmarkFind(b *testing.B) {
	for _, p := range []gen.Profile{gen.OutputHeavy, gen.Chatty} {
		b.Run(string(p), func(b *testing.B) {
			lines, size := benchCorpus(b, p)
			x := defaults(b).NewRedactor()
			b.SetBytes(size)
			b.ReportAllocs()
			for b.Loop() {
				for _, l := range lines {
					x.Find(l)
				}
			}
		})
	}
}

// BenchmarkCompile measures building the default rule set, which every
// command that scans for secrets does at start-up. (The built-in
// catalogue is parsed once per process, on the first call.)
func BenchmarkCompile(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Compile(Config{}); err != nil {
			b.Fatal(err)
		}
	}
}
