package input

import (
	"os"
	"testing"
)

// BenchmarkLines measures the batch pipeline alone (work does nothing per
// line) on a log file named by ZSJ_BENCH_LOG: reading, splitting on the
// workers and handing batches back in order.
func BenchmarkLines(b *testing.B) {
	path := os.Getenv("ZSJ_BENCH_LOG")
	if path == "" {
		b.Skip("ZSJ_BENCH_LOG names no log")
	}
	info, err := os.Stat(path)
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(info.Size())
	for b.Loop() {
		f, err := os.Open(path)
		if err != nil {
			b.Fatal(err)
		}
		err = Lines(NewReader(f), Workers(), func(int, *Batch) {}, func(*Batch) error { return nil })
		f.Close()
		if err != nil {
			b.Fatal(err)
		}
	}
}
