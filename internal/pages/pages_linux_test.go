package pages

import (
	"bufio"
	"os"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"unsafe"
)

// After AdviseHeap, the advised range is heap memory marked for huge
// pages (VmFlags "hg" in /proc/self/smaps), and what is allocated once
// the collector has freed the large object lands in it. (Whether the
// kernel then finds free 2 MB pages depends on the machine: not tested.)
func TestAdviseHeap(t *testing.T) {
	mode, err := os.ReadFile("/sys/kernel/mm/transparent_hugepage/enabled")
	if err != nil || strings.Contains(string(mode), "[never]") {
		t.Skipf("transparent huge pages are off here (%q, %v)", mode, err)
	}
	AdviseHeap()
	if advisedStart == 0 {
		t.Fatal("the kernel refused the advice")
	}
	// The object is gone, and the collector's goal is the small heap's,
	// not one past twice the object's size.
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	if ms.HeapAlloc >= reserve || ms.NextGC >= reserve {
		t.Errorf("after AdviseHeap the heap holds %d bytes, the next collection comes at %d: the %d-byte object was not collected", ms.HeapAlloc, ms.NextGC, reserve)
	}
	if advisedStart%hugePage != 0 || advisedEnd%hugePage != 0 || advisedEnd-advisedStart < reserve {
		t.Errorf("advised %#x-%#x: not whole 2 MB pages around the %d-byte object", advisedStart, advisedEnd, reserve)
	}
	for addr := advisedStart; addr < advisedEnd; addr += 16 << 20 {
		if flags := vmFlags(t, addr); !strings.Contains(" "+flags+" ", " hg ") {
			t.Errorf("the mapping at %#x is not advised: VmFlags %q", addr, flags)
		}
	}
	// The object may start in a free run just below the advised range,
	// which the allocator joins to it; run again (-count), the test finds
	// its 8 MB in the range the run before advised: its middle must lie
	// in advised memory.
	runtime.GC()
	b := make([]byte, 8<<20)
	mid := uintptr(unsafe.Pointer(&b[len(b)/2]))
	if flags := vmFlags(t, mid); !strings.Contains(" "+flags+" ", " hg ") {
		t.Errorf("an 8 MB object allocated next is not in advised memory: VmFlags %q at %#x (advised %#x-%#x)", flags, mid, advisedStart, advisedEnd)
	}
	runtime.KeepAlive(b)
}

// vmFlags returns the VmFlags of the mapping that holds addr.
func vmFlags(t *testing.T, addr uintptr) string {
	f, err := os.Open("/proc/self/smaps")
	if err != nil {
		t.Skip(err)
	}
	defer f.Close()
	in := false
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if r, _, ok := strings.Cut(line, " "); ok && strings.Contains(r, "-") && !strings.HasSuffix(r, ":") {
			lo, hi, _ := strings.Cut(r, "-")
			a, err1 := strconv.ParseUint(lo, 16, 64)
			b, err2 := strconv.ParseUint(hi, 16, 64)
			in = err1 == nil && err2 == nil && uint64(addr) >= a && uint64(addr) < b
			continue
		}
		if flags, ok := strings.CutPrefix(line, "VmFlags:"); ok && in {
			return strings.TrimSpace(flags)
		}
	}
	t.Fatalf("no mapping holds %#x", addr)
	return ""
}
