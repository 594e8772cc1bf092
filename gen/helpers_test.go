package gen

import (
	"bytes"
	"testing"
)

// generate returns what Write writes for opts.
func generate(t testing.TB, opts Options) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := Write(&buf, opts); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// lines splits output into lines without their newlines; output always
// ends in one.
func lines(data []byte) [][]byte {
	return bytes.Split(bytes.TrimSuffix(data, []byte{'\n'}), []byte{'\n'})
}
