package report

import (
	"encoding/json"
	"io"
	"net/url"
	"path/filepath"
	"slices"
	"strings"

	"github.com/zsj-dev/zsj/protocol"
)

// The SARIF 2.1.0 document (OASIS standard; the field names and the
// required ones are the schema's, sarif-schema-2.1.0.json). Only what
// zsj fills in is declared; empty optional fields are left out.
type (
	sarifDoc struct {
		Schema  string     `json:"$schema"`
		Version string     `json:"version"`
		Runs    []sarifRun `json:"runs"`
	}
	sarifRun struct {
		Tool    sarifTool     `json:"tool"`
		Results []sarifResult `json:"results"`
	}
	sarifTool struct {
		Driver sarifDriver `json:"driver"`
	}
	sarifDriver struct {
		Name    string      `json:"name"`
		Version string      `json:"version,omitempty"`
		Rules   []sarifRule `json:"rules"`
	}
	sarifRule struct {
		ID               string        `json:"id"`
		ShortDescription sarifMessage  `json:"shortDescription"`
		Properties       *sarifRuleTag `json:"properties,omitempty"`
	}
	sarifRuleTag struct {
		Tags []string `json:"tags"`
	}
	sarifMessage struct {
		Text string `json:"text"`
	}
	sarifResult struct {
		RuleID              string            `json:"ruleId"`
		RuleIndex           int               `json:"ruleIndex"`
		Level               string            `json:"level"`
		Message             sarifMessage      `json:"message"`
		Locations           []sarifLocation   `json:"locations"`
		PartialFingerprints map[string]string `json:"partialFingerprints,omitempty"`
	}
	sarifLocation struct {
		PhysicalLocation sarifPhysical `json:"physicalLocation"`
	}
	sarifPhysical struct {
		ArtifactLocation sarifArtifact `json:"artifactLocation"`
		Region           *sarifRegion  `json:"region,omitempty"`
	}
	sarifArtifact struct {
		URI string `json:"uri"`
	}
	sarifRegion struct {
		StartLine int `json:"startLine"`
	}
)

const (
	sarifSchema  = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
	sarifVersion = "2.1.0"
	toolName     = "zsj"
	// secretFingerprintKey names the secret's fingerprint among a
	// result's partial fingerprints; "/v1" versions how it is computed,
	// as the SARIF spec advises.
	secretFingerprintKey = "secretFingerprint/v1"
)

// sarifLog gathers the results until the document is written.
type sarifLog struct {
	tool     Tool
	results  []sarifResult
	isSecret map[string]bool // per rule id seen: it matched a secret
}

func newSARIFLog() *sarifLog { return &sarifLog{isSecret: map[string]bool{}} }

// problem adds a problem with a line as a result.
func (l *sarifLog) problem(pr protocol.Problem) {
	msg := pr.Message
	if where := strings.TrimSpace(pr.Type + " " + pr.Path); where != "" {
		msg += " (" + where + ")"
	}
	level := "error"
	if pr.Severity == protocol.Warning {
		level = "warning"
	}
	if _, seen := l.isSecret[pr.Rule]; !seen {
		l.isSecret[pr.Rule] = false
	}
	l.results = append(l.results, sarifResult{
		RuleID: pr.Rule, Level: level, Message: sarifMessage{msg},
		Locations: location(pr.File, pr.Line),
	})
}

// secret adds a secret found as a result. The message names the rule,
// the JSON path and the fingerprint, never the secret.
func (l *sarifLog) secret(s Secret) {
	msg := "A secret matches redaction rule " + s.Rule
	if s.Path != "" {
		msg += " at " + s.Path
	}
	msg += " (fingerprint " + s.Fingerprint + ")."
	l.isSecret[s.Rule] = true
	l.results = append(l.results, sarifResult{
		RuleID: s.Rule, Level: "error", Message: sarifMessage{msg},
		Locations:           location(s.File, s.Line),
		PartialFingerprints: map[string]string{secretFingerprintKey: s.Fingerprint},
	})
}

// location is a result's place: the file as it was named, as a URI
// reference, and the line (none when 0, a problem with the whole file).
func location(file string, line int) []sarifLocation {
	loc := sarifLocation{PhysicalLocation: sarifPhysical{ArtifactLocation: sarifArtifact{fileURI(file)}}}
	if line > 0 {
		loc.PhysicalLocation.Region = &sarifRegion{StartLine: line}
	}
	return []sarifLocation{loc}
}

// fileURI writes a file name as a URI reference: relative names stay
// relative (code scanning resolves them against the checkout), absolute
// ones become file: URIs, and characters a URI cannot hold are escaped.
func fileURI(name string) string {
	slashed := filepath.ToSlash(name)
	if !filepath.IsAbs(name) {
		return (&url.URL{Path: slashed}).String()
	}
	if !strings.HasPrefix(slashed, "/") {
		slashed = "/" + slashed // C:/x -> /C:/x
	}
	return (&url.URL{Scheme: "file", Path: slashed}).String()
}

// write writes the document: one run, the rules that fired sorted by id,
// and the results in the order they were found.
func (l *sarifLog) write(w io.Writer) error {
	ids := make([]string, 0, len(l.isSecret))
	for id := range l.isSecret {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	index := make(map[string]int, len(ids))
	rules := make([]sarifRule, len(ids))
	for i, id := range ids {
		index[id] = i
		rules[i] = l.rule(id)
	}
	results := l.results
	if results == nil {
		results = []sarifResult{} // "results": [] says the run found nothing
	}
	for i := range results {
		results[i].RuleIndex = index[results[i].RuleID]
	}
	doc := sarifDoc{Schema: sarifSchema, Version: sarifVersion, Runs: []sarifRun{{
		Tool:    sarifTool{sarifDriver{Name: toolName, Version: l.tool.Version, Rules: rules}},
		Results: results,
	}}}
	b, err := json.MarshalIndent(doc, "", "  ")
	if err != nil {
		return err
	}
	_, err = w.Write(append(b, '\n'))
	return err
}

// rule describes a rule that fired. Secret rules are tagged "security"
// so that code scanning files their results as security alerts.
func (l *sarifLog) rule(id string) sarifRule {
	r := sarifRule{ID: id}
	desc := ""
	if l.tool.Describe != nil {
		desc = l.tool.Describe(id)
	}
	switch {
	case l.isSecret[id]:
		r.Properties = &sarifRuleTag{Tags: []string{"security", "secret"}}
		if desc == "" {
			desc = "A secret matched by the redaction rule " + id
		}
	case desc == "":
		desc = "A problem found by the check " + id
	}
	r.ShortDescription = sarifMessage{desc}
	return r
}
