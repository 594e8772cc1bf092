package usage

import (
	"bytes"
	"io"
	"testing"

	"github.com/zsj-dev/zsj/gen"
	"github.com/zsj-dev/zsj/internal/input"
)

// BenchmarkAggregate reads generated logs as zsj usage does (lines, runs,
// fingerprints, dedupe, groups) and reports MB/s of log read.
func BenchmarkAggregate(b *testing.B) {
	for _, tc := range []struct {
		name    string
		profile gen.Profile
		size    int64
	}{
		{"output-heavy", gen.OutputHeavy, 64 << 20},
		{"chatty", gen.Chatty, 16 << 20},
	} {
		b.Run(tc.name, func(b *testing.B) {
			var log bytes.Buffer
			if err := gen.Write(&log, gen.Options{Profile: tc.profile, Size: tc.size, Seed: 1}); err != nil {
				b.Fatal(err)
			}
			data := log.Bytes()
			b.SetBytes(int64(len(data)))
			b.ResetTimer()
			for b.Loop() {
				aggregateBytes(b, data)
			}
		})
	}
}

func aggregateBytes(b *testing.B, data []byte) {
	var runs int
	c := NewCollector(Options{Run: func(*Run) { runs++ }})
	f := c.File("bench.jsonl")
	lines := input.NewReader(bytes.NewReader(data))
	for {
		l, err := lines.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			b.Fatal(err)
		}
		f.Line(l.Num, l.Text, len(l.EOL) == 0)
	}
	f.End()
	c.End()
	if runs == 0 {
		b.Fatal("no runs")
	}
}
