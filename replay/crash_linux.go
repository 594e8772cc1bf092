package replay

import (
	"os"
	"runtime"
	"syscall"
	"unsafe"
)

// raiseDefault sends sig to the calling thread with the signal's default
// action in place. The kernel's sigaction for SIG_DFL is all zeros (handler
// 0, no flags, no restorer, empty mask) on every Linux architecture, so a
// zeroed struct of the largest layout serves them all.
func raiseDefault(sig syscall.Signal) {
	runtime.LockOSThread()
	var action [4]uint64 // handler, flags, restorer, mask
	const sigsetBytes = 8
	_, _, _ = syscall.RawSyscall6(syscall.SYS_RT_SIGACTION, uintptr(sig),
		uintptr(unsafe.Pointer(&action)), 0, sigsetBytes, 0, 0)
	unblock := uint64(1) << (uint(sig) - 1)
	const sigUnblock = 1 // how, for rt_sigprocmask
	_, _, _ = syscall.RawSyscall6(syscall.SYS_RT_SIGPROCMASK, sigUnblock,
		uintptr(unsafe.Pointer(&unblock)), 0, sigsetBytes, 0, 0)
	_ = syscall.Tgkill(os.Getpid(), syscall.Gettid(), sig)
	// Delivery happens on the way back from the system call; give the
	// kernel another chance in case it is delayed.
	_ = syscall.Kill(os.Getpid(), sig)
}
