package input

import (
	"bytes"
	"io"
	"strings"
	"testing"
)

// BenchmarkStreamLines measures reading lines through decompression, the
// path of a compressed log. SetBytes counts decompressed bytes.
func BenchmarkStreamLines(b *testing.B) {
	text := strings.Repeat(`{"schemaVersion":2,"type":"tool_result","runId":"r1","id":"c1","status":"ok","output":"total 12\ndrwxr-xr-x  3 user  staff   96 Jan  1 00:00 .","truncated":false}`+"\n", 100000)
	for _, c := range []Compression{None, Gzip, Zstd} {
		b.Run(c.String(), func(b *testing.B) {
			data := compress(b, c, text)
			b.SetBytes(int64(len(text)))
			for b.Loop() {
				s, err := Open(Source{Name: StdinName}, bytes.NewReader(data))
				if err != nil {
					b.Fatal(err)
				}
				r := s.Lines()
				for {
					if _, err := r.Next(); err != nil {
						if err != io.EOF {
							b.Fatal(err)
						}
						break
					}
				}
				s.Close()
			}
		})
	}
}
