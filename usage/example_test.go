package usage_test

import (
	"fmt"
	"os"
	"strings"

	"github.com/zsj-dev/zsj/usage"
)

// Sum the usage of a log by model, as zsj usage --by model does, with the
// cost estimated from the prices zsj ships: 1200 × $2 + 80 × $8 per
// million tokens.
func Example() {
	log := `{"schemaVersion":2,"type":"run_start","runId":"run_20260603_a","cwd":"/repo","provider":"openai","model":"gpt-4.1"}
{"schemaVersion":2,"type":"usage","runId":"run_20260603_a","promptTokens":1200,"completionTokens":80,"costUsd":0.00304}
{"schemaVersion":2,"type":"run_end","runId":"run_20260603_a","status":"success","exitCode":0}`

	agg := usage.NewAggregator(usage.ReportOptions{By: []usage.Dimension{usage.ByModel}, Prices: usage.EmbeddedPrices()})
	c := usage.NewCollector(usage.Options{
		Run: agg.Add,
	})
	f := c.File("run.jsonl")
	for i, line := range strings.Split(log, "\n") {
		f.Line(i+1, []byte(line), false)
	}
	f.End()
	c.End() // after the last file
	rep := agg.Report()
	fmt.Println(rep.Totals.Total, rep.Totals.Cost, rep.Totals.Estimated)
	usage.WriteReport(os.Stdout, rep, usage.CSV, usage.Style{})
	// Output:
	// 1280 0.00304 0.00304
	// model,runs,success,error,unfinished,usageEvents,promptTokens,completionTokens,totalTokens,cachedInputTokens,cacheWriteTokens,reasoningTokens,costUsd,estimatedCostUsd,unpricedEvents
	// gpt-4.1,1,1,0,0,1,1200,80,1280,0,0,0,0.00304,0.00304,0
}
