package protocol

import "strconv"

// Stats counts what a validator has seen.
type Stats struct {
	Lines    int // every line, blank ones included
	Events   int // lines that hold a JSON object
	Runs     int
	Errors   int
	Warnings int
}

// Add sums two counts.
func (s *Stats) Add(o Stats) {
	s.Lines += o.Lines
	s.Events += o.Events
	s.Runs += o.Runs
	s.Errors += o.Errors
	s.Warnings += o.Warnings
}

// FileValidator checks one file's lines in order: each event on its own,
// then the checks across lines of section 4. Problems go to report as they
// are found, in line order, except unfinished runs, which End reports.
type FileValidator struct {
	file   string
	opts   Options
	report func(Problem)
	stats  Stats

	lines   *LineChecker // for Line; Apply takes lines checked elsewhere
	checked Checked

	line        int
	typeName    string // the current event's type, for problems
	fileVersion int    // the first event's version, or opts.SchemaVersion
	kindKnown   bool
	inputFile   bool
	runs        runChecker
}

// NewFileValidator starts checking a file called name (used in problems).
func NewFileValidator(name string, opts Options, report func(Problem)) *FileValidator {
	v := &FileValidator{file: name, opts: opts, report: report, fileVersion: opts.SchemaVersion}
	v.runs = runChecker{emit: v.emitAt}
	return v
}

// BOM notes that the file started with a UTF-8 byte order mark.
func (v *FileValidator) BOM() {
	v.emitAt(1, "", RuleBOM, "", "the file starts with a UTF-8 byte order mark")
}

// Line checks the line numbered num (text without its line end). noEOL is
// true when the input ended without a newline after it: a JSON value cut
// short there means the file was truncated.
func (v *FileValidator) Line(num int, text []byte, noEOL bool) {
	if v.lines == nil {
		v.lines = NewLineChecker(v.opts)
	}
	v.lines.Check(text, noEOL, &v.checked)
	v.Apply(num, &v.checked)
}

// Apply takes line num, checked on its own by a LineChecker made with the
// same options, and applies the checks across lines. Lines must be applied
// in order.
func (v *FileValidator) Apply(num int, c *Checked) {
	v.stats.Lines++
	v.line = num
	v.typeName = c.typeName
	for _, p := range c.problems {
		v.emit(p.rule, p.path, p.msg)
	}
	if !c.object {
		return
	}
	v.stats.Events++
	info := &c.info
	v.checkVersionAgainstFile(info)
	v.checkKind(info)
	if v.opts.NoRunChecks || v.inputFile || (info.spec != nil && info.spec.input) || info.runID == nil {
		return
	}
	v.runs.event(num, v.typeName, info)
	v.stats.Runs = v.runs.count
}

// End finishes the file: runs that never ended are reported.
func (v *FileValidator) End() {
	if !v.opts.NoRunChecks {
		v.runs.end()
	}
}

// Stats returns the counts so far.
func (v *FileValidator) Stats() Stats { return v.stats }

func (v *FileValidator) checkVersionAgainstFile(info *eventInfo) {
	if info.version == 0 {
		return
	}
	switch {
	case v.opts.SchemaVersion != 0 && info.version != v.opts.SchemaVersion:
		v.emit(RuleVersionMismatch, "$.schemaVersion", "schemaVersion is "+strconv.Itoa(info.version)+", expected "+strconv.Itoa(v.opts.SchemaVersion)+" (--schema-version)")
	case v.fileVersion == 0:
		v.fileVersion = info.version
	case info.version != v.fileVersion:
		v.emit(RuleMixedVersions, "$.schemaVersion", "schemaVersion is "+strconv.Itoa(info.version)+" but the file's first event has "+strconv.Itoa(v.fileVersion))
	}
}

// checkKind: the first event with a known type decides whether the file
// holds input events or output events; the other kind is then an error.
func (v *FileValidator) checkKind(info *eventInfo) {
	if info.spec == nil {
		return
	}
	if !v.kindKnown {
		v.kindKnown, v.inputFile = true, info.spec.input
		return
	}
	if info.spec.input != v.inputFile {
		if v.inputFile {
			v.emit(RuleMixedKinds, "$.type", "an output event in a file of input events")
		} else {
			v.emit(RuleMixedKinds, "$.type", "an input event in a file of output events")
		}
	}
}

// emit reports a problem at the current line.
func (v *FileValidator) emit(rule, path, msg string) {
	v.emitAt(v.line, v.typeName, rule, path, msg)
}

func (v *FileValidator) emitAt(line int, typ, rule, path, msg string) {
	sev := severityOf(rule)
	switch {
	case v.opts.Lenient && (rule == RuleUnknownField || rule == RuleUnknownType):
		sev = Warning
	case v.opts.Strict:
		sev = Error
	}
	if sev == Error {
		v.stats.Errors++
	} else {
		v.stats.Warnings++
	}
	v.report(Problem{File: v.file, Line: line, Type: typ, Path: path, Rule: rule, Severity: sev, Message: msg})
}

var ruleSeverity = func() map[string]Severity {
	m := make(map[string]Severity, len(Rules))
	for _, r := range Rules {
		m[r.Code] = r.Severity
	}
	return m
}()

func severityOf(rule string) Severity { return ruleSeverity[rule] }

// ValidateEvent checks one line on its own: the rules of sections 1-3,
// without the checks across lines. Used for single-event checks and by
// the schema conformance test.
func ValidateEvent(line []byte, opts Options) []Problem {
	var problems []Problem
	opts.NoRunChecks = true
	v := NewFileValidator("", opts, func(p Problem) { problems = append(problems, p) })
	v.Line(1, line, false)
	return problems
}
