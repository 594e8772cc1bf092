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

// linesByTakenBlocks reads data with TakeBlock as package parallel does:
// a block is split only after the next one has been taken, and then goes
// back to the reader as its spare buffer. A reader that wrote into a block
// it had handed over would change the lines.
func linesByTakenBlocks(t *testing.T, r *Reader) []Line {
	t.Helper()
	var lines []Line
	var prev, spare []byte
	for {
		block, err := r.TakeBlock(spare)
		if err != nil && err != io.EOF {
			t.Fatal(err)
		}
		if prev != nil {
			for _, l := range SplitLines(prev, len(lines)+1, nil) {
				l.Text, l.EOL = bytes.Clone(l.Text), bytes.Clone(l.EOL)
				lines = append(lines, l)
			}
		}
		if err == io.EOF {
			return lines
		}
		if len(block) == 0 {
			t.Fatal("TakeBlock returned an empty block")
		}
		prev, spare = block, prev
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
		taken := normalize(linesByTakenBlocks(t, newReaderSize(bytes.NewReader([]byte(data)), 7)))
		if !reflect.DeepEqual(taken, want) {
			t.Errorf("%.40q: taken blocks give %d lines, Next %d (or they differ)", data, len(taken), len(want))
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
		r = newReaderSize(chunkReader{bytes.NewReader(data), int(chunk) + 1}, int(bufSize)+1)
		if taken := normalize(linesByTakenBlocks(t, r)); !reflect.DeepEqual(taken, want) {
			t.Fatalf("taken blocks: %+v\nnext:   %+v", taken, want)
		}
	})
}

// After a line larger than maxKeptBuffer, TakeBlock goes back to ordinary
// buffers, even when handed the huge one back as spare: one huge line
// must not pin its memory in every batch for good.
func TestTakeBlockLetsHugeBuffersGo(t *testing.T) {
	huge := bytes.Repeat([]byte("x"), maxKeptBuffer+1)
	data := append(append(huge, '\n'), bytes.Repeat([]byte("{}\n"), 100000)...)
	r := newReaderSize(chunkReader{bytes.NewReader(data), 64 << 10}, 1024)
	var spare []byte
	sawHuge := false
	for {
		block, err := r.TakeBlock(spare)
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		if len(block) > maxKeptBuffer {
			sawHuge = true
		} else if sawHuge && cap(r.buf) > maxKeptBuffer {
			t.Fatalf("after the huge line the reader still reads into %d bytes", cap(r.buf))
		}
		spare = block
	}
	if !sawHuge {
		t.Fatal("the huge line never came as one block")
	}
}
