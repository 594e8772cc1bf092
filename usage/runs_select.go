package usage

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
)

// RunOrder is what zsj runs sorts by (--sort): the largest first, runs
// that tie in the order they start.
type RunOrder string

// The orders. Cost is the estimated cost (from the prices), then the
// reported one; errors is the number of error events.
const (
	ByStart  RunOrder = ""
	ByTokens RunOrder = "tokens"
	ByCost   RunOrder = "cost"
	ByTools  RunOrder = "tools"
	ByEvents RunOrder = "events"
	ByErrors RunOrder = "errors"
)

// RunOrders lists the orders --sort takes.
var RunOrders = []RunOrder{ByTokens, ByCost, ByTools, ByEvents, ByErrors}

// RunFilter says which runs zsj runs lists; its zero value keeps all.
type RunFilter struct {
	Statuses     []Status // any of these; nil for all
	Models       []string // model or apiModel is one of these ("unknown": none known); nil for all
	Providers    []string // likewise
	Since, Until string   // YYYY-MM-DD, both included, of Run.Day; runs without a date are left out
	Tool         string   // a tool the run called (tool_call name)
}

// Keep reports whether r passes the filter.
func (f *RunFilter) Keep(r *Run) bool {
	if f.Statuses != nil && !slices.Contains(f.Statuses, r.Status) {
		return false
	}
	if f.Models != nil && !slices.Contains(f.Models, orUnknown(r.Model)) && (r.APIModel == "" || !slices.Contains(f.Models, r.APIModel)) {
		return false
	}
	if f.Providers != nil && !slices.Contains(f.Providers, orUnknown(r.Provider)) {
		return false
	}
	if f.Since != "" || f.Until != "" {
		day := r.Day()
		if day == Unknown || f.Since != "" && day < f.Since || f.Until != "" && day > f.Until {
			return false
		}
	}
	return f.Tool == "" || slices.Contains(r.Tools, f.Tool)
}

// ParseStatuses reads --status values: each may list several,
// comma-separated.
func ParseStatuses(values []string) ([]Status, error) {
	var out []Status
	for _, v := range values {
		for _, name := range strings.Split(v, ",") {
			s, ok := ParseStatus(strings.TrimSpace(name))
			if !ok {
				return nil, fmt.Errorf("--status: unknown status %q (want success, error or unfinished)", name)
			}
			out = append(out, s)
		}
	}
	return out, nil
}

// SortRunsBy sorts runs that are in the order they start by order, the
// largest first; runs that tie stay in the order they start.
func SortRunsBy(runs []*Run, order RunOrder) {
	var key func(x, y *Run) int
	switch order {
	case ByTokens:
		key = func(x, y *Run) int { return compareDecimals(x.Usage.Total, y.Usage.Total) }
	case ByCost:
		key = func(x, y *Run) int {
			return cmp.Or(compareDecimals(x.Usage.Estimated, y.Usage.Estimated), compareDecimals(x.Usage.Cost, y.Usage.Cost))
		}
	case ByTools:
		key = func(x, y *Run) int { return cmp.Compare(x.ToolCalls, y.ToolCalls) }
	case ByEvents:
		key = func(x, y *Run) int { return cmp.Compare(x.Events, y.Events) }
	case ByErrors:
		key = func(x, y *Run) int { return cmp.Compare(x.Errors, y.Errors) }
	default:
		return
	}
	slices.SortStableFunc(runs, func(x, y *Run) int { return key(y, x) })
}

func compareDecimals[S scale](x, y Decimal[S]) int {
	if x.exact == nil && y.exact == nil {
		return cmp.Compare(x.units, y.units)
	}
	return x.Rat().Cmp(y.Rat())
}
