package validate_test

import (
	"fmt"
	"os"
	"strings"

	"github.com/zsj-dev/zsj/internal/exitcode"
	"github.com/zsj-dev/zsj/internal/input"
	"github.com/zsj-dev/zsj/internal/term"
	"github.com/zsj-dev/zsj/validate"
)

func Example() {
	log := `{"schemaVersion":2,"type":"run_start","runId":"r","cwd":"/","provider":"p","model":"m"}
{"schemaVersion":2,"type":"text","runId":"r"}
`
	err := validate.Run(validate.Options{
		IO:      &term.IO{In: strings.NewReader(log), Out: os.Stdout, ErrOut: os.Stdout},
		Sources: []input.Source{{Name: "run.jsonl"}}, // Path "": standard input
	})
	fmt.Println("exit status", exitcode.Of(err))
	// Output:
	// run.jsonl:2: error: missing required field delta in a text event [missing-field] (text $.delta)
	// run.jsonl:2: warning: run did not finish: log truncated or producer killed? (it starts at line 1) [unfinished-run]
	// zsj: 1 file, 2 lines, 2 events, 1 run: 1 error, 1 warning
	// exit status 1
}
