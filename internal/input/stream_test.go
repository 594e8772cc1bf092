package input

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// logText is a small log; compressed, it spans several gzip/zstd blocks.
var logText = strings.Repeat(`{"schemaVersion":2,"type":"text","runId":"r1","delta":"hello"}`+"\n", 2000)

// compress returns text in compression c, written by c.NewWriter.
func compress(t testing.TB, c Compression, text string) []byte {
	t.Helper()
	var buf bytes.Buffer
	w, err := c.NewWriter(&buf)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := io.WriteString(w, text); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func writeFile(t *testing.T, dir, name string, data []byte) Source {
	t.Helper()
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return Source{Name: path, Path: path, Explicit: true}
}

func TestOpenDetectsCompressionByContent(t *testing.T) {
	dir := t.TempDir()
	stdinSrc := Source{Name: StdinName, Explicit: true}
	for _, tc := range []struct {
		name  string
		file  string // "" reads data from stdin
		data  []byte
		want  Compression
		wantT string
	}{
		{"plain", "a.jsonl", []byte(logText), None, logText},
		{"gzip named jsonl", "b.jsonl", compress(t, Gzip, logText), Gzip, logText},
		{"zstd named ndjson", "c.ndjson", compress(t, Zstd, logText), Zstd, logText},
		{"plain named gz", "d.jsonl.gz", []byte(logText), None, logText},
		{"plain named zst", "e.jsonl.zst", []byte(logText), None, logText},
		{"gzip named zst", "f.zst", compress(t, Gzip, logText), Gzip, logText},
		{"empty file", "g.jsonl", nil, None, ""},
		{"shorter than a magic number", "h.jsonl", []byte{0x1f}, None, "\x1f"},
		{"gzip of nothing", "i.gz", compress(t, Gzip, ""), Gzip, ""},
		{"concatenated gzip members", "j.gz", append(compress(t, Gzip, "a\n"), compress(t, Gzip, "b\n")...), Gzip, "a\nb\n"},
		{"concatenated zstd frames", "k.zst", append(compress(t, Zstd, "a\n"), compress(t, Zstd, "b\n")...), Zstd, "a\nb\n"},
		{"stdin plain", "", []byte(logText), None, logText},
		{"stdin gzip", "", compress(t, Gzip, logText), Gzip, logText},
		{"stdin zstd", "", compress(t, Zstd, logText), Zstd, logText},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src, stdin := stdinSrc, io.Reader(bytes.NewReader(tc.data))
			if tc.file != "" {
				src, stdin = writeFile(t, dir, tc.file, tc.data), nil
			}
			s, err := Open(src, stdin)
			if err != nil {
				t.Fatal(err)
			}
			defer s.Close()
			if s.Compression != tc.want {
				t.Errorf("Compression = %v, want %v", s.Compression, tc.want)
			}
			if s.Source != src {
				t.Errorf("Source = %+v, want %+v", s.Source, src)
			}
			got, err := io.ReadAll(s)
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != tc.wantT {
				t.Errorf("read %d bytes %.40q..., want %d bytes %.40q...", len(got), got, len(tc.wantT), tc.wantT)
			}
		})
	}
}

func TestOpenErrors(t *testing.T) {
	dir := t.TempDir()
	gz := compress(t, Gzip, logText)
	zs := compress(t, Zstd, logText)
	badHeader := writeFile(t, dir, "bad-header.jsonl", append([]byte{0x1f, 0x8b, 0x00}, "not a gzip header"...))
	for _, tc := range []struct {
		name    string
		src     Source
		wantErr string
	}{
		{"missing file", Source{Name: "nope.jsonl", Path: filepath.Join(dir, "nope.jsonl")}, "open " + filepath.Join(dir, "nope.jsonl") + ": no such file or directory"},
		{"corrupt gzip header", badHeader, badHeader.Name + ": gzip: invalid header"},
		{"gzip magic only", writeFile(t, dir, "magic.gz", gz[:2]), "magic.gz: gzip: unexpected EOF"},
		{"zstd magic then text", writeFile(t, dir, "text.zst", append([]byte{0x28, 0xb5, 0x2f, 0xfd}, "not a zstd frame"...)), "text.zst: zstd: reserved bit set on frame header"},
		{"zstd magic only", writeFile(t, dir, "magic.zst", zs[:4]), "magic.zst: zstd: unexpected EOF"},
		{"directory", Source{Name: dir, Path: dir}, "read " + dir + ": is a directory"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, err := Open(tc.src, nil)
			if err == nil {
				s.Close()
				t.Fatal("Open succeeded")
			}
			if !strings.Contains(err.Error(), tc.wantErr) {
				t.Errorf("error = %q, want it to contain %q", err, tc.wantErr)
			}
		})
	}
}

func TestCorruptDataSurfacesFromNext(t *testing.T) {
	gz := compress(t, Gzip, logText)
	zs := compress(t, Zstd, logText)
	flipped := bytes.Clone(gz)
	flipped[len(flipped)-6] ^= 0xff // in the CRC-32 trailer
	for _, tc := range []struct {
		name string
		data []byte
	}{
		{"truncated gzip", gz[:len(gz)/2]},
		{"gzip with a bad checksum", flipped},
		{"truncated zstd", zs[:len(zs)/2]},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, err := Open(Source{Name: StdinName}, bytes.NewReader(tc.data))
			if err != nil {
				t.Fatal(err)
			}
			defer s.Close()
			r := s.Lines()
			lines := 0
			for {
				_, err = r.Next()
				if err != nil {
					break
				}
				lines++
			}
			var le *LineError
			if !errors.As(err, &le) {
				t.Fatalf("after %d lines: Next = %v, want a *LineError", lines, err)
			}
			if le.Num != lines+1 {
				t.Errorf("error at line %d after %d good lines", le.Num, lines)
			}
		})
	}
}

func TestEach(t *testing.T) {
	dir := t.TempDir()
	a := writeFile(t, dir, "a.jsonl", []byte("a\n"))
	b := writeFile(t, dir, "b.jsonl.gz", compress(t, Gzip, "b\n"))
	bad := writeFile(t, dir, "bad.gz", []byte{0x1f, 0x8b, 0x00, 0x00})
	missing := Source{Name: "missing", Path: filepath.Join(dir, "missing")}
	stdin := Source{Name: StdinName, Explicit: true}
	errStop := errors.New("stdout closed")

	for _, tc := range []struct {
		name      string
		sources   []Source
		stopAt    string // fn fails on the source of this name
		wantRead  string // text read from the visited sources, in order
		wantBad   []string
		wantError error
	}{
		{"all good", []Source{a, stdin, b}, "", "a\nin\nb\n", nil, nil},
		{"bad ones skipped", []Source{missing, a, bad, b}, "", "a\nb\n", []string{missing.Name, bad.Name}, nil},
		{"fn error stops", []Source{a, b, stdin}, b.Name, "a\nb\n", nil, errStop},
		{"nothing", nil, "", "", nil, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var read strings.Builder
			var badNames []string
			onErr := func(src Source, err error) {
				if err == nil {
					t.Errorf("onErr(%s, nil)", src.Name)
				}
				badNames = append(badNames, src.Name)
			}
			err := Each(tc.sources, strings.NewReader("in\n"), onErr, func(s *Stream) error {
				if _, err := io.Copy(&read, s); err != nil {
					return err
				}
				if s.Name == tc.stopAt {
					return errStop
				}
				return nil
			})
			if err != tc.wantError {
				t.Errorf("Each = %v, want %v", err, tc.wantError)
			}
			if read.String() != tc.wantRead {
				t.Errorf("read %q, want %q", read.String(), tc.wantRead)
			}
			if strings.Join(badNames, ",") != strings.Join(tc.wantBad, ",") {
				t.Errorf("onErr got %q, want %q", badNames, tc.wantBad)
			}
		})
	}
}

func TestCompressionString(t *testing.T) {
	for c, want := range map[Compression]string{None: "none", Gzip: "gzip", Zstd: "zstd", 7: "Compression(7)"} {
		if got := c.String(); got != want {
			t.Errorf("%d.String() = %q, want %q", uint8(c), got, want)
		}
	}
}

// Writing a file back in its own compression must give the same text and
// be detected as that compression.
func TestNewWriterRoundTrip(t *testing.T) {
	for _, c := range []Compression{None, Gzip, Zstd} {
		t.Run(c.String(), func(t *testing.T) {
			data := compress(t, c, logText)
			if c == None && string(data) != logText {
				t.Fatal("None changed the bytes")
			}
			s, err := Open(Source{Name: StdinName}, bytes.NewReader(data))
			if err != nil {
				t.Fatal(err)
			}
			defer s.Close()
			got, err := io.ReadAll(s)
			if err != nil {
				t.Fatal(err)
			}
			if s.Compression != c || string(got) != logText {
				t.Errorf("read back as %v, %d bytes; want %v, %d bytes", s.Compression, len(got), c, len(logText))
			}
		})
	}
	if _, err := Compression(9).NewWriter(io.Discard); err == nil {
		t.Error("NewWriter of an unknown compression succeeded")
	}
}
