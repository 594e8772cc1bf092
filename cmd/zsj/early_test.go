package main

import (
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"
)

// The heap is advised before the packages that allocate as they are
// initialized (see package early): in this test binary, which links what
// zsj does, the packages initialized before it allocate a few kilobytes,
// and those after it most of the megabyte they allocate in all.
func TestHeapAdvisedBeforeInits(t *testing.T) {
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), "GODEBUG=inittrace=1")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	const early = "github.com/zsj-dev/zsj/internal/pages/early"
	var before, after int
	var heavyBefore []string
	seen := false
	for _, line := range strings.Split(string(out), "\n") {
		pkg, bytes, ok := initTrace(line)
		switch {
		case !ok:
		case pkg == early:
			seen = true
		case seen:
			after += bytes
		default:
			before += bytes
			if bytes > 4<<10 {
				heavyBefore = append(heavyBefore, pkg+" "+strconv.Itoa(bytes))
			}
		}
	}
	if !seen {
		t.Fatalf("%s is not initialized in the test binary:\n%s", early, out)
	}
	if before > 32<<10 || after < 512<<10 {
		t.Errorf("packages initialized before the heap was advised allocated %d bytes (%v), those after %d", before, heavyBefore, after)
	}
}

// initTrace reads one line of GODEBUG=inittrace=1's report, "init PKG @T
// ms, C ms clock, BYTES bytes, N allocs".
func initTrace(line string) (pkg string, bytes int, ok bool) {
	f := strings.Fields(line)
	if len(f) != 11 || f[0] != "init" || f[8] != "bytes," {
		return "", 0, false
	}
	n, err := strconv.Atoi(f[7])
	return f[1], n, err == nil
}
