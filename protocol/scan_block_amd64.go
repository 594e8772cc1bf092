//go:build amd64 && !purego

package protocol

import "golang.org/x/sys/cpu"

// haveVectorMap: the CPU has AVX2, which specialMapVector needs.
var haveVectorMap = cpu.X86.HasAVX2

// specialMapVector is specialMap with two 32-byte compares a kind, and
// exact: the byte after a non-ASCII one is marked when it is special.
// b must point at 64 readable bytes.
//
//go:noescape
func specialMapVector(b *byte) uint64

// blockMasksVector fills m with the masks of the 64 bytes at b, which
// must be readable.
//
//go:noescape
func blockMasksVector(b *byte, m *blockMasks)
