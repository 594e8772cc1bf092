package gen

import "testing"

// countingWriter discards what it is given and counts it.
type countingWriter struct{ n int64 }

func (c *countingWriter) Write(p []byte) (int, error) {
	c.n += int64(len(p))
	return len(p), nil
}

// BenchmarkWrite reports generation speed per profile; the benchmark
// harness asks for hundreds of MB, so this must stay in the hundreds of
// MB/s.
func BenchmarkWrite(b *testing.B) {
	for _, p := range Profiles {
		b.Run(string(p), func(b *testing.B) {
			var out countingWriter
			for i := range b.N {
				if err := Write(&out, Options{Profile: p, Size: 64 << 20, Seed: int64(i)}); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(out.n)/1e6/b.Elapsed().Seconds(), "MB/s")
		})
	}
	b.Run(string(Realistic), func(b *testing.B) {
		root, err := GoRoot()
		if err != nil {
			b.Skip(err)
		}
		var out countingWriter
		for i := range b.N {
			if err := Write(&out, Options{Profile: Realistic, Content: root, Size: 64 << 20, Seed: int64(i)}); err != nil {
				b.Fatal(err)
			}
		}
		b.ReportMetric(float64(out.n)/1e6/b.Elapsed().Seconds(), "MB/s")
	})
}
