package export

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/zsj-dev/zsj/gen"
	"github.com/zsj-dev/zsj/internal/term"
)

// BenchmarkToParquet exports 20 MB of output-heavy log, the corpus whose
// Parquet export bench/run.sh measures.
func BenchmarkToParquet(b *testing.B) {
	log := filepath.Join(b.TempDir(), "oh.jsonl")
	f, err := os.Create(log)
	if err != nil {
		b.Fatal(err)
	}
	if err := gen.Write(f, gen.Options{Profile: gen.OutputHeavy, Size: 20 << 20, Seed: 1}); err != nil {
		b.Fatal(err)
	}
	st, _ := f.Stat()
	f.Close()
	srcs := sources(b, log)
	std, _, _ := term.Test("")
	b.SetBytes(st.Size())
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		dir := filepath.Join(b.TempDir(), "out")
		if err := ToParquet(ParquetOptions{IO: std, Dir: dir, Sources: srcs}); err != nil {
			b.Fatal(err)
		}
	}
}
