package redact

import (
	"syscall"
	"testing"
)

// tailWindows reads no byte past its text: a text that ends where the
// memory after it cannot be read is scanned without a fault.
func TestTailWindowsStopsAtTheEnd(t *testing.T) {
	if !haveTailScan {
		t.Skip("no AVX-512 VBMI on this CPU")
	}
	page := syscall.Getpagesize()
	mem, err := syscall.Mmap(-1, 0, 2*page, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
	if err != nil {
		t.Skip(err)
	}
	defer syscall.Munmap(mem)
	if err := syscall.Mprotect(mem[page:], syscall.PROT_NONE); err != nil {
		t.Skip(err)
	}
	rs := defaults(t)
	for n := 3; n <= tailSpan; n++ {
		text := mem[page-n : page]
		copy(text, "the s.Ab12Cd34Ef56Gh78Ij90Kl12 token")
		out := make([]int32, 16)
		tailWindows(text, &rs.pf.marked[0], out)
	}
}
