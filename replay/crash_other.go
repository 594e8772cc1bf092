//go:build unix && !linux

package replay

import (
	"os"
	"syscall"
)

// raiseDefault sends sig to the process. Signals the Go runtime handles
// itself (SEGV, ABRT, QUIT...) may not end it here; killSelf then exits
// with 128+sig, as a shell would report.
func raiseDefault(sig syscall.Signal) { _ = syscall.Kill(os.Getpid(), sig) }
