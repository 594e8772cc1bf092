package usage

import (
	"time"
)

// Status is how a run ended.
type Status uint8

// The outcomes of a run.
const (
	Unfinished Status = iota // no run_end: still running, log truncated or producer killed
	Success
	Failed // run_end with status "error"
)

var statusNames = [...]string{"unfinished", "success", "error"}

func (s Status) String() string { return statusNames[s] }

// ParseStatus reads a status name as String writes it.
func ParseStatus(name string) (Status, bool) {
	for i, n := range statusNames {
		if n == name {
			return Status(i), true
		}
	}
	return 0, false
}

// Usage is what a run's usage events add up to (or, for producers whose
// usage events are running totals, what its last one says).
type Usage struct {
	Events     int64 // usage events
	Prompt     Tokens
	Completion Tokens
	Total      Tokens // totalTokens, or prompt + completion when an event has none
	Cached     Tokens // cachedInputTokens
	CacheWrite Tokens
	Reasoning  Tokens
	Cost       USD   // costUsd as reported
	Estimated  USD   // every event's tokens at the prices of its run's model
	Unpriced   int64 // events left out of Estimated: their model has no price
}

// Add adds o to u.
func (u *Usage) Add(o *Usage) {
	u.Events += o.Events
	u.Prompt.Add(o.Prompt)
	u.Completion.Add(o.Completion)
	u.Total.Add(o.Total)
	u.Cached.Add(o.Cached)
	u.CacheWrite.Add(o.CacheWrite)
	u.Reasoning.Add(o.Reasoning)
	u.Cost.Add(o.Cost)
	u.Estimated.Add(o.Estimated)
	u.Unpriced += o.Unpriced
}

// Run is one run as found in one file: the events of one runId from its
// run_start (or first event) to its run_end (or the end of the file).
type Run struct {
	ID       string
	File     string // where it was found
	Line     int    // its first line in File
	Session  string // from run_start; "" when unknown
	Model    string
	APIModel string
	Provider string
	Cwd      string
	Started  bool // a run_start was seen

	Status   Status
	ExitCode int64 // run_end's exitCode; -1 before run_end

	Events    int64    // lines of the run
	ToolCalls int64    // tool_call events
	Denied    int64    // permissions denied: decisions not granted, and headless denials
	Blocks    int64    // tool results blocked by the sandbox (carrying block or violation)
	ErrorCode string   // the code of the error that ended the run, else of its last error
	Errors    int64    // error events
	Tools     []string // the tools called (tool_call names), each once, in the order first called
	Final     bool     // a final event was seen

	Usage Usage

	// Hash fingerprints the run's lines (see identity.go); two runs with
	// the same ID and Hash are the same run.
	Hash uint64

	order int // the collector's running number, to sort runs as found
}

// Unknown is how a missing key value (no run_start, no sessionId, no
// date in the ids) is shown and grouped.
const Unknown = "unknown"

// Day is the date the run's id, or else its session id, carries:
// run_YYYYMMDD_... or zero_YYYYMMDDhhmmss_..., as Zero names them. It is
// "unknown" for ids of other shapes: the events themselves carry no time.
func (r *Run) Day() string {
	if d, ok := stampDay(r.ID, "run_", 8); ok {
		return d
	}
	if d, ok := stampDay(r.Session, "zero_", 14); ok {
		return d
	}
	return Unknown
}

// stampDay reads prefix + digits digits + "_" where the first eight digits
// are a calendar date, and returns the date as YYYY-MM-DD.
func stampDay(id, prefix string, digits int) (string, bool) {
	n := len(prefix) + digits
	if len(id) <= n || id[:len(prefix)] != prefix || id[n] != '_' {
		return "", false
	}
	for _, c := range id[len(prefix):n] {
		if c < '0' || c > '9' {
			return "", false
		}
	}
	t, err := time.Parse("20060102", id[len(prefix):len(prefix)+8])
	if err != nil {
		return "", false
	}
	if digits == 14 {
		if _, err := time.Parse("150405", id[len(prefix)+8:n]); err != nil {
			return "", false
		}
	}
	return t.Format(time.DateOnly), true
}

func orUnknown(s string) string {
	if s == "" {
		return Unknown
	}
	return s
}
