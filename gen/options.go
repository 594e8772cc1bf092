// Package gen writes synthetic Zero stream-json logs: valid runs of every
// event type for tests and benchmarks, and on request planted credentials
// (for redaction tests) and planted faults (for validator tests). The same
// Options and seed always give the same bytes.
//
// It is not a fixture recorder: nothing it writes came from Zero (zsj
// record saves real sessions), and it never reads a log.
package gen

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// Profile sets the shape of the generated runs.
type Profile string

// The profiles.
const (
	// OutputHeavy runs are dominated by tool outputs of a few KB to ~1 MB.
	OutputHeavy Profile = "output-heavy"
	// Chatty runs are dominated by many short text and reasoning deltas.
	Chatty Profile = "chatty"
	// Mixed is in between, and sometimes interleaves two runs.
	Mixed Profile = "mixed"
	// Realistic runs show real files of a content tree (Options.Content):
	// tool outputs are those files and grep, find and test runs over them,
	// and text is their comments and docs.
	Realistic Profile = "realistic"
)

// Profiles lists the synthetic profiles: the ones that need no content
// tree, so any Options of theirs can be written anywhere.
var Profiles = []Profile{OutputHeavy, Chatty, Mixed}

// AllProfiles lists every accepted profile.
var AllProfiles = []Profile{OutputHeavy, Chatty, Mixed, Realistic}

// DefaultRuns is the number of runs written when neither Runs nor Size is set.
const DefaultRuns = 10

// Options say what to generate. The zero value writes DefaultRuns mixed
// runs of schema version 2 with seed 0.
type Options struct {
	Runs int   // runs to write; ignored when Size is set
	Size int64 // when > 0, write runs until at least this many bytes are out
	Seed int64

	SchemaVersion int     // 1 or 2; 0 means 2
	Profile       Profile // "" means Mixed

	// Content is the directory whose files the Realistic profile shows
	// (Command defaults it to the Go toolchain's GOROOT). The output is
	// the same for the same seed and the same tree at the same path.
	Content string
	// HasSecret, when set, reports whether a log line holds a string that
	// the redaction rules match. Realistic content for which it is true is
	// left out, so that the log passes a validator that searches for
	// secrets; planted secrets (Secrets) are not checked.
	HasSecret func(line []byte) bool
	// OnContent, when set, is called once the content tree is indexed,
	// with its absolute path and the number of files that may be shown.
	OnContent func(root string, files int)

	// Input writes input events (message, prompt) instead of output events.
	Input bool

	// Secrets plants fake credentials in strings. OnSecret, when set, is
	// called with each planted value as it reads once the JSON string is
	// decoded, so a test can check that none survives redaction.
	Secrets  bool
	OnSecret func(value string)

	// Faults plants one invalid line or broken run in each run. OnFault,
	// when set, is called with the 1-based output line at which a validator
	// should report each fault, and the rule code it should report (the
	// constants of package protocol); calls are not in line order when
	// runs are interleaved.
	Faults  bool
	OnFault func(line int, rule string)
}

func (o Options) normalized() (Options, error) {
	if o.SchemaVersion == 0 {
		o.SchemaVersion = 2
	}
	if o.SchemaVersion != 1 && o.SchemaVersion != 2 {
		return o, fmt.Errorf("schema version must be 1 or 2, not %d", o.SchemaVersion)
	}
	if o.Profile == "" {
		o.Profile = Mixed
	}
	if _, ok := profiles[o.Profile]; !ok {
		return o, fmt.Errorf("unknown profile %q (want output-heavy, chatty, mixed or realistic)", o.Profile)
	}
	if o.Profile == Realistic && o.Content == "" && !o.Input {
		return o, errors.New("the realistic profile needs a content directory")
	}
	if o.Runs < 0 || o.Size < 0 {
		return o, errors.New("runs and size must not be negative")
	}
	if o.Runs == 0 && o.Size == 0 {
		o.Runs = DefaultRuns
	}
	if o.Input && o.Faults {
		return o, errors.New("faults are planted in output events only")
	}
	return o, nil
}

// sizeUnits maps a unit, lowercased, to its multiplier. KB/MB/GB are
// decimal and KiB/MiB/GiB binary; a bare K/M/G is binary, as in dd and head.
var sizeUnits = []struct {
	unit string
	mult float64
}{
	{"kib", 1 << 10}, {"mib", 1 << 20}, {"gib", 1 << 30}, {"tib", 1 << 40},
	{"kb", 1e3}, {"mb", 1e6}, {"gb", 1e9}, {"tb", 1e12},
	{"k", 1 << 10}, {"m", 1 << 20}, {"g", 1 << 30}, {"t", 1 << 40},
	{"b", 1},
}

// ParseSize reads a byte count such as 500MB, 2GiB, 1.5G or 4096.
func ParseSize(s string) (int64, error) {
	num := strings.TrimSpace(s)
	mult := 1.0
	lower := strings.ToLower(num)
	for _, u := range sizeUnits {
		if strings.HasSuffix(lower, u.unit) {
			num, mult = strings.TrimSpace(num[:len(num)-len(u.unit)]), u.mult
			break
		}
	}
	f, err := strconv.ParseFloat(num, 64)
	if err != nil || f < 0 || f*mult > 1<<62 || num == "" || strings.ContainsAny(num, "nNxX") { // no NaN, Inf or hex
		return 0, fmt.Errorf("invalid size %q (want a byte count such as 500MB, 2GiB or 4096)", s)
	}
	return int64(f * mult), nil
}
