package rewrite

import (
	"errors"
	"fmt"

	"github.com/zsj-dev/zsj/internal/report"
)

// ReportOptions are the choices of zsj redact about what --check reports
// beyond the format.
type ReportOptions struct {
	// Baseline is a file of accepted secrets (see report.Baseline) that
	// --check counts but does not list or fail on. Redaction itself
	// replaces them as any other: a baseline says a finding is known,
	// not that the value may be shared.
	Baseline string
	// WriteBaseline is the file the secrets found are written to, as a
	// baseline; it implies Check, and secrets found do not fail the run.
	WriteBaseline string
	// Version is zsj's version, for the reports that name the tool.
	Version string

	accepted *report.Baseline // Baseline once read
}

// validate rejects what a baseline cannot be used with.
func (o *RedactOptions) validateReport() error {
	switch {
	case o.WriteBaseline != "" && o.Writes():
		return errors.New("--write-baseline writes no log: it cannot be used with -i or -o")
	case o.WriteBaseline != "" && o.Baseline != "":
		return errors.New("--baseline and --write-baseline cannot be used together (--write-baseline writes every secret found)")
	case o.Baseline != "" && !o.Check:
		return errors.New("--baseline needs --check: a baseline changes what is reported, not what is redacted")
	}
	return nil
}

// readBaseline reads --baseline, if given, for the output to use.
func (o *RedactOptions) readBaseline() error {
	if o.Baseline == "" {
		return nil
	}
	b, err := report.ReadBaseline(o.Baseline)
	if err != nil {
		return fmt.Errorf("--baseline: %w", err)
	}
	o.accepted = b
	return nil
}
