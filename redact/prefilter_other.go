//go:build !amd64 || purego

package redact

// haveVectorScan is false: markedWindows is written for amd64 only.
const (
	haveVectorScan = false
	haveWideScan   = false
	haveTailScan   = false
	havePairScan   = false
)

// useWideScan: there is no vector scan here to choose; tests set it on
// every architecture.
var useWideScan = false

func markedWindows([]byte, *byte, []int32) (int, int) {
	panic("redact: no vector scan on this architecture")
}

func tailWindows([]byte, *byte, []int32) int {
	panic("redact: no vector scan on this architecture")
}

func markedPairs([]byte, *byte, *pairTables, []int32, []uint32) (int, int) {
	panic("redact: no vector scan on this architecture")
}
