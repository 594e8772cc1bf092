// Command zsj reads, checks and rewrites the JSONL event logs of Zero's
// stream-json protocol. All of its logic sits behind run so that tests can
// drive it in-process. Each command's file holds its flags, the options
// struct they fill and one call into the package that does the work.
package main

import (
	"os"

	"github.com/zsj-dev/zsj/internal/gcbudget"
	"github.com/zsj-dev/zsj/internal/term"
)

// atExit runs once the command is done, before the process exits; a
// build with the zsjprofile tag stops its CPU profile there.
var atExit = func() {}

func main() {
	gcbudget.CollectLess()
	code := run(term.System(), os.Args[1:])
	atExit()
	os.Exit(code)
}
