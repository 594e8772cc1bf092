//go:build zsjprofile

package main

import (
	"fmt"
	"os"
	"runtime/pprof"
)

// A build with -tags zsjprofile writes a CPU profile of the whole run to
// the file ZSJ_CPUPROFILE names: bench/run.sh profiles each command that
// misses its target this way, to say where its time goes. ZSJ_MEMPROFILE
// names a file for the profile of what the run allocated. The profilers
// stay out of the ordinary binary, whose start-up they would slow.
func init() {
	if path := os.Getenv("ZSJ_MEMPROFILE"); path != "" {
		atExit = func() { writeAllocs(path) }
	}
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
	then := atExit
	atExit = func() {
		pprof.StopCPUProfile()
		f.Close()
		then()
	}
}

func writeAllocs(path string) {
	f, err := os.Create(path)
	if err == nil {
		err = pprof.Lookup("allocs").WriteTo(f, 0)
		f.Close()
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "zsj: ZSJ_MEMPROFILE:", err)
	}
}
