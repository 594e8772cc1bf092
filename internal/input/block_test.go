package input

import (
	"bytes"
	"io"
	"reflect"
	"testing"
)

// linesByNext reads data line by line with Next, copying each line.
func linesByNext(t *testing.T, data []byte) []Line {
	t.Helper()
	r := NewReader(bytes.NewReader(data))
	var lines []Line
	for {
		l, err := r.Next()
		if err == io.EOF {
			return lines
		}
		if err != nil {
			t.Fatal(err)
		}
		l.Text, l.EOL = bytes.Clone(l.Text), bytes.Clone(l.EOL)
		lines = append(lines, l)
	}
}

// linesByBlocks reads data with NextBlock and SplitLines.
func linesByBlocks(t *testing.T, r *Reader) []Line {
	t.Helper()
	var lines []Line
	for {
		block, err := r.NextBlock()
		if err == io.EOF {
			return lines
		}
		if err != nil {
			t.Fatal(err)
		}
		if len(block) == 0 {
			t.Fatal("NextBlock returned an empty block")
		}
		lines = SplitLines(bytes.Clone(block), len(lines)+1, lines)
	}
}

func normalize(lines []Line) []Line {
	for i := range lines {
		if len(lines[i].Text) == 0 {
			lines[i].Text = nil
		}
		if len(lines[i].EOL) == 0 {
			lines[i].EOL = nil
		}
	}
	return lines
}

func TestBlocksMatchNext(t *testing.T) {
	for _, data := range []string{
		"",
		"{}",
		"a\nb\r\nc",
		"\xef\xbb\xbf{}\r\n\n \t\n{}\n",
		"\xef\xbb\xbf",
		string(bytes.Repeat([]byte("0123456789"), 100000)) + "\nshort\n",
	} {
		want := normalize(linesByNext(t, []byte(data)))
		got := normalize(linesByBlocks(t, newReaderSize(bytes.NewReader([]byte(data)), 7)))
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%.40q: blocks give %d lines, Next %d (or they differ)", data, len(got), len(want))
		}
	}
}

// FuzzBlocks: NextBlock and SplitLines give exactly the lines Next gives,
// whatever the buffer and read sizes.
func FuzzBlocks(f *testing.F) {
	for _, seed := range []string{"", "\n", "{}\r\n{}", "\xef\xbb\xbf{}\r\n", "a\rb\r\n\r\r\n\r"} {
		f.Add([]byte(seed), uint8(0), uint8(0))
	}
	f.Fuzz(func(t *testing.T, data []byte, bufSize, chunk uint8) {
		want := normalize(linesByNext(t, data))
		r := newReaderSize(chunkReader{bytes.NewReader(data), int(chunk) + 1}, int(bufSize)+1)
		got := normalize(linesByBlocks(t, r))
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("blocks: %+v\nnext:   %+v", got, want)
		}
	})
}
