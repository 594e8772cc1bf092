//go:build !linux

package redact

// threadCPU is 0 here: only Linux tells a thread's own CPU time.
func threadCPU() int64 { return 0 }
