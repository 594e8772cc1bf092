//go:build amd64 && !purego

package protocol

import "golang.org/x/sys/cpu"

// haveVectorMap: the CPU has AVX2, which the block scan's assembly needs.
var haveVectorMap = cpu.X86.HasAVX2

// blockMasksVector fills m with the masks of the 64 bytes at b, which
// must be readable.
//
//go:noescape
func blockMasksVector(b *byte, m *blockMasks)

// plainBlocks decides the blocks of the string bytes at p, of which n are
// readable, from the first on, as fastBlock does, while they are ASCII
// and hold no \u escape and no problem, and at least 72 bytes are left.
// It returns the offset where it stopped: after the closing quote
// (closed), or at the first block it leaves to fastBlock. escaped: the
// blocks it decided hold a backslash.
//
//go:noescape
func plainBlocks(p *byte, n int) (off int, closed, escaped bool)

// utf8MasksVector fills m with the UTF-8 masks of the 64 bytes at b,
// which must be readable.
//
//go:noescape
func utf8MasksVector(b *byte, m *utf8Masks)
