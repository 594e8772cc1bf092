package report

import (
	"fmt"

	"github.com/zsj-dev/zsj/protocol"
)

// Secret is a secret found in a log, as reported: where it is, the rule
// that matched and the secret's fingerprint. It never holds the secret.
type Secret struct {
	File string
	Line int
	// Path is the JSON path of the string or member, "" on a line that
	// is not JSON.
	Path        string
	Rule        string
	Fingerprint string
}

// Secret prints one secret found.
//
//	text:   file:line: rule at $.path (fingerprint 1a2b3c4d)
//	json:   {"file":...,"line":...,"path":...,"rule":...,"fingerprint":...}
//	github: an error annotation on the line
//	sarif:  a result whose partial fingerprint is the secret's, so that
//	        code scanning sees the same secret as the same alert
func (p *Printer) Secret(s Secret) error {
	switch p.format {
	case JSON:
		return p.writeJSON(struct {
			File        string `json:"file"`
			Line        int    `json:"line"`
			Path        string `json:"path,omitempty"`
			Rule        string `json:"rule"`
			Fingerprint string `json:"fingerprint"`
		}{s.File, s.Line, s.Path, s.Rule, s.Fingerprint})
	case GitHub:
		return p.github(protocol.Problem{
			File: s.File, Line: s.Line, Path: s.Path, Rule: s.Rule, Severity: protocol.Error,
			Message: "a secret matches redaction rule " + s.Rule + " (fingerprint " + s.Fingerprint + ")",
		})
	case SARIF:
		p.sarif.secret(s)
		return nil
	}
	where := ""
	if s.Path != "" {
		where = " at " + s.Path
	}
	_, err := fmt.Fprintf(p.w, "%s:%d: %s%s (fingerprint %s)\n", s.File, s.Line, s.Rule, where, s.Fingerprint)
	return err
}
