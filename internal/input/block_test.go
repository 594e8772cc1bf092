package input

import (
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"reflect"
	"slices"
	"strings"
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

// testQueue collects the chunks a reader sends.
type testQueue struct{ chunks []*Chunk }

func (q *testQueue) get() *Chunk        { return &Chunk{} }
func (q *testQueue) put(*Chunk)         {}
func (q *testQueue) send(c *Chunk) bool { q.chunks = append(q.chunks, c); return true }

// linesByChunks reads r in chunks of size-byte reads into blocks of
// blockSize bytes, as an ordered run does, and splits them with a Splitter,
// numbering on from chunk to chunk. Every chunk but the stream's last must
// end a line.
func linesByChunks(t *testing.T, r io.Reader, blockSize, size int) []Line {
	t.Helper()
	q := &testQueue{}
	readChunks(r, Source{Name: "test"}, blockSize, size, q)
	var lines []Line
	for i, c := range q.chunks {
		if c.err != nil {
			t.Fatal(c.err)
		}
		if c.Start != (i == 0) {
			t.Fatalf("chunk %d: Start %v", i, c.Start)
		}
		if i < len(q.chunks)-1 && !bytes.HasSuffix(c.Data, []byte("\n")) {
			t.Fatalf("chunk %d does not end a line: %q", i, c.Data)
		}
		var l Line
		n := 0
		for sp := c.Splitter(); sp.Next(&l); {
			if n++; l.Num != n {
				t.Fatalf("line %d of a chunk numbered %d", n, l.Num)
			}
			l.Num = len(lines) + 1
			lines = append(lines, l)
		}
		if c.Lines != n {
			t.Fatalf("chunk %d: Lines %d, %d lines split", i, c.Lines, n)
		}
		// Text gives the same texts and numbers.
		texts := c.Splitter()
		for j, want := range lines[len(lines)-n:] {
			text, num, ok := texts.Text()
			if !ok || num != j+1 || !bytes.Equal(text, want.Text) {
				t.Fatalf("chunk %d, line %d: Text gives %q, %d, %v; Next gave %q", i, j+1, text, num, ok, want.Text)
			}
		}
		if _, _, ok := texts.Text(); ok {
			t.Fatalf("chunk %d: Text gives more lines than Next", i)
		}
		// Batches split their chunks whole; the lines must be the same.
		whole := appendLines(nil, c.Data, 1, c.Start)
		for j := range whole {
			whole[j].Num += len(lines) - n
		}
		if !reflect.DeepEqual(normalize(whole), normalize(slices.Clone(lines[len(lines)-n:]))) {
			t.Fatalf("chunk %d split whole: %+v\nline by line: %+v", i, whole, lines[len(lines)-n:])
		}
	}
	return lines
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

func TestChunksMatchNext(t *testing.T) {
	for _, data := range []string{
		"",
		"{}",
		"a\nb\r\nc",
		"\xef\xbb\xbf{}\r\n\n \t\n{}\n",
		"\xef\xbb\xbf",
		string(bytes.Repeat([]byte("0123456789"), 100000)) + "\nshort\n",
	} {
		want := normalize(linesByNext(t, []byte(data)))
		for _, blockSize := range []int{7, 7 * blockReads} {
			got := normalize(linesByChunks(t, bytes.NewReader([]byte(data)), blockSize, 7))
			if !reflect.DeepEqual(got, want) {
				t.Errorf("%.40q, %d-byte blocks: chunks give %d lines, Next %d (or they differ)", data, blockSize, len(got), len(want))
			}
		}
	}
}

// FuzzChunks: chunks split with a Splitter give exactly the lines Next
// gives, whatever the read sizes: the two ways of reading share one
// splitter, and this ties their numbering and chunk edges to it.
func FuzzChunks(f *testing.F) {
	for _, seed := range []string{"", "\n", "{}\r\n{}", "\xef\xbb\xbf{}\r\n", "a\rb\r\n\r\r\n\r"} {
		f.Add([]byte(seed), uint8(0), uint8(0), uint8(0))
	}
	f.Fuzz(func(t *testing.T, data []byte, blockSize, size, chunk uint8) {
		want := normalize(linesByNext(t, data))
		r := chunkReader{bytes.NewReader(data), int(chunk) + 1}
		got := normalize(linesByChunks(t, r, int(blockSize)+1, int(size)+1))
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("chunks: %+v\nnext:   %+v", got, want)
		}
	})
}

// A block grown for a line larger than maxKeptBlock is not kept for
// reuse: one huge line must not pin its memory for good.
func TestHugeBlocksAreNotKept(t *testing.T) {
	freeBlocks.mu.Lock()
	freeBlocks.blocks = nil
	freeBlocks.mu.Unlock()
	huge := bytes.Repeat([]byte("x"), maxKeptBlock+1)
	data := append(append(huge, '\n'), bytes.Repeat([]byte("{}\n"), 1<<20)...)
	q := &testQueue{}
	readChunks(bytes.NewReader(data), Source{}, 8<<20, 1<<20, q)
	if len(q.chunks) < 2 || !bytes.HasPrefix(q.chunks[0].Data, append(huge, '\n')) {
		t.Fatalf("the huge line did not come as one chunk: %d chunks, the first %d bytes", len(q.chunks), len(q.chunks[0].Data))
	}
	for _, c := range q.chunks {
		c.letGo()
	}
	freeBlocks.mu.Lock()
	defer freeBlocks.mu.Unlock()
	for _, b := range freeBlocks.blocks {
		if len(b.data) > maxKeptBlock {
			t.Fatalf("a block of %d bytes was kept", len(b.data))
		}
	}
}

// A read that brings the last bytes and an error at once still gives the
// whole lines in them, then the error; the partial line is dropped.
func TestChunksBeforeAReadError(t *testing.T) {
	broken := errors.New("disk on fire")
	for _, blockSize := range []int{64, 64 * blockReads} {
		q := &testQueue{}
		readChunks(&dataWithError{"one\ntwo\nthr", broken}, Source{}, blockSize, 64, q)
		var got []string
		for _, c := range q.chunks {
			got = append(got, fmt.Sprintf("%q %v", c.Data, c.err))
		}
		if want := []string{`"one\ntwo\n" <nil>`, `"" disk on fire`}; !reflect.DeepEqual(got, want) {
			t.Errorf("%d-byte blocks: chunks %v, want %v", blockSize, got, want)
		}
	}
}

// A plain file shorter than a block is read into the power of two that
// holds it and a byte more (the read that finds its end), at least
// minBlock; anything else, into blocks of the size asked for.
func TestBlockSizeFitsSmallFiles(t *testing.T) {
	const most = 2 << 20
	dir := t.TempDir()
	for _, tc := range []struct {
		size int
		want int
	}{
		{0, minBlock},
		{1000, minBlock},
		{minBlock - 1, minBlock},
		{minBlock, 2 * minBlock}, // a byte to spare
		{100 << 10, 128 << 10},
		{most - 1, most},
		{most, most},
		{3 * most, most},
	} {
		src := writeFile(t, dir, fmt.Sprintf("log-%d.jsonl", tc.size), bytes.Repeat([]byte("x"), tc.size))
		s, err := Open(src, nil)
		if err != nil {
			t.Fatal(err)
		}
		if got := s.blockSize(most); got != tc.want {
			t.Errorf("a file of %d bytes: a block of %d, want %d", tc.size, got, tc.want)
		}
		s.Close()
	}
	// Compressed, or standard input: the length read is not the file's.
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write([]byte("{}\n"))
	zw.Close()
	s, err := Open(writeFile(t, dir, "log.jsonl.gz", gz.Bytes()), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if got := s.blockSize(most); got != most {
		t.Errorf("a gzip file: a block of %d, want %d", got, most)
	}
	in, err := Open(Source{Name: StdinName}, strings.NewReader("{}\n"))
	if err != nil {
		t.Fatal(err)
	}
	if got := in.blockSize(most); got != most {
		t.Errorf("standard input: a block of %d, want %d", got, most)
	}
}
