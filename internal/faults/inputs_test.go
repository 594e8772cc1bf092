package faults

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"

	"github.com/klauspost/compress/gzip"
	"github.com/klauspost/compress/zstd"
)

// Many files, one of which cannot be read: the others are rewritten, the
// failure is named, the exit status is 3, the bad file is as it was.
func TestManyFilesOneFails(t *testing.T) {
	dir := t.TempDir()
	logs := map[string][]byte{}
	for i, name := range []string{"a", "b", "c", "d", "e", "f", "g", "h"} {
		logs[name+".jsonl"] = gen(t, filepath.Join(dir, name+".jsonl"), "--runs", "3", "--schema-version", "1", "--seed", itoa(i))
	}
	bad := gzipped(t, gen(t, filepath.Join(t.TempDir(), "x.jsonl"), "--runs", "20", "--schema-version", "1"))
	bad = bad[:len(bad)/2]
	writeFile(t, filepath.Join(dir, "c2.jsonl.gz"), bad)

	var tries, lost int
	for _, cmd := range []string{"upgrade", "redact"} {
		tries++
		_, errOut, code := run(t, dir, nil, cmd, "-i", ".")
		if code != 3 || !strings.Contains(errOut, "zsj: error: c2.jsonl.gz: ") {
			t.Errorf("%s -i: exit %d, stderr %q; want 3 and c2.jsonl.gz named", cmd, code, errOut)
		}
		if fileSum(t, filepath.Join(dir, "c2.jsonl.gz")) != sum(bad) {
			t.Errorf("%s -i changed the file it could not read", cmd)
			lost++
		}
	}
	for name, data := range logs {
		if fileSum(t, filepath.Join(dir, name)) != sum(upgraded(t, data)) {
			t.Errorf("%s was not upgraded", name)
			lost++
		}
	}
	record(t, result{
		Fault:     "9 files, one a truncated gzip (`upgrade -i`, `redact -i` over the folder)",
		Tries:     tries,
		Outcome:   "the 8 others rewritten; exit 3 naming the bad file, left as it was",
		DataLost:  lost,
		Leftovers: leftovers(t, dir, append(keys(logs), "c2.jsonl.gz")...),
	})
}

// The same file named several ways is rewritten once: the backup holds
// the original, not a first rewrite.
func TestSameFileNamedTwice(t *testing.T) {
	dir := t.TempDir()
	data := gen(t, filepath.Join(dir, "a.jsonl"), "--runs", "3", "--schema-version", "1")
	_, errOut, code := run(t, dir, nil, "upgrade", "-i", "--backup", ".bak", "a.jsonl", "a.jsonl", "./a.jsonl", ".")
	if code != 0 || !strings.Contains(errOut, "zsj: 1 file scanned, 1 changed") {
		t.Errorf("exit %d, stderr %q; want 0 and one file", code, errOut)
	}
	lost := 0
	if fileSum(t, filepath.Join(dir, "a.jsonl")) != sum(upgraded(t, data)) {
		lost++
	}
	if fileSum(t, filepath.Join(dir, "a.jsonl.bak")) != sum(data) {
		t.Error("the backup is not the original")
		lost++
	}
	record(t, result{
		Fault:     "the same file named 4 ways (`upgrade -i --backup`)",
		Tries:     1,
		Outcome:   "rewritten once; the backup is the original",
		DataLost:  lost,
		Leftovers: leftovers(t, dir, "a.jsonl", "a.jsonl.bak"),
	})
}

// Truncated and corrupt gzip and zstd files: every command that reads
// them exits 3, and no file is changed.
func TestBrokenCompressedInputs(t *testing.T) {
	plain := gen(t, filepath.Join(t.TempDir(), "x.jsonl"), "--size", "1MB", "--schema-version", "1", "--secrets", "--seed", "8")
	broken := map[string][]byte{}
	for ext, data := range map[string][]byte{".gz": gzipped(t, plain), ".zst": zstded(t, plain)} {
		broken["truncated.jsonl"+ext] = data[:len(data)/2]
		corrupt := bytes.Clone(data)
		for i := len(corrupt) / 2; i < len(corrupt)/2+64; i++ {
			corrupt[i] ^= 0x5a
		}
		broken["corrupt.jsonl"+ext] = corrupt
	}
	dir := t.TempDir()
	for name, data := range broken {
		writeFile(t, filepath.Join(dir, name), data)
	}
	var tries, lost int
	for name := range broken {
		for _, args := range [][]string{{"upgrade", "-i"}, {"redact", "-i"}, {"validate"}} {
			tries++
			_, errOut, code := run(t, dir, nil, append(args, name)...)
			if code != 3 || !strings.Contains(errOut, "zsj: error: "+name) {
				t.Errorf("zsj %v %s: exit %d, stderr %q; want 3 and the file named", args, name, code, errOut)
			}
			if fileSum(t, filepath.Join(dir, name)) != sum(broken[name]) {
				t.Errorf("zsj %v changed %s", args, name)
				lost++
			}
		}
	}
	record(t, result{
		Fault:     "truncated and corrupt gzip and zstd inputs (`upgrade -i`, `redact -i`, `validate`)",
		Tries:     tries,
		Outcome:   "exit 3 naming the file; file as it was",
		DataLost:  lost,
		Leftovers: leftovers(t, dir, keys(broken)...),
	})
}

func gzipped(t *testing.T, data []byte) []byte {
	t.Helper()
	var b bytes.Buffer
	w := gzip.NewWriter(&b)
	w.Write(data)
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func zstded(t *testing.T, data []byte) []byte {
	t.Helper()
	w, err := zstd.NewWriter(nil)
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	return w.EncodeAll(data, nil)
}

func keys(m map[string][]byte) []string {
	var ks []string
	for k := range m {
		ks = append(ks, k)
	}
	return ks
}
