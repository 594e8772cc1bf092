package pretty_test

import (
	"fmt"
	"os"
	"strings"

	"github.com/zsj-dev/zsj/internal/exitcode"
	"github.com/zsj-dev/zsj/internal/input"
	"github.com/zsj-dev/zsj/internal/term"
	"github.com/zsj-dev/zsj/pretty"
)

// Draw a log read from standard input as zsj pretty --ascii does.
func ExampleDraw() {
	log := `{"schemaVersion":2,"type":"run_start","runId":"run_1","cwd":"/repo","provider":"openai","model":"gpt-4.1"}
{"schemaVersion":2,"type":"text","runId":"run_1","delta":"Done."}
{"schemaVersion":2,"type":"run_end","runId":"run_1","status":"success","exitCode":0}
`
	opts := pretty.DrawOptions{
		IO:      &term.IO{In: strings.NewReader(log), Out: os.Stdout, ErrOut: os.Stdout},
		Sources: []input.Source{{Name: input.StdinName}},
		Render:  pretty.DefaultOptions(),
		Format:  "terminal",
	}
	opts.Render.ASCII, opts.Render.Width = true, 60
	if err := opts.Check(); err != nil {
		fmt.Println(err)
		return
	}
	err := pretty.Draw(opts)
	fmt.Println("exit status", exitcode.Of(err))
	// Output:
	// == run run_1 ===============================================
	//    model    openai/gpt-4.1
	//    cwd      /repo
	//
	// Done.
	//
	// * run ended - success - exit code 0
	// -- summary of run_1 ----------------------------------------
	//    status    success - exit code 0
	//    tools     0 calls
	//    denied    none
	//    problems  0 errors - 0 warnings
	//    tokens    0 total - in 0 - out 0 - 0 steps
	// exit status 0
}
