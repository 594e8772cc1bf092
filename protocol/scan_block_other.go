//go:build !amd64 || purego

package protocol

// haveVectorMap is false: the block scan's assembly is written for amd64
// only.
const haveVectorMap = false

func blockMasksVector(*byte, *blockMasks) { panic("protocol: no vector scan on this architecture") }

func utf8MasksVector(*byte, *utf8Masks) { panic("protocol: no vector scan on this architecture") }

func plainBlocks(*byte, int) (int, bool, bool) {
	panic("protocol: no vector scan on this architecture")
}
