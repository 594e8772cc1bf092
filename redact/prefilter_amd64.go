//go:build amd64 && !purego

package redact

import "golang.org/x/sys/cpu"

// haveVectorScan: the CPU has AVX2, which markedWindows needs.
var haveVectorScan = cpu.X86.HasAVX2

// markedWindows is scan's loop with step 2, 16 windows a round: it writes
// to out the offsets of the windows of t at even offsets whose hash is
// marked with the bucket of the byte after them (what verify tests
// first), and returns how many it wrote and the offset, a multiple of
// 32, where it stopped: where fewer than vectorTail bytes remain, or
// out has no room for a round's 16. marked must have 1<<hashBits + 3
// bytes: the table is read 4 bytes at a time.
//
// A round assembles 8 windows in each of two vector registers by a byte
// shuffle, folds their case, hashes them with one multiply and looks
// their marks up with one gather.
//
//go:noescape
func markedWindows(t []byte, marked *byte, out []int32) (n, next int)
