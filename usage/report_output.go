package usage

import (
	"io"
	"strconv"
	"strings"
)

// costPlaces is how many decimals of a dollar the table shows; csv, tsv
// and json write costs exactly.
const costPlaces = 4

// countColumn is one column of counts: its name in csv, tsv and json, its
// header in the table, and its value.
type countColumn struct {
	name, header string
	value        func(c *Counts, exact bool) string
	priced       bool // shown in the table only with --prices
}

func integer(n int64) string { return strconv.FormatInt(n, 10) }

var countColumns = []countColumn{
	{"runs", "RUNS", func(c *Counts, _ bool) string { return integer(c.Runs) }, false},
	{"success", "SUCCESS", func(c *Counts, _ bool) string { return integer(c.Success) }, false},
	{"error", "ERROR", func(c *Counts, _ bool) string { return integer(c.Failed) }, false},
	{"unfinished", "UNFINISHED", func(c *Counts, _ bool) string { return integer(c.Unfinished) }, false},
	{"usageEvents", "USAGE_EVENTS", func(c *Counts, _ bool) string { return integer(c.Events) }, false},
	{"promptTokens", "PROMPT", func(c *Counts, _ bool) string { return c.Prompt.String() }, false},
	{"completionTokens", "COMPLETION", func(c *Counts, _ bool) string { return c.Completion.String() }, false},
	{"totalTokens", "TOTAL", func(c *Counts, _ bool) string { return c.Total.String() }, false},
	{"cachedInputTokens", "CACHED", func(c *Counts, _ bool) string { return c.Cached.String() }, false},
	{"cacheWriteTokens", "CACHE_WRITE", func(c *Counts, _ bool) string { return c.CacheWrite.String() }, false},
	{"reasoningTokens", "REASONING", func(c *Counts, _ bool) string { return c.Reasoning.String() }, false},
	{"costUsd", "COST_USD", func(c *Counts, exact bool) string { return money(c.Cost, exact) }, false},
	{"estimatedCostUsd", "EST_COST_USD", func(c *Counts, exact bool) string { return money(c.Estimated, exact) }, true},
	{"unpricedEvents", "", func(c *Counts, _ bool) string { return integer(c.Unpriced) }, true},
}

func money(d USD, exact bool) string {
	if exact {
		return d.String()
	}
	return d.Fixed(costPlaces)
}

// WriteReport writes rep in format: table, csv, tsv or json.
func WriteReport(w io.Writer, rep *Report, format Format, style Style) error {
	switch format {
	case JSON:
		return writeReportJSON(w, rep)
	case CSV, TSV:
		header, rows := reportRows(rep, true)
		return writeDelimited(w, format, header, rows)
	}
	return reportTable(rep).write(w, style)
}

// reportRows is one row per group, key columns first. The csv and tsv
// headers are the json names, so a script can use either.
func reportRows(rep *Report, exact bool) (header []string, rows [][]string) {
	for _, d := range rep.Options.By {
		header = append(header, string(d))
	}
	for _, col := range countColumns {
		header = append(header, col.name)
	}
	for i := range rep.Groups {
		g := &rep.Groups[i]
		row := append([]string(nil), g.Key...)
		for _, col := range countColumns {
			row = append(row, col.value(&g.Counts, exact))
		}
		rows = append(rows, row)
	}
	return header, rows
}

// reportTable is the table for people: a row per group and a totals row,
// the estimated cost only when there is one to show, the unpriced count in
// the warning below the table instead.
func reportTable(rep *Report) *table {
	t := &table{}
	keys := len(rep.Options.By)
	for _, d := range rep.Options.By {
		t.header = append(t.header, strings.ToUpper(string(d)))
		t.right = append(t.right, false)
	}
	if keys == 0 {
		t.header, t.right, keys = []string{""}, []bool{false}, 1
	}
	var shown []countColumn
	for _, col := range countColumns {
		if col.header == "" || col.priced && !rep.Options.Priced {
			continue
		}
		shown = append(shown, col)
		t.header = append(t.header, col.header)
		t.right = append(t.right, true)
	}
	row := func(key []string, c *Counts) []string {
		cells := append([]string(nil), key...)
		for _, col := range shown {
			cells = append(cells, col.value(c, false))
		}
		return cells
	}
	if len(rep.Options.By) > 0 {
		for i := range rep.Groups {
			t.rows = append(t.rows, row(rep.Groups[i].Key, &rep.Groups[i].Counts))
		}
	}
	totalKey := make([]string, keys)
	totalKey[0] = "TOTAL"
	t.footer = row(totalKey, &rep.Totals)
	return t
}
