package replay

import "syscall"

// Windows has no USR1, USR2 or SYS, no core files, and no way for a
// process to end by a signal: killSelf exits with 128+N, as a shell
// reports death by signal N.
var moreCrashSignals map[string]syscall.Signal

func noCoreFile() {}

func raiseDefault(syscall.Signal) {}
