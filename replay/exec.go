package replay

import (
	"errors"
	"io"
	"os"
	"os/exec"
	"syscall"
)

// ExecClient runs command through /bin/sh -c, as a shell would, with
// whatever play writes on its stdin; the client's stdout and stderr go to
// stdout and stderr. The result is the client's exit code (128+N when a
// signal N ended it), so a client test is one command.
//
// A client that stops reading (and closes its stdin) ends the replay
// quietly; the replay's other errors are returned after the client has
// been waited for.
func ExecClient(command string, stdout, stderr io.Writer, play func(stdin io.Writer) error) (int, error) {
	cmd := exec.Command("/bin/sh", "-c", command)
	cmd.Stdout, cmd.Stderr = stdout, stderr
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return 0, err
	}
	if err := cmd.Start(); err != nil {
		return 0, err
	}
	playErr := play(stdin)
	if errors.Is(playErr, syscall.EPIPE) || errors.Is(playErr, os.ErrClosed) {
		playErr = nil
	}
	stdin.Close()
	waitErr := cmd.Wait()
	code := ExitCodeOf(cmd.ProcessState)
	var exitErr *exec.ExitError
	if waitErr != nil && !errors.As(waitErr, &exitErr) {
		return code, waitErr
	}
	return code, playErr
}

// ExitCodeOf is the exit code a shell would show for a finished process:
// its own, or 128+N after death by signal N.
func ExitCodeOf(state *os.ProcessState) int {
	if state == nil {
		return 0
	}
	if ws, ok := state.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
		return 128 + int(ws.Signal())
	}
	return state.ExitCode()
}
