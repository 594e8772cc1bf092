package input

import (
	"bytes"
	"io"
	"testing"
)

// BenchmarkReader measures splitting in-memory data into lines, so that
// only the Reader's own cost shows.
func BenchmarkReader(b *testing.B) {
	for _, bc := range []struct {
		name    string
		lineLen int // bytes, newline included
		total   int // bytes of input
	}{
		{"small lines 100B", 100, 16 << 20},
		{"large lines 1MB", 1 << 20, 64 << 20},
	} {
		b.Run(bc.name, func(b *testing.B) {
			line := append(bytes.Repeat([]byte{'x'}, bc.lineLen-1), '\n')
			data := bytes.Repeat(line, bc.total/bc.lineLen)
			src := bytes.NewReader(data)
			b.SetBytes(int64(len(data)))
			b.ReportAllocs()
			for b.Loop() {
				src.Reset(data)
				r := NewReader(src)
				n := 0
				var l Line
				for {
					err := r.NextInto(&l)
					if err == io.EOF {
						break
					}
					if err != nil {
						b.Fatal(err)
					}
					n += len(l.Text)
				}
				if n != len(data)-len(data)/bc.lineLen {
					b.Fatalf("read %d bytes of text", n)
				}
			}
		})
	}
}
