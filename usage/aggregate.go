package usage

import (
	"fmt"
	"slices"
	"strings"
	"time"
)

// Dimension is what runs can be grouped by (--by).
type Dimension string

// The dimensions. Session, model, provider and cwd come from the run's
// run_start; day and month from the date in its id (see Run.Day); file is
// where the run was found (the first file, for a run found twice; where it
// starts, for a run that goes on in the next file).
const (
	ByRun      Dimension = "run"
	BySession  Dimension = "session"
	ByModel    Dimension = "model"
	ByProvider Dimension = "provider"
	ByCwd      Dimension = "cwd"
	ByDay      Dimension = "day"
	ByMonth    Dimension = "month"
	ByFile     Dimension = "file"
)

// Dimensions lists every dimension.
var Dimensions = []Dimension{ByRun, BySession, ByModel, ByProvider, ByCwd, ByDay, ByMonth, ByFile}

// ParseDimensions reads --by values: each may list several, comma-separated.
func ParseDimensions(values []string) ([]Dimension, error) {
	var dims []Dimension
	for _, v := range values {
		for _, name := range strings.Split(v, ",") {
			d := Dimension(strings.TrimSpace(name))
			if !slices.Contains(Dimensions, d) {
				return nil, fmt.Errorf("--by: unknown grouping %q (want run, session, model, provider, cwd, day, month or file)", string(d))
			}
			if slices.Contains(dims, d) {
				return nil, fmt.Errorf("--by: %s given twice", d)
			}
			dims = append(dims, d)
		}
	}
	return dims, nil
}

// Of returns r's value for the dimension, "unknown" when it has none.
func (d Dimension) Of(r *Run) string {
	switch d {
	case ByRun:
		return r.ID
	case BySession:
		return orUnknown(r.Session)
	case ByModel:
		return orUnknown(r.Model)
	case ByProvider:
		return orUnknown(r.Provider)
	case ByCwd:
		return orUnknown(r.Cwd)
	case ByDay:
		return r.Day()
	case ByMonth:
		if day := r.Day(); day != Unknown {
			return day[:len("2006-01")]
		}
		return Unknown
	}
	return r.File
}

// ParseDate checks a --since or --until value: a date, YYYY-MM-DD.
func ParseDate(s string) error {
	if _, err := time.Parse(time.DateOnly, s); err != nil {
		return fmt.Errorf("%q is not a date of the form YYYY-MM-DD", s)
	}
	return nil
}

// Counts is what a group of runs adds up to.
type Counts struct {
	Runs       int64
	Success    int64
	Failed     int64
	Unfinished int64
	Usage
}

func (c *Counts) addRun(r *Run) {
	c.Runs++
	switch r.Status {
	case Success:
		c.Success++
	case Failed:
		c.Failed++
	default:
		c.Unfinished++
	}
	c.Usage.Add(&r.Usage)
}

// Group is the runs sharing one value of each --by dimension.
type Group struct {
	Key []string // one value per dimension, in --by order
	Counts
}

// ReportOptions say how runs are counted.
type ReportOptions struct {
	By           []Dimension
	Since, Until string // YYYY-MM-DD, both included; "" for no bound
	NoDedupe     bool
	Cumulative   bool // recorded in the report: usage events were running totals
	Priced       bool // recorded in the report: costs were estimated from prices
	// Prices, when not nil, estimate the cost of every usage event from
	// the price of its run's model (and set Priced).
	Prices *Prices
	// ByShards makes Merge group as the shards were grouped (By is then
	// the first shard's), and refuse shards grouped otherwise: for a
	// merge with no --by.
	ByShards bool
	// ListRuns keeps every run counted in Report.Runs (the json output
	// lists them); without it memory holds groups and fingerprints only.
	ListRuns bool
}

// Report is the result of zsj usage.
type Report struct {
	Options        ReportOptions
	Files          int64      // log files read
	InvalidLines   int64      // lines skipped as unreadable
	DuplicateRuns  int64      // runs dropped as found before
	UndatedRuns    int64      // runs left out by --since/--until for having no date
	Conflicts      []Conflict // run IDs shared by runs with different events (all counted)
	UnpricedModels []string   // models missing from the prices
	Totals         Counts
	Groups         []Group // sorted by key; with no --by, one group: the totals
	Runs           []*Run  // the runs counted, in the order found (with ListRuns)
}

// Aggregator builds a Report from runs, as they are found or merged.
type Aggregator struct {
	report  Report
	groups  map[string]*Group // by key values joined with NUL
	dedupe  *Deduper
	missing map[string]bool
	shards  int // merged so far
	merged  int // runs read from shards, to keep their order
}

// NewAggregator returns an Aggregator counting runs as opts say.
func NewAggregator(opts ReportOptions) *Aggregator {
	a := &Aggregator{report: Report{Options: opts}, groups: make(map[string]*Group), missing: make(map[string]bool)}
	if !opts.NoDedupe {
		a.dedupe = NewDeduper()
	}
	if opts.Prices != nil {
		a.report.Options.Priced = true
	}
	return a
}

// Add counts r unless it falls outside the dates or was counted before,
// and estimates the cost of its usage events.
func (a *Aggregator) Add(r *Run) { a.add(r, true) }

// add counts r; estimate is false for runs read back from shards, priced
// when their logs were read.
func (a *Aggregator) add(r *Run, estimate bool) {
	opts := &a.report.Options
	if opts.Since != "" || opts.Until != "" {
		day := r.Day()
		if day == Unknown {
			a.report.UndatedRuns++
			return
		}
		if opts.Since != "" && day < opts.Since || opts.Until != "" && day > opts.Until {
			return
		}
	}
	if a.dedupe != nil && !a.dedupe.Keep(r) {
		return
	}
	if estimate {
		a.missingPrice(priceRun(r, opts.Prices))
	}
	a.count(r)
}

// count adds r to the totals and its group. Sums are exact, so the order
// runs come in does not matter.
func (a *Aggregator) count(r *Run) {
	rep := &a.report
	rep.Totals.addRun(r)
	key := make([]string, len(rep.Options.By))
	for i, d := range rep.Options.By {
		key[i] = d.Of(r)
	}
	id := strings.Join(key, "\x00")
	g := a.groups[id]
	if g == nil {
		g = &Group{Key: key}
		a.groups[id] = g
	}
	g.addRun(r)
	if rep.Options.ListRuns {
		rep.Runs = append(rep.Runs, r)
	}
}

// missingPrice notes a model that the prices have no price for.
func (a *Aggregator) missingPrice(model string) {
	if model != "" {
		a.missing[model] = true
	}
}

// Inputs adds what was read besides runs: files, unreadable lines, and
// (when merging) the duplicates and undated runs a shard already dropped.
func (a *Aggregator) Inputs(files, invalid, duplicates, undated int64) {
	a.report.Files += files
	a.report.InvalidLines += invalid
	a.report.DuplicateRuns += duplicates
	a.report.UndatedRuns += undated
}

// Report returns the groups, sorted, and what was dropped or left out.
func (a *Aggregator) Report() *Report {
	rep := a.report
	if a.dedupe != nil {
		rep.DuplicateRuns += a.dedupe.Dropped
		rep.Conflicts = a.dedupe.Conflicts()
	}
	for m := range a.missing {
		rep.UnpricedModels = append(rep.UnpricedModels, m)
	}
	slices.Sort(rep.UnpricedModels)
	// Runs finish in another order than they start (a run that starts
	// over finishes before the runs still open around it).
	slices.SortStableFunc(rep.Runs, func(x, y *Run) int { return x.order - y.order })
	rep.Groups = make([]Group, 0, len(a.groups))
	for _, g := range a.groups {
		rep.Groups = append(rep.Groups, *g)
	}
	slices.SortFunc(rep.Groups, func(x, y Group) int { return slices.Compare(x.Key, y.Key) })
	if len(rep.Options.By) == 0 && len(rep.Groups) == 0 {
		rep.Groups = []Group{{Key: []string{}}}
	}
	return &rep
}
