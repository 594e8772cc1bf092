package filters

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// fixture reads a file of the repository's shared testdata.
func fixture(t testing.TB, name string) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// fixtureLines returns the non-empty lines of the valid fixtures, to seed
// fuzz targets.
func fixtureLines(t testing.TB) [][]byte {
	var out [][]byte
	for _, name := range []string{"v2/run.jsonl", "v1/run.jsonl", "v2/failed.jsonl", "input/prompt.jsonl"} {
		for _, line := range bytes.Split(fixture(t, name), []byte("\n")) {
			if len(line) > 0 {
				out = append(out, line)
			}
		}
	}
	return out
}
