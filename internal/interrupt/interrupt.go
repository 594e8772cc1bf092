// Package interrupt turns Ctrl-C (SIGINT) into an orderly stop: every
// input read through it ends with ErrInterrupted, so commands finish the
// way they finish on a read error, flushing what they have written, and
// the process then exits with ExitCode, as a shell reports death by
// SIGINT.
//
// A process that cannot notice (blocked reading a terminal that sends
// nothing) still ends: after Grace, or at a second SIGINT, it exits at
// once with ExitCode.
package interrupt

import (
	"errors"
	"io"
	"os"
	"os/signal"
	"sync"
	"sync/atomic"
	"syscall"
	"time"
)

// ExitCode is the status after an interrupt: 128 + SIGINT.
const ExitCode = 128 + int(syscall.SIGINT)

// Grace is how long an interrupted process has to finish on its own.
const Grace = 3 * time.Second

// ErrInterrupted is what reads return once an interrupt was asked for.
var ErrInterrupted = errors.New("interrupted")

var requested atomic.Bool

// Requested reports whether an interrupt was asked for.
func Requested() bool { return requested.Load() }

// Watch starts listening for SIGINT until stop is called. exit ends the
// process when it does not end by itself (os.Exit in main).
func Watch(exit func(code int)) (stop func()) {
	ch := make(chan os.Signal, 2)
	signal.Notify(ch, os.Interrupt)
	done := make(chan struct{})
	go func() {
		select {
		case <-ch:
		case <-done:
			return
		}
		requested.Store(true)
		t := time.NewTimer(Grace)
		defer t.Stop()
		select {
		case <-ch:
		case <-t.C:
		case <-done:
			return
		}
		runCleanups()
		exit(ExitCode)
	}()
	return func() {
		signal.Stop(ch)
		close(done)
	}
}

// cleanups are what OnForcedExit registered, by a number of their own.
var (
	cleanupMu sync.Mutex
	cleanups  = map[int]func(){}
	cleanupN  int
)

// OnForcedExit registers f to run when the process is ended before it
// finishes on its own (after Grace, or at a second SIGINT): the removal
// of a temporary file or folder, which that exit would otherwise leave
// behind. cancel unregisters it, once the temporary is gone or in place.
func OnForcedExit(f func()) (cancel func()) {
	cleanupMu.Lock()
	defer cleanupMu.Unlock()
	cleanupN++
	id := cleanupN
	cleanups[id] = f
	return func() {
		cleanupMu.Lock()
		defer cleanupMu.Unlock()
		delete(cleanups, id)
	}
}

// runCleanups runs what is registered, before a forced exit.
func runCleanups() {
	cleanupMu.Lock()
	fs := make([]func(), 0, len(cleanups))
	for _, f := range cleanups {
		fs = append(fs, f)
	}
	cleanupMu.Unlock()
	for _, f := range fs {
		f()
	}
}

// Reader returns r, or once an interrupt was asked for, ErrInterrupted.
func Reader(r io.Reader) io.Reader { return &reader{r} }

type reader struct{ r io.Reader }

func (r *reader) Read(p []byte) (int, error) {
	if requested.Load() {
		return 0, ErrInterrupted
	}
	return r.r.Read(p)
}

// Reset forgets an interrupt: for tests that run commands in one process.
func Reset() { requested.Store(false) }
