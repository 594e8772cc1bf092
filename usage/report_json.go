package usage

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
)

// The json output of zsj usage is made to be merged: besides the totals
// and groups for people and scripts, it lists every run counted, with its
// fingerprint, keys and sums. Merging shards re-counts those runs, so it
// drops runs found in two shards, regroups with any --by, and adds exactly:
// token counts and costs are written as exact decimal numbers (never
// rounded floats), and read back exactly.

// jsonFormat names the document so that --merge refuses anything else.
const jsonFormat = "zsj-usage/2"

type jsonCounts struct {
	Runs       int64 `json:"runs"`
	Success    int64 `json:"success"`
	Error      int64 `json:"error"`
	Unfinished int64 `json:"unfinished"`
	jsonUsage
}

// jsonUsage is a Usage in the json output, inside a group or a run.
type jsonUsage struct {
	UsageEvents      int64  `json:"usageEvents"`
	PromptTokens     Tokens `json:"promptTokens"`
	CompletionTokens Tokens `json:"completionTokens"`
	TotalTokens      Tokens `json:"totalTokens"`
	CachedTokens     Tokens `json:"cachedInputTokens"`
	CacheWriteTokens Tokens `json:"cacheWriteTokens"`
	ReasoningTokens  Tokens `json:"reasoningTokens"`
	CostUSD          USD    `json:"costUsd"`
	EstimatedCostUSD USD    `json:"estimatedCostUsd"`
	UnpricedEvents   int64  `json:"unpricedEvents"`
}

func usageJSON(u *Usage) jsonUsage {
	return jsonUsage{
		UsageEvents: u.Events, PromptTokens: u.Prompt, CompletionTokens: u.Completion,
		TotalTokens: u.Total, CachedTokens: u.Cached, CacheWriteTokens: u.CacheWrite,
		ReasoningTokens: u.Reasoning, CostUSD: u.Cost, EstimatedCostUSD: u.Estimated,
		UnpricedEvents: u.Unpriced,
	}
}

func (j *jsonUsage) usage() Usage {
	return Usage{
		Events: j.UsageEvents, Prompt: j.PromptTokens, Completion: j.CompletionTokens,
		Total: j.TotalTokens, Cached: j.CachedTokens, CacheWrite: j.CacheWriteTokens,
		Reasoning: j.ReasoningTokens, Cost: j.CostUSD, Estimated: j.EstimatedCostUSD,
		Unpriced: j.UnpricedEvents,
	}
}

func countsJSON(c *Counts) jsonCounts {
	return jsonCounts{
		Runs: c.Runs, Success: c.Success, Error: c.Failed, Unfinished: c.Unfinished,
		jsonUsage: usageJSON(&c.Usage),
	}
}

type jsonGroup struct {
	Key map[string]string `json:"key"`
	jsonCounts
}

// jsonUsageRun is a run as the json output lists it.
type jsonUsageRun struct {
	RunID    string `json:"runId"`
	Hash     string `json:"hash"`   // the fingerprint, 16 hex digits
	Events   int64  `json:"events"` // lines of the run
	File     string `json:"file"`
	Line     int    `json:"line"`
	Day      string `json:"day"` // derived from the ids; ignored by --merge
	Session  string `json:"sessionId,omitempty"`
	Model    string `json:"model,omitempty"`
	APIModel string `json:"apiModel,omitempty"`
	Provider string `json:"provider,omitempty"`
	Cwd      string `json:"cwd,omitempty"`
	Started  bool   `json:"started"`
	Status   string `json:"status"`
	jsonUsage
}

func usageRunJSON(r *Run) jsonUsageRun {
	return jsonUsageRun{
		RunID: r.ID, Hash: fmt.Sprintf("%016x", r.Hash), Events: r.Events,
		File: r.File, Line: r.Line, Day: r.Day(), Session: r.Session,
		Model: r.Model, APIModel: r.APIModel, Provider: r.Provider, Cwd: r.Cwd,
		Started: r.Started, Status: r.Status.String(),
		jsonUsage: usageJSON(&r.Usage),
	}
}

func (j *jsonUsageRun) run() (*Run, error) {
	hash, err := strconv.ParseUint(j.Hash, 16, 64)
	if err != nil || len(j.Hash) != 16 {
		return nil, fmt.Errorf("run %s: hash must be 16 hex digits", j.RunID)
	}
	status, ok := ParseStatus(j.Status)
	if !ok {
		return nil, fmt.Errorf("run %s: unknown status %q", j.RunID, j.Status)
	}
	if j.RunID == "" {
		return nil, fmt.Errorf("a run without runId")
	}
	return &Run{
		ID: j.RunID, Hash: hash, Events: j.Events, File: j.File, Line: j.Line,
		Session: j.Session, Model: j.Model, APIModel: j.APIModel, Provider: j.Provider,
		Cwd: j.Cwd, Started: j.Started, Status: status, ExitCode: -1,
		Usage: j.usage(),
	}, nil
}

// jsonHeader is everything in the document before its groups and runs.
type jsonHeader struct {
	Format          string      `json:"format"`
	By              []Dimension `json:"by"`
	Since           string      `json:"since,omitempty"`
	Until           string      `json:"until,omitempty"`
	Dedupe          bool        `json:"dedupe"`
	Cumulative      bool        `json:"cumulative"`
	Prices          bool        `json:"prices"`
	Files           int64       `json:"files"`
	InvalidLines    int64       `json:"invalidLines"`
	DuplicateRuns   int64       `json:"duplicateRuns"`
	UndatedRuns     int64       `json:"undatedRuns"`
	ConflictingRuns []Conflict  `json:"conflictingRuns"`
	UnpricedModels  []string    `json:"unpricedModels"`
	Totals          jsonCounts  `json:"totals"`
}

// writeReportJSON writes the document with one group and one run per line,
// so that it reads and diffs well and streams however many runs it holds.
func writeReportJSON(w io.Writer, rep *Report) error {
	o := &rep.Options
	if !o.ListRuns {
		return errors.New("usage: a json report needs ReportOptions.ListRuns, or it cannot be merged")
	}
	h := jsonHeader{
		Format: jsonFormat, By: o.By, Since: o.Since, Until: o.Until,
		Dedupe: !o.NoDedupe, Cumulative: o.Cumulative, Prices: o.Priced,
		Files: rep.Files, InvalidLines: rep.InvalidLines, DuplicateRuns: rep.DuplicateRuns,
		UndatedRuns: rep.UndatedRuns, ConflictingRuns: rep.Conflicts,
		UnpricedModels: rep.UnpricedModels, Totals: countsJSON(&rep.Totals),
	}
	if h.By == nil {
		h.By = []Dimension{}
	}
	if h.ConflictingRuns == nil {
		h.ConflictingRuns = []Conflict{}
	}
	if h.UnpricedModels == nil {
		h.UnpricedModels = []string{}
	}
	head, err := marshal(h, "  ")
	if err != nil {
		return err
	}
	bw := bufio.NewWriter(w)
	bw.Write(head[:len(head)-2]) // without "\n}"
	list := func(name string, n int, item func(int) any) error {
		fmt.Fprintf(bw, ",\n  %q: [", name)
		for i := 0; i < n; i++ {
			b, err := marshal(item(i), "")
			if err != nil {
				return err
			}
			if i > 0 {
				bw.WriteByte(',')
			}
			bw.WriteString("\n    ")
			bw.Write(b)
		}
		if n > 0 {
			bw.WriteString("\n  ")
		}
		bw.WriteByte(']')
		return nil
	}
	if err := list("groups", len(rep.Groups), func(i int) any {
		g := &rep.Groups[i]
		key := make(map[string]string, len(g.Key))
		for k, d := range o.By {
			key[string(d)] = g.Key[k]
		}
		return jsonGroup{Key: key, jsonCounts: countsJSON(&g.Counts)}
	}); err != nil {
		return err
	}
	if err := list("runs", len(rep.Runs), func(i int) any { return usageRunJSON(rep.Runs[i]) }); err != nil {
		return err
	}
	bw.WriteString("\n}\n")
	return bw.Flush()
}

// marshal is json.Marshal without escaping <, > and & (paths and commands
// read better as they are), indented when indent is not "".
func marshal(v any, indent string) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", indent)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n")), nil
}

// GroupingError is a shard grouped otherwise than the shards before it,
// in a merge that keeps the shards' grouping.
type GroupingError struct {
	Shard, Before []Dimension
}

func (e *GroupingError) Error() string {
	return fmt.Sprintf("grouped by %s, the shards before it by %s: give --by to regroup them all alike", byNames(e.Shard), byNames(e.Before))
}

func byNames(by []Dimension) string {
	if len(by) == 0 {
		return "nothing (totals only)"
	}
	names := make([]string, len(by))
	for i, d := range by {
		names[i] = string(d)
	}
	return strings.Join(names, ",")
}

// Shard is the json output of zsj usage, read back to be merged.
type Shard struct {
	header jsonHeader
	runs   []*Run
}

// ReadShard reads a json document written by zsj usage.
func ReadShard(r io.Reader) (*Shard, error) {
	var doc struct {
		jsonHeader
		Runs []jsonUsageRun `json:"runs"`
	}
	dec := json.NewDecoder(r)
	if err := dec.Decode(&doc); err != nil {
		return nil, fmt.Errorf("not the json output of zsj usage: %w", err)
	}
	switch {
	case doc.Format == "zsj-usage/1":
		// Version 1 fingerprinted runs with CRC-32s: its runs cannot be
		// matched with these.
		return nil, fmt.Errorf("the json output of an older zsj usage (format %q, want %q): run this zsj usage --format json on its logs again", doc.Format, jsonFormat)
	case doc.Format != jsonFormat:
		return nil, fmt.Errorf("not the json output of zsj usage (format %q, want %q)", doc.Format, jsonFormat)
	}
	s := &Shard{header: doc.jsonHeader, runs: make([]*Run, 0, len(doc.Runs))}
	for i := range doc.Runs {
		run, err := doc.Runs[i].run()
		if err != nil {
			return nil, err
		}
		s.runs = append(s.runs, run)
	}
	return s, nil
}

// Merge counts the runs of a shard as if they had been read from logs, and
// adds the shard's files, unreadable lines, dropped duplicates, undated
// runs and unpriced models. Shards must agree on --cumulative and, with
// ReportOptions.ByShards, on their grouping (a *GroupingError).
func (a *Aggregator) Merge(s *Shard) error {
	o := &a.report.Options
	if a.shards == 0 {
		o.Cumulative = s.header.Cumulative
		if o.ByShards {
			o.By = s.header.By
		}
	} else if o.Cumulative != s.header.Cumulative {
		return fmt.Errorf("shards made with and without --cumulative cannot be merged")
	}
	if o.ByShards && !slices.Equal(o.By, s.header.By) {
		return &GroupingError{Shard: s.header.By, Before: o.By}
	}
	a.shards++
	o.Priced = o.Priced || s.header.Prices
	h := &s.header
	a.Inputs(h.Files, h.InvalidLines, h.DuplicateRuns, h.UndatedRuns)
	for _, m := range h.UnpricedModels {
		a.missingPrice(m)
	}
	for _, r := range s.runs {
		a.merged++
		r.order = a.merged
		a.add(r, false)
	}
	return nil
}
