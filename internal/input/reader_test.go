package input

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"testing"
	"testing/iotest"
)

// wantLine is a Line with strings, for readable tables.
type wantLine struct {
	text, eol string
	bom       bool
}

func TestReaderSplitsLines(t *testing.T) {
	for _, tc := range []struct {
		name  string
		input string
		want  []wantLine
	}{
		{"empty input", "", nil},
		{"one line", "{}\n", []wantLine{{"{}", "\n", false}}},
		{"missing final newline", "{}\n{\"a\":1}", []wantLine{{"{}", "\n", false}, {`{"a":1}`, "", false}}},
		{"crlf", "{}\r\n{}\r\n", []wantLine{{"{}", "\r\n", false}, {"{}", "\r\n", false}}},
		{"mixed line ends", "a\r\nb\nc", []wantLine{{"a", "\r\n", false}, {"b", "\n", false}, {"c", "", false}}},
		{"bare cr stays in text", "a\rb\n\r\n\r", []wantLine{{"a\rb", "\n", false}, {"", "\r\n", false}, {"\r", "", false}}},
		{"cr before crlf", "a\r\r\n", []wantLine{{"a\r", "\r\n", false}}},
		{"bom", "\xef\xbb\xbf{}\n{}\n", []wantLine{{"{}", "\n", true}, {"{}", "\n", false}}},
		{"bom alone", "\xef\xbb\xbf", []wantLine{{"", "", true}}},
		{"bom before crlf", "\xef\xbb\xbf\r\n", []wantLine{{"", "\r\n", true}}},
		{"bom only on line 1", "a\n\xef\xbb\xbfb\n", []wantLine{{"a", "\n", false}, {"\xef\xbb\xbfb", "\n", false}}},
		{"partial bom is text", "\xef\xbb{}\n", []wantLine{{"\xef\xbb{}", "\n", false}}},
		{"blank lines count", "\n\n{}\n", []wantLine{{"", "\n", false}, {"", "\n", false}, {"{}", "\n", false}}},
		{"whitespace-only lines", " \t \n\t\r\n{}", []wantLine{{" \t ", "\n", false}, {"\t", "\r\n", false}, {"{}", "", false}}},
		{"only a newline", "\n", []wantLine{{"", "\n", false}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			// Whole, and one byte per Read with a tiny buffer, so that every
			// line crosses a read boundary and the buffer grows.
			for _, r := range []*Reader{
				NewReader(strings.NewReader(tc.input)),
				newReaderSize(iotest.OneByteReader(strings.NewReader(tc.input)), 1),
			} {
				got := readAll(t, r)
				if len(got) != len(tc.want) {
					t.Fatalf("got %d lines %+v, want %d", len(got), got, len(tc.want))
				}
				for i, w := range tc.want {
					g := got[i]
					if g.Num != i+1 || string(g.Text) != w.text || string(g.EOL) != w.eol || g.BOM != w.bom {
						t.Errorf("line %d = {Num %d, Text %q, EOL %q, BOM %v}, want {Num %d, Text %q, EOL %q, BOM %v}",
							i, g.Num, g.Text, g.EOL, g.BOM, i+1, w.text, w.eol, w.bom)
					}
				}
			}
		})
	}
}

// readAll reads every line, copying Text and EOL since they are only valid
// until the next call.
func readAll(t testing.TB, r *Reader) []Line {
	t.Helper()
	var lines []Line
	for {
		l, err := r.Next()
		if err == io.EOF {
			return lines
		}
		if err != nil {
			t.Fatalf("Next after %d lines: %v", len(lines), err)
		}
		l.Text, l.EOL = bytes.Clone(l.Text), bytes.Clone(l.EOL)
		lines = append(lines, l)
	}
}

func TestLineBlank(t *testing.T) {
	for _, tc := range []struct {
		text string
		want bool
	}{
		{"", true},
		{" ", true},
		{" \t\t ", true},
		{"{}", false},
		{" {} ", false},
		{"\r", false},
		{"\v", false},
		{"\u00a0", false},
	} {
		t.Run(tc.text, func(t *testing.T) {
			if got := (Line{Text: []byte(tc.text)}).Blank(); got != tc.want {
				t.Errorf("Blank(%q) = %v, want %v", tc.text, got, tc.want)
			}
		})
	}
}

func TestReaderLongLine(t *testing.T) {
	if testing.Short() {
		t.Skip("allocates a 50 MB line")
	}
	const size = 50 << 20 // bytes: tool outputs this large happen
	long := bytes.Repeat([]byte("0123456789abcdef"), size/16)
	input := append(append([]byte("{}\n"), long...), "\r\n{}"...)
	got := readAll(t, NewReader(bytes.NewReader(input)))
	if len(got) != 3 {
		t.Fatalf("got %d lines, want 3", len(got))
	}
	if !bytes.Equal(got[1].Text, long) || string(got[1].EOL) != "\r\n" || got[1].Num != 2 {
		t.Errorf("line 2: Num %d, %d bytes, EOL %q; want Num 2, %d bytes, EOL \"\\r\\n\"",
			got[1].Num, len(got[1].Text), got[1].EOL, len(long))
	}
	if string(got[2].Text) != "{}" || got[2].Num != 3 {
		t.Errorf("line 3 = %d %q, want 3 \"{}\"", got[2].Num, got[2].Text)
	}
}

// A caller appending to Text must not overwrite the bytes of later lines,
// which share the buffer.
func TestReaderTextAppendDoesNotClobber(t *testing.T) {
	r := NewReader(strings.NewReader("a\nb\n"))
	first, err := r.Next()
	if err != nil {
		t.Fatal(err)
	}
	_ = append(first.Text, "XX"...)
	second, err := r.Next()
	if err != nil {
		t.Fatal(err)
	}
	if string(second.Text) != "b" {
		t.Errorf("second line = %q after appending to the first, want \"b\"", second.Text)
	}
}

// failingReader returns data, then err.
type failingReader struct {
	data string
	err  error
}

func (f *failingReader) Read(p []byte) (int, error) {
	if f.data == "" {
		return 0, f.err
	}
	n := copy(p, f.data)
	f.data = f.data[n:]
	return n, nil
}

func TestReaderErrorHasLineNumber(t *testing.T) {
	errCorrupt := errors.New("flate: corrupt input")
	for _, tc := range []struct {
		name      string
		data      string
		wantLines int
	}{
		{"at a line boundary", "{}\n{}\n", 2},
		{"mid-line", "{}\n{\"a\":", 1},
		{"at the start", "", 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := NewReader(&failingReader{tc.data, errCorrupt})
			for i := range tc.wantLines {
				if _, err := r.Next(); err != nil {
					t.Fatalf("line %d: %v", i+1, err)
				}
			}
			for range 2 { // the error stays
				_, err := r.Next()
				var le *LineError
				if !errors.As(err, &le) || !errors.Is(err, errCorrupt) {
					t.Fatalf("Next = %v, want a *LineError wrapping %v", err, errCorrupt)
				}
				if le.Num != tc.wantLines+1 {
					t.Errorf("error at line %d, want %d", le.Num, tc.wantLines+1)
				}
			}
		})
	}
}

func TestReaderStopsOnReaderWithoutProgress(t *testing.T) {
	_, err := NewReader(&emptyReader{}).Next()
	if !errors.Is(err, io.ErrNoProgress) {
		t.Errorf("Next = %v, want io.ErrNoProgress", err)
	}
}

type emptyReader struct{}

func (emptyReader) Read([]byte) (int, error) { return 0, nil }

// checkRoundTrip reads data through r and checks that the lines put back
// together are data, numbered 1, 2, ... one per line of data.
func checkRoundTrip(t *testing.T, data []byte, r *Reader) {
	t.Helper()
	var joined []byte
	num := 0
	for {
		l, err := r.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("Next after line %d: %v", num, err)
		}
		num++
		if l.Num != num {
			t.Fatalf("line Num %d, want %d", l.Num, num)
		}
		if bytes.IndexByte(l.Text, '\n') >= 0 {
			t.Fatalf("line %d Text %q holds a newline", num, l.Text)
		}
		switch eol := string(l.EOL); {
		case eol == "\n" && bytes.HasSuffix(l.Text, []byte("\r")):
			t.Fatalf("line %d: Text %q ends in \\r before a \\n EOL", num, l.Text)
		case eol != "\n" && eol != "\r\n" && eol != "":
			t.Fatalf("line %d: EOL %q", num, eol)
		}
		if l.BOM {
			if num != 1 {
				t.Fatalf("BOM on line %d", num)
			}
			joined = append(joined, bom...)
		}
		joined = append(append(joined, l.Text...), l.EOL...)
	}
	if !bytes.Equal(joined, data) {
		t.Fatalf("lines joined = %q, want %q", joined, data)
	}
	want := bytes.Count(data, []byte("\n"))
	if len(data) > 0 && data[len(data)-1] != '\n' {
		want++
	}
	if num != want {
		t.Fatalf("got %d lines, want %d", num, want)
	}
}

// chunkReader returns at most n bytes per Read, to put read boundaries
// everywhere.
type chunkReader struct {
	r io.Reader
	n int
}

func (c chunkReader) Read(p []byte) (int, error) {
	return c.r.Read(p[:min(len(p), c.n)])
}

func TestReaderRoundTrip(t *testing.T) {
	// Lines of many lengths, so that lines straddle buffer ends, fill the
	// buffer exactly, and outgrow it.
	var data []byte
	for n := range 700 {
		data = append(data, bytes.Repeat([]byte{'x'}, n*n%1031)...)
		if n%3 == 0 {
			data = append(data, '\r')
		}
		data = append(data, '\n')
	}
	data = append(data, "tail"...)
	for _, tc := range []struct {
		name    string
		bufSize int
		chunk   int
	}{
		{"default buffer", initialBufSize, len(data)},
		{"tiny buffer", 7, len(data)},
		{"tiny buffer tiny reads", 7, 3},
		{"small reads", 4096, 1000},
	} {
		t.Run(tc.name, func(t *testing.T) {
			checkRoundTrip(t, data, newReaderSize(chunkReader{bytes.NewReader(data), tc.chunk}, tc.bufSize))
		})
	}
}

func FuzzReader(f *testing.F) {
	for _, seed := range []string{
		"",
		"\n",
		"{}\n",
		"{}\r\n{}",
		"\xef\xbb\xbf{}\r\n",
		"\xef\xbb\xbf",
		"a\rb\r\n\r\r\n\r",
		" \t\n\n{\"type\":\"text\"}\n",
	} {
		f.Add([]byte(seed), uint8(0), uint8(0))
	}
	f.Fuzz(func(t *testing.T, data []byte, bufSize, chunk uint8) {
		r := newReaderSize(chunkReader{bytes.NewReader(data), int(chunk) + 1}, int(bufSize)+1)
		checkRoundTrip(t, data, r)
	})
}

// NextInto fills one Line again and again: nothing of a line may stay in
// it for the next, the byte order mark flag of line 1 included.
func TestNextIntoReusesLine(t *testing.T) {
	r := NewReader(strings.NewReader("\xef\xbb\xbf{\"a\":1}\r\n{}\nlast"))
	var l Line
	var got []string
	for {
		err := r.NextInto(&l)
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, fmt.Sprintf("%d %q %q %v", l.Num, l.Text, l.EOL, l.BOM))
	}
	want := []string{`1 "{\"a\":1}" "\r\n" true`, `2 "{}" "\n" false`, `3 "last" "" false`}
	if !slices.Equal(got, want) {
		t.Errorf("lines %q, want %q", got, want)
	}
}

// TestReaderReset: a reset reader reads its new source as a fresh one
// would (numbers from 1, a byte order mark seen at the start, no error
// or partial line carried over), and drops a buffer a huge line grew.
func TestReaderReset(t *testing.T) {
	r := newReaderSize(iotest.TimeoutReader(strings.NewReader("a\nb\npartial")), 4)
	for {
		if _, err := r.Next(); err != nil {
			break
		}
	}
	huge := strings.Repeat("x", maxStickyBlock+1) + "\n"
	for _, tc := range []struct{ input, want string }{
		{"\ufeffone\ntwo", "1 one BOM|2 two|"},
		{huge + "three\n", "1 (huge)|2 three|"},
		{"", ""},
		{"four\n", "1 four|"},
	} {
		r.Reset(strings.NewReader(tc.input))
		var got strings.Builder
		for {
			l, err := r.Next()
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Fatalf("%q: %v", tc.input, err)
			}
			text := string(l.Text)
			if len(text) > 100 {
				text = "(huge)"
			}
			fmt.Fprintf(&got, "%d %s", l.Num, text)
			if l.BOM {
				got.WriteString(" BOM")
			}
			got.WriteString("|")
		}
		if got.String() != tc.want {
			t.Errorf("%.20q: got %q, want %q", tc.input, got.String(), tc.want)
		}
	}
	if len(r.buf) > maxStickyBlock {
		t.Errorf("the buffer grown for a huge line is kept: %d bytes", len(r.buf))
	}
}
