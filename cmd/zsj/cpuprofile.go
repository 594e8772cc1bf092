//go:build zsjprofile

package main

import (
	"fmt"
	"os"
	"runtime/pprof"
)

// A build with -tags zsjprofile writes a CPU profile of the whole run to
// the file ZSJ_CPUPROFILE names: bench/run.sh profiles each command that
// misses its target this way, to say where its time goes. The profiler
// stays out of the ordinary binary, whose start-up it would slow.
func init() {
	path := os.Getenv("ZSJ_CPUPROFILE")
	if path == "" {
		return
	}
	f, err := os.Create(path)
	if err == nil {
		err = pprof.StartCPUProfile(f)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "zsj: ZSJ_CPUPROFILE:", err)
		return
	}
	atExit = func() {
		pprof.StopCPUProfile()
		f.Close()
	}
}
