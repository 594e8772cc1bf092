//go:build amd64 && !purego

package redact

import "golang.org/x/sys/cpu"

// haveVectorScan: the CPU has AVX2, which markedWindowsNarrow needs;
// haveWideScan: it has AVX-512 (F and BW), which markedWindowsWide needs;
// haveTailScan: it has VBMI too, for tailWindows; havePairScan: and
// BMI2 (PEXT, SHLX), for markedPairs.
var (
	haveVectorScan = cpu.X86.HasAVX2
	haveWideScan   = cpu.X86.HasAVX512F && cpu.X86.HasAVX512BW
	haveTailScan   = haveWideScan && cpu.X86.HasAVX512VBMI
	havePairScan   = haveTailScan && cpu.X86.HasBMI2
)

// useWideScan: markedWindows takes the AVX-512 loop; tests turn it off
// to check the other.
var useWideScan = haveWideScan

// markedWindows is scan's loop with step 2, 16 windows a round: it writes
// to out the offsets of the windows of t at even offsets whose hash is
// marked with the bucket of the byte after them (what verify tests
// first), and returns how many it wrote and the offset, a multiple of
// 32, where it stopped: where fewer than vectorTail bytes remain, or
// out has fewer than 16 slots left. marked must have 1<<hashBits + 3
// bytes: the table is read 4 bytes at a time. A round may write to any
// of the 16 slots after the last offset it leaves.
//
// A round assembles the windows in vector registers by a byte shuffle,
// folds their case, hashes them with one multiply and looks their marks
// up with a gather. With AVX-512, one register holds all 16 (see
// markedWindowsWide): on logs that takes 40 % less time.
func markedWindows(t []byte, marked *byte, out []int32) (n, next int) {
	if useWideScan {
		return markedWindowsWide(t, marked, out)
	}
	return markedWindowsNarrow(t, marked, out)
}

// markedWindowsNarrow is markedWindows with AVX2: two registers of 8
// windows each.
//
//go:noescape
func markedWindowsNarrow(t []byte, marked *byte, out []int32) (n, next int)

// markedWindowsWide is markedWindows with AVX-512: one register of 16
// windows, and no branch per round (see the assembly).
//
//go:noescape
func markedWindowsWide(t []byte, marked *byte, out []int32) (n, next int)

// tailWindows is markedWindows for the windows of a text of fewer than
// tailSpan bytes, all in one masked round: a string shorter than a round
// (most deltas), or what the rounds of a longer one leave. It returns
// how many offsets it wrote to out, which needs 16 slots; t must hold at
// least 3 bytes.
//
//go:noescape
func tailWindows(t []byte, marked *byte, out []int32) int

// markedPairs is markedWindows for a long text, in two passes (see
// pairs.go and the assembly): it writes to out only the windows whose
// pairs of classes pass pairs, and goes 64 bytes a round while 66 remain
// and out has 48 slots to spare. win, as long as out, is its scratch.
//
//go:noescape
func markedPairs(t []byte, marked *byte, pairs *pairTables, out []int32, win []uint32) (n, next int)
