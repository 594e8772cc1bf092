package input

import "sync/atomic"

// blockReads is how many reads fill a block. The partial line at the end
// of a block is copied to the next one: with large blocks that copy is
// rare, even when lines are as long as a read. (Carrying it over after
// every read, on logs of large tool outputs, copied a third as many bytes
// again as were read: the line a read ends in is likely a long one.)
const blockReads = 8

// maxKeptBlock is the largest block kept for reuse; a block grown for a
// very long line goes back to the garbage collector.
const maxKeptBlock = 32 << 20 // bytes

// maxStickyBlock is the largest block size a reader carries on with: after
// a huge line it goes back to ordinary blocks.
const maxStickyBlock = 8 << 20 // bytes

// A block is a buffer that reads go into; the chunks cut from it share it.
// It is reused once the reader and every chunk are done with it.
type block struct {
	data []byte
	refs atomic.Int32
}

// freeBlocks recycles blocks: a block reused is memory the kernel has
// already mapped, likely still in cache, where reading into fresh memory
// costs a page fault every 4 KB, which made reading twice as slow. (A
// sync.Pool is emptied by every garbage collection, which comes often
// here.) A Scanner's chunks never give theirs back: the lines it hands out
// may live on.
var freeBlocks blockStack

// keptBlocks is how many free blocks are kept.
const keptBlocks = 8

// getBlock returns a block of at least size bytes, held once (by the
// reader).
func getBlock(size int) *block {
	b := freeBlocks.take(size)
	if b == nil {
		b = &block{data: newBuffer(size)}
	}
	b.refs.Store(1)
	return b
}

// release gives up one hold on a block; the last one returns it for reuse.
func (b *block) release() {
	if b == nil || b.refs.Add(-1) > 0 || len(b.data) > maxKeptBlock {
		return
	}
	freeBlocks.keep(b)
}

// minBlock is the smallest block a small file is read into.
const minBlock = 64 << 10 // bytes

// blockSize is the size of the first block s is read into: most for a
// stream of unknown length, and for a plain file shorter than that the
// power of two that holds it whole, with a byte to spare for the read that
// tells its end. In a folder of small logs each is a chunk of its own, in
// a block of its own: with blocks of 2 MB for logs of 100 KB, the chunks
// in flight and the free list came to 20 blocks, 40 MB first touched in
// page faults, where blocks of 128 KB come to 3 MB (peak RSS of validate
// on a folder of 2,000 logs: 80 MB, then 52).
func (s *Stream) blockSize(most int) int {
	if !s.straight { // a plain file, which has a size
		return most
	}
	info, err := s.file.Stat()
	if err != nil || !info.Mode().IsRegular() || info.Size() >= int64(most) {
		return most
	}
	n := minBlock
	for n <= int(info.Size()) {
		n *= 2
	}
	return min(n, most)
}
