package filters

import (
	"os"
	"syscall"
)

// mapFile maps size bytes of f, from offset, for reading. The kernel hands
// the page cache itself to the workers: no copy into buffers, and the
// pages of a file being read sequentially are mapped many at a time.
func mapFile(f *os.File, offset, size int64) (data []byte, unmap func(), err error) {
	// mmap wants a page-aligned offset.
	page := int64(os.Getpagesize())
	start := offset &^ (page - 1)
	whole, err := syscall.Mmap(int(f.Fd()), start, int(size+offset-start), syscall.PROT_READ, syscall.MAP_SHARED)
	if err != nil {
		return nil, nil, err
	}
	_ = syscall.Madvise(whole, syscall.MADV_SEQUENTIAL) // only a hint
	return whole[offset-start:], func() { syscall.Munmap(whole) }, nil
}
