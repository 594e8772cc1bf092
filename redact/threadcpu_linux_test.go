package redact

import "syscall"

// threadCPU is the CPU time the calling thread has used, in nanoseconds
// (0 where the system does not say).
func threadCPU() int64 {
	var ru syscall.Rusage
	const rusageThread = 1 // RUSAGE_THREAD
	if syscall.Getrusage(rusageThread, &ru) != nil {
		return 0
	}
	return ru.Utime.Nano() + ru.Stime.Nano()
}
