package replay

import (
	"fmt"
	"io"
	"strings"

	"github.com/zsj-dev/zsj/internal/english"
	"github.com/zsj-dev/zsj/internal/input"
)

// Unreached returns the faults pinned to an event past the last of a
// fixture of events events: they would never happen, and a client tested
// against them would see a normal end and pass for the wrong reason.
func Unreached(faults []Fault, events int) []Fault {
	var out []Fault
	for _, f := range faults {
		if f.N > events {
			out = append(out, f)
		}
	}
	return out
}

// CountEvents counts the events (non-blank lines) of the fixture at path,
// a cheap pass that lets replay refuse an unreachable fault before it
// plays anything.
func CountEvents(path string) (int, error) {
	s, err := OpenFixture(path)
	if err != nil {
		return 0, err
	}
	defer s.Close()
	r := s.Lines()
	events := 0
	var line input.Line
	for {
		err := r.NextInto(&line)
		if err == io.EOF {
			return events, nil
		}
		if err != nil {
			return 0, err
		}
		if !line.Blank() {
			events++
		}
	}
}

// unreachedError words the faults that a fixture of events events never
// reaches, each named as it was given to --fault.
func unreachedError(given []string, events int) error {
	verb := "is"
	if len(given) > 1 {
		verb = "are"
	}
	return fmt.Errorf("--fault %s %s never reached: the fixture has %s",
		strings.Join(given, ", --fault "), verb, english.Count(events, "event"))
}
