package replay

import (
	"fmt"

	"github.com/zsj-dev/zsj/internal/exitcode"
)

// Run records, as zsj record does, and returns the exit status as an
// error: the command's, or ExitCannotRun and ExitNotFound with the reason
// it could not be run.
func (r Recording) Run() error {
	code, err := Record(r)
	if err != nil && code != 0 {
		return exitcode.New(code, fmt.Errorf("cannot run %s: %w", r.Command[0], err))
	}
	return ExitStatus(code, err)
}
