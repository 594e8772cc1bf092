package input

import "testing"

// The chunk freed last is the one taken next, ready for reuse; get waits
// while none is free and gives up once the run stops.
func TestChunkStackIsLastInFirstOut(t *testing.T) {
	stop := make(chan struct{})
	made := 0
	s := newChunkStack(3, func() *Chunk { made++; return &Chunk{} })
	if made != 3 {
		t.Fatalf("made %d chunks, want 3", made)
	}
	a, b, c := s.get(stop), s.get(stop), s.get(stop)
	if a == b || b == c || a == c {
		t.Fatal("a chunk was handed out twice")
	}
	b.Data, b.Start, b.open = []byte("x\n"), true, true
	s.put(a)
	s.put(b)
	got := s.get(stop)
	if got != b {
		t.Fatal("the chunk taken is not the one freed last")
	}
	if got.Data != nil || got.Start || got.open {
		t.Fatalf("a reused chunk was not readied: %+v", got)
	}
	if s.get(stop) != a {
		t.Fatal("the chunk freed before it did not come next")
	}
	close(stop)
	if s.get(stop) != nil {
		t.Fatal("get returned a chunk with none free after the stop")
	}
}

// The block freed last is taken first; one too small for the read asked
// for is let go, not kept to be looked at again; no more than keptBlocks
// are kept.
func TestBlockStackTakesTheLastFreed(t *testing.T) {
	var s blockStack
	small, large := &block{data: make([]byte, 8)}, &block{data: make([]byte, 64)}
	s.keep(large)
	s.keep(small)
	if s.take(32) != nil {
		t.Fatal("a block too small was taken")
	}
	if got := s.take(32); got != large {
		t.Fatal("the block under the small one was not taken next")
	}
	if s.take(1) != nil {
		t.Fatal("the small block was kept after a take passed it over")
	}
	for range keptBlocks + 2 {
		s.keep(&block{data: make([]byte, 8)})
	}
	if len(s.blocks) != keptBlocks {
		t.Fatalf("%d blocks kept, want %d", len(s.blocks), keptBlocks)
	}
}
