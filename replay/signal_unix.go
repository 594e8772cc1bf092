//go:build unix

package replay

import "syscall"

// moreCrashSignals are the signals of crashSignals that only Unix has.
var moreCrashSignals = map[string]syscall.Signal{
	"USR1": syscall.SIGUSR1,
	"USR2": syscall.SIGUSR2,
	"SYS":  syscall.SIGSYS,
}

func noCoreFile() { _ = syscall.Setrlimit(syscall.RLIMIT_CORE, &syscall.Rlimit{}) }
