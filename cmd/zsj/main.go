// Command zsj reads, checks and rewrites the JSONL event logs of Zero's
// stream-json protocol. All of its logic sits behind run so that tests can
// drive it in-process.
package main

import (
	"os"
	"os/signal"
	"syscall"

	"github.com/zsj-dev/zsj/internal/term"
)

func main() {
	// With SIGPIPE ignored a write to a closed pipe returns EPIPE, which run
	// turns into a quiet exit instead of death by signal.
	signal.Ignore(syscall.SIGPIPE)
	os.Exit(run(term.System(), os.Args[1:]))
}
