package usage_test

import (
	"fmt"
	"os"
	"strings"

	"github.com/zsj-dev/zsj/internal/exitcode"
	"github.com/zsj-dev/zsj/internal/input"
	"github.com/zsj-dev/zsj/internal/term"
	"github.com/zsj-dev/zsj/usage"
)

// Sum a log read from standard input by day, as zsj usage --by day
// --format csv does; the note about the run found twice goes to ErrOut.
func ExampleSum() {
	run := `{"schemaVersion":2,"type":"run_start","runId":"run_20260603_a","cwd":"/repo","provider":"openai","model":"gpt-4.1"}
{"schemaVersion":2,"type":"usage","runId":"run_20260603_a","promptTokens":1200,"completionTokens":80}
{"schemaVersion":2,"type":"run_end","runId":"run_20260603_a","status":"success","exitCode":0}
`
	err := usage.Sum(usage.SumOptions{
		IO:      &term.IO{In: strings.NewReader(run + run), Out: os.Stdout, ErrOut: os.Stdout},
		Sources: []input.Source{{Name: input.StdinName}},
		Format:  usage.CSV,
		Report:  usage.ReportOptions{By: []usage.Dimension{usage.ByDay}},
	})
	fmt.Println("exit status", exitcode.Of(err))
	// Output:
	// day,runs,success,error,unfinished,usageEvents,promptTokens,completionTokens,totalTokens,cachedInputTokens,cacheWriteTokens,reasoningTokens,costUsd,estimatedCostUsd,unpricedEvents
	// 2026-06-03,1,1,0,0,1,1200,80,1280,0,0,0,0,0,1
	// zsj: 1 duplicate run dropped: found before with the same runId and events (--no-dedupe counts them)
	// exit status 0
}
