// Package report prints the problems zsj finds in one of the formats users
// pick with --format: text for people, json for programs, github for
// annotations on a pull request, sarif for code-scanning uploads. It also
// keeps baselines: the secrets a user has accepted, by fingerprint.
//
// It prints problems, not logs: what a command writes as its result (events,
// reports of usage) is the business of the packages that make it.
package report

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/fatih/color"

	"github.com/zsj-dev/zsj/internal/buildinfo"
	"github.com/zsj-dev/zsj/internal/english"
	"github.com/zsj-dev/zsj/protocol"
)

// Format is a --format value.
type Format string

// The output formats.
const (
	Text   Format = "text"
	JSON   Format = "json"
	GitHub Format = "github"
	// SARIF is one SARIF 2.1.0 document, written by Close: code scanning
	// (GitHub's among others) takes it as an upload.
	SARIF Format = "sarif"
)

// Formats lists the --format values.
var Formats = []Format{Text, JSON, GitHub, SARIF}

// ParseFormat checks a --format value.
func ParseFormat(s string) (Format, error) { return english.Choose("--format", s, Formats) }

// Printer writes problems and, for json, the closing summary. Call Close
// at the end: sarif output is one document, written then.
type Printer struct {
	format Format
	w      *bufio.Writer
	color  bool
	sarif  *sarifLog // the results so far, for the sarif format
}

// NewPrinter prints to w; colored applies to the text format only.
func NewPrinter(w io.Writer, format Format, colored bool) *Printer {
	p := &Printer{format: format, w: bufio.NewWriter(w), color: colored}
	if format == SARIF {
		p.sarif = newSARIFLog()
		p.sarif.tool.Version = buildinfo.Version("")
	}
	return p
}

// Tool describes the program for the formats that name it (sarif).
type Tool struct {
	Version string // the version of zsj, as `zsj --version` words it
	// Describe, when set, gives the one-line description of a rule;
	// "" or a nil Describe falls back to a generic one.
	Describe func(rule string) string
}

// SetTool describes the program in the sarif document. Without it, the
// version is the one the build recorded (no -ldflags override).
func (p *Printer) SetTool(t Tool) {
	if p.sarif == nil {
		return
	}
	if t.Version == "" {
		t.Version = p.sarif.tool.Version
	}
	p.sarif.tool = t
}

var (
	errorColor   = color.New(color.FgRed, color.Bold)
	warningColor = color.New(color.FgYellow, color.Bold)
	dimColor     = color.New(color.Faint)
	boldColor    = color.New(color.Bold)
)

// Problem prints one problem.
func (p *Printer) Problem(pr protocol.Problem) error {
	switch p.format {
	case JSON:
		return p.json(pr)
	case GitHub:
		return p.github(pr)
	case SARIF:
		p.sarif.problem(pr)
		return nil
	}
	return p.text(pr)
}

func (p *Printer) paint(c *color.Color, s string) string {
	if !p.color {
		return s
	}
	return c.Sprint(s)
}

// text: file:line: error: message [rule-code] (type $.path)
func (p *Printer) text(pr protocol.Problem) error {
	sev := pr.Severity.String()
	sevColor := errorColor
	if pr.Severity == protocol.Warning {
		sevColor = warningColor
	}
	var b strings.Builder
	b.WriteString(p.paint(boldColor, fmt.Sprintf("%s:%d:", pr.File, pr.Line)))
	b.WriteString(" ")
	b.WriteString(p.paint(sevColor, sev+":"))
	b.WriteString(" ")
	b.WriteString(pr.Message)
	b.WriteString(" ")
	b.WriteString(p.paint(dimColor, "["+pr.Rule+"]"))
	if where := strings.TrimSpace(pr.Type + " " + pr.Path); where != "" {
		b.WriteString(" ")
		b.WriteString(p.paint(dimColor, "("+where+")"))
	}
	b.WriteByte('\n')
	_, err := p.w.WriteString(b.String())
	return err
}

type jsonProblem struct {
	File     string `json:"file"`
	Line     int    `json:"line"`
	Type     string `json:"type,omitempty"`
	Path     string `json:"path,omitempty"`
	Rule     string `json:"rule"`
	Severity string `json:"severity"`
	Message  string `json:"message"`
}

func (p *Printer) json(pr protocol.Problem) error {
	return p.writeJSON(jsonProblem{pr.File, pr.Line, pr.Type, pr.Path, pr.Rule, pr.Severity.String(), pr.Message})
}

func (p *Printer) writeJSON(v any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	b = append(b, '\n')
	_, err = p.w.Write(b)
	return err
}

// github prints a workflow command, which the Actions runner turns into an
// annotation on the file and line.
func (p *Printer) github(pr protocol.Problem) error {
	level := "error"
	if pr.Severity == protocol.Warning {
		level = "warning"
	}
	msg := pr.Message
	if where := strings.TrimSpace(pr.Type + " " + pr.Path); where != "" {
		msg += " (" + where + ")"
	}
	_, err := fmt.Fprintf(p.w, "::%s file=%s,line=%d,title=%s::%s\n",
		level, escapeProperty(pr.File), pr.Line, escapeProperty(pr.Rule), escapeData(msg))
	return err
}

var (
	dataEscaper     = strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A")
	propertyEscaper = strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C")
)

func escapeData(s string) string     { return dataEscaper.Replace(s) }
func escapeProperty(s string) string { return propertyEscaper.Replace(s) }

// Note prints a line that is not a problem (such as how many problems of
// a file were not shown) in text format; other formats skip it.
func (p *Printer) Note(msg string) error {
	if p.format != Text {
		return nil
	}
	_, err := p.w.WriteString(p.paint(dimColor, msg) + "\n")
	return err
}

// Summary is what validate counted.
type Summary struct {
	Files      int `json:"files"`
	Lines      int `json:"lines"`
	Events     int `json:"events"`
	Runs       int `json:"runs"`
	Errors     int `json:"errors"`
	Warnings   int `json:"warnings"`
	Unreadable int `json:"unreadable"`
}

// Summary ends json output with {"summary": {...}}; other formats print
// nothing here (their summary goes to stderr).
func (p *Printer) Summary(s Summary) error {
	if p.format != JSON {
		return nil
	}
	return p.writeJSON(struct {
		Summary Summary `json:"summary"`
	}{s})
}

// Flush writes out what is buffered. The sarif document waits for Close.
func (p *Printer) Flush() error { return p.w.Flush() }

// Close ends the report: for sarif it writes the document (a valid one
// with no results when nothing was found), then it flushes. The Printer
// must not be used after.
func (p *Printer) Close() error {
	if p.sarif != nil {
		if err := p.sarif.write(p.w); err != nil {
			return err
		}
	}
	return p.w.Flush()
}

// Line words the summary for stderr.
func (s Summary) Line() string {
	text := fmt.Sprintf("%s, %s, %s, %s: %s, %s",
		english.Count(s.Files, "file"), english.Count(s.Lines, "line"), english.Count(s.Events, "event"), english.Count(s.Runs, "run"),
		english.Count(s.Errors, "error"), english.Count(s.Warnings, "warning"))
	if s.Unreadable > 0 {
		text += fmt.Sprintf(", %d unreadable", s.Unreadable)
	}
	return text
}
