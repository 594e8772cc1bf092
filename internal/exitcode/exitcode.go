// Package exitcode names the process exit codes zsj uses and lets errors
// carry one, so every command ends the same way.
//
// It does not print: the command's run function writes every message.
package exitcode

import (
	"errors"
	"fmt"
)

// The exit codes documented in the README.
const (
	OK       = 0 // success, nothing to report
	Problems = 1 // the input has problems (or a check found something)
	Usage    = 2 // the command line is wrong
	Failure  = 3 // an I/O or internal failure
)

// Error is an error that knows the exit code it should end the process with.
type Error struct {
	Code int
	Err  error
	// Quiet means the message was already shown (or there is none to show).
	Quiet bool
}

func (e *Error) Error() string {
	if e.Err == nil {
		return fmt.Sprintf("exit status %d", e.Code)
	}
	return e.Err.Error()
}

func (e *Error) Unwrap() error { return e.Err }

// ExitCode returns the code carried by err.
func (e *Error) ExitCode() int { return e.Code }

// New wraps err with code.
func New(code int, err error) error { return &Error{Code: code, Err: err} }

// Newf formats a message and wraps it with code.
func Newf(code int, format string, args ...any) error {
	return &Error{Code: code, Err: fmt.Errorf(format, args...)}
}

// Silent ends the process with code without printing anything more: used
// when a command has already reported what went wrong (problems found).
func Silent(code int) error { return &Error{Code: code, Quiet: true} }

// Of returns the exit code err asks for: Failure for an error that does not
// say, OK for nil.
func Of(err error) int {
	if err == nil {
		return OK
	}
	var e *Error
	if errors.As(err, &e) {
		return e.Code
	}
	return Failure
}
