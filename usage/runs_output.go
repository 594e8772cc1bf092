package usage

import (
	"bufio"
	"encoding/json"
	"io"
	"slices"
)

// SortRuns puts runs in the order they start in the inputs (a run that
// starts over finishes before the runs open around it).
func SortRuns(runs []*Run) {
	slices.SortStableFunc(runs, func(x, y *Run) int { return x.order - y.order })
}

// jsonRun is one line of zsj runs --format json.
type jsonRun struct {
	RunID       string  `json:"runId"`
	File        string  `json:"file"`
	Line        int     `json:"line"`
	Model       string  `json:"model"`
	Provider    string  `json:"provider"`
	Status      string  `json:"status"`
	ExitCode    *int64  `json:"exitCode"` // null before run_end
	Events      int64   `json:"events"`
	ToolCalls   int64   `json:"toolCalls"`
	Denied      int64   `json:"permissionsDenied"`
	Blocks      int64   `json:"blocks"`
	Errors      int64   `json:"errors"`
	ErrorCode   *string `json:"errorCode"` // null when the run had no error
	TotalTokens Tokens  `json:"totalTokens"`
	CostUSD     USD     `json:"costUsd"`
	Estimated   USD     `json:"estimatedCostUsd"`
	Final       bool    `json:"final"`
}

// runColumns are the columns of the runs table and csv: csv header, table
// header, whether numeric, and the cell (exact, for csv and tsv; the
// table rounds costs).
var runColumns = []struct {
	name, header string
	right        bool
	value        func(r *Run, exact bool) string
}{
	{"runId", "RUN", false, func(r *Run, _ bool) string { return r.ID }},
	{"file", "FILE", false, func(r *Run, _ bool) string { return r.File }},
	{"model", "MODEL", false, func(r *Run, _ bool) string { return orUnknown(r.Model) }},
	{"status", "STATUS", false, func(r *Run, _ bool) string { return r.Status.String() }},
	{"exitCode", "EXIT", true, func(r *Run, _ bool) string { return optional(r.ExitCode) }},
	{"events", "EVENTS", true, func(r *Run, _ bool) string { return integer(r.Events) }},
	{"toolCalls", "TOOLS", true, func(r *Run, _ bool) string { return integer(r.ToolCalls) }},
	{"permissionsDenied", "DENIED", true, func(r *Run, _ bool) string { return integer(r.Denied) }},
	{"blocks", "BLOCKS", true, func(r *Run, _ bool) string { return integer(r.Blocks) }},
	{"errors", "ERRORS", true, func(r *Run, _ bool) string { return integer(r.Errors) }},
	{"errorCode", "ERROR", false, func(r *Run, _ bool) string { return r.ErrorCode }},
	{"totalTokens", "TOKENS", true, func(r *Run, _ bool) string { return r.Usage.Total.String() }},
	{"costUsd", "COST_USD", true, func(r *Run, exact bool) string { return money(r.Usage.Cost, exact) }},
	{"estimatedCostUsd", "EST_COST_USD", true, func(r *Run, exact bool) string { return money(r.Usage.Estimated, exact) }},
	{"final", "FINAL", false, func(r *Run, _ bool) string { return yesNo(r.Final) }},
}

func optional(code int64) string {
	if code < 0 {
		return ""
	}
	return integer(code)
}

func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

// WriteRuns writes one line per run: a table (an empty cell shown as "-"),
// csv, or json lines.
func WriteRuns(w io.Writer, runs []*Run, format Format, style Style) error {
	switch format {
	case JSON:
		return writeRunsJSON(w, runs)
	case CSV, TSV:
		var header []string
		for _, col := range runColumns {
			header = append(header, col.name)
		}
		return writeDelimited(w, format, header, runRows(runs, "", true))
	}
	t := &table{rows: runRows(runs, "-", false)}
	for _, col := range runColumns {
		t.header = append(t.header, col.header)
		t.right = append(t.right, col.right)
	}
	return t.write(w, style)
}

func runRows(runs []*Run, empty string, exact bool) [][]string {
	rows := make([][]string, 0, len(runs))
	for _, r := range runs {
		row := make([]string, len(runColumns))
		for i, col := range runColumns {
			if row[i] = col.value(r, exact); row[i] == "" {
				row[i] = empty
			}
		}
		rows = append(rows, row)
	}
	return rows
}

func writeRunsJSON(w io.Writer, runs []*Run) error {
	bw := bufio.NewWriter(w)
	enc := json.NewEncoder(bw)
	enc.SetEscapeHTML(false)
	for _, r := range runs {
		j := jsonRun{
			RunID: r.ID, File: r.File, Line: r.Line, Model: orUnknown(r.Model),
			Provider: orUnknown(r.Provider), Status: r.Status.String(), Events: r.Events,
			ToolCalls: r.ToolCalls, Denied: r.Denied, Blocks: r.Blocks, Errors: r.Errors,
			TotalTokens: r.Usage.Total, CostUSD: r.Usage.Cost, Estimated: r.Usage.Estimated, Final: r.Final,
		}
		if r.ExitCode >= 0 {
			code := r.ExitCode
			j.ExitCode = &code
		}
		if r.ErrorCode != "" {
			code := r.ErrorCode
			j.ErrorCode = &code
		}
		if err := enc.Encode(j); err != nil {
			return err
		}
	}
	return bw.Flush()
}
