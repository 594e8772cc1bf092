package rewrite

import (
	"bufio"
	"cmp"
	"fmt"
	"io"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/zsj-dev/zsj/internal/english"
	"github.com/zsj-dev/zsj/internal/input"
	"github.com/zsj-dev/zsj/internal/report"
	"github.com/zsj-dev/zsj/protocol"
	"github.com/zsj-dev/zsj/redact"
)

// redactOutput is everything redact prints besides the logs: the secrets
// --check finds (stdout), lines that are not JSON (stdout with --check,
// stderr otherwise), read errors and the summary (stderr). None of it
// holds a secret: matches carry a rule id, a JSON path written with
// redacted keys, and a fingerprint.
type redactOutput struct {
	c       *command
	opts    RedactOptions
	format  report.Format
	w       *bufio.Writer
	printer *report.Printer

	secrets, events, invalid int
	perRule                  map[string]int

	// accepted is --baseline (nil without): the secrets it holds are
	// counted but not listed, and do not fail --check.
	accepted *report.Baseline
	// found gathers the secrets for --write-baseline (nil without).
	found                   *report.Baseline
	reported, acceptedCount int
	baselineErr             error // writing found failed
}

func newRedactOutput(c *command, opts RedactOptions, format report.Format) *redactOutput {
	o := &redactOutput{c: c, opts: opts, format: format, perRule: map[string]int{}, accepted: opts.accepted}
	if opts.WriteBaseline != "" {
		o.found = report.NewBaseline()
	}
	var dst io.Writer = c.io.ErrOut
	colored := false
	if opts.Check {
		dst, colored = c.io.Out, c.io.ColorEnabled()
	}
	o.w = bufio.NewWriter(dst)
	o.printer = report.NewPrinter(o.w, format, colored)
	o.printer.SetTool(report.Tool{Version: opts.Version, Describe: describeLineRule})
	return o
}

// lineRules are the problems redact reports besides secrets: a line that
// is not one JSON object, by what is wrong with it.
var lineRules = map[string]string{
	protocol.RuleInvalidJSON:   "not JSON at all, or broken JSON",
	protocol.RuleNotObject:     "an array or scalar instead of an object",
	protocol.RuleTrailingData:  "a second value after the object",
	protocol.RuleInvalidUTF8:   "bytes that are not UTF-8",
	protocol.RuleTooDeep:       "nesting too deep",
	protocol.RuleDuplicateKey:  "the same key twice in one object",
	protocol.RuleTruncatedLine: "the input ends inside a JSON value",
}

// describeLineRule describes a line rule for the sarif report; secret
// rules get the report's own description.
func describeLineRule(rule string) string {
	if what, ok := lineRules[rule]; ok {
		return "A line that is not one JSON object: " + what
	}
	return ""
}

// count adds up what one line held.
func (o *redactOutput) count(res redact.LineResult) {
	for _, m := range res.Matches {
		o.perRule[m.Rule]++
	}
	o.secrets += len(res.Matches)
	if res.Invalid != nil {
		o.invalid++
	} else if res.Changed {
		o.events++
	}
}

// matchProblem carries a secret found with --check to the report
// callback, which has the file name: the fingerprint rides in Message and
// Warning marks it as a match rather than a problem with the line.
func matchProblem(num int, m redact.Match) protocol.Problem {
	return protocol.Problem{Line: num, Path: m.Path, Rule: m.Rule, Severity: protocol.Warning, Message: m.Fingerprint}
}

// invalidProblem reports a line that is not one JSON object, as validate
// does, without quoting it.
func invalidProblem(line input.Line, res redact.LineResult, opts RedactOptions) protocol.Problem {
	serr := res.Invalid
	rule, msg := serr.Rule, serr.Msg+" (at byte "+strconv.Itoa(serr.Offset+1)+")"
	if serr.EOF && len(line.EOL) == 0 {
		rule, msg = protocol.RuleTruncatedLine, truncatedLine
	}
	switch {
	case opts.DropInvalid && !opts.Check:
		msg += "; the line was dropped"
	case res.Changed && opts.Check:
		msg += "; secrets in its text would be redacted"
	case res.Changed:
		msg += "; secrets in its text were redacted"
	default:
		msg += "; no secret in its text"
	}
	return protocol.Problem{Line: line.Num, Rule: rule, Severity: protocol.Error, Message: msg}
}

// problem prints what the transform reported.
func (o *redactOutput) problem(p protocol.Problem) {
	if p.Severity == protocol.Warning {
		o.match(p)
	} else {
		o.printer.Problem(p)
		o.printer.Flush()
	}
	if !o.opts.Check {
		o.w.Flush() // stderr is unbuffered for everyone else; keep the order
	}
}

// match prints a secret found by --check, unless the baseline accepts
// it; with --write-baseline it is written down instead.
func (o *redactOutput) match(p protocol.Problem) {
	s := report.Secret{File: p.File, Line: p.Line, Path: p.Path, Rule: p.Rule, Fingerprint: p.Message}
	switch {
	case o.found != nil:
		o.found.Add(s)
	case o.accepted != nil && o.accepted.Accepts(s):
		o.acceptedCount++
	default:
		o.reported++
		o.printer.Secret(s)
		o.printer.Flush()
	}
}

// failing says whether what was found fails the run: with --check a
// secret reported (not one the baseline accepts, nor one written to a
// new baseline), and a line that is not JSON unless it was dropped.
func (o *redactOutput) failing() bool {
	return o.opts.Check && o.reported > 0 || o.invalid > 0 && !o.opts.DropInvalid
}

// close ends the report (the sarif document is written here) and, once
// every input was read, writes the baseline asked for. An input that
// could not be read leaves the baseline unwritten: it would lack that
// input's secrets.
func (o *redactOutput) close(failed int) error {
	if err := o.printer.Close(); err != nil {
		return err
	}
	if o.found != nil && failed == 0 {
		o.baselineErr = o.found.Write(o.opts.WriteBaseline)
	}
	return o.w.Flush()
}

// file reports an input that could not be read or replaced.
func (o *redactOutput) file(r FileResult) {
	if r.Err != nil {
		o.w.Flush()
		o.c.readError(r.Err)
	}
}

// summary words the counts for the last line on stderr.
func (o *redactOutput) summary(s Stats, failed int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s, %s: ", english.Count(s.Files, "file"), english.Count(s.Lines, "line"))
	switch {
	case o.opts.Check:
		fmt.Fprintf(&b, "%s to redact in %s", english.Count(o.secrets, "secret"), english.Count(o.events, "event"))
	default:
		fmt.Fprintf(&b, "%s redacted, %s changed", english.Count(o.secrets, "secret"), english.Count(o.events, "event"))
	}
	if len(o.perRule) > 0 {
		b.WriteString(" (" + o.ruleCounts() + ")")
	}
	b.WriteString(o.baselineSummary(failed))
	if o.invalid > 0 {
		what := "redacted as text"
		if o.opts.DropInvalid {
			what = "dropped"
		}
		fmt.Fprintf(&b, ", %s not JSON %s", english.Count(o.invalid, "line"), what)
	}
	if o.opts.InPlace {
		fmt.Fprintf(&b, ", %d rewritten", s.FilesChanged)
	}
	if failed > 0 {
		fmt.Fprintf(&b, ", %d failed", failed)
	}
	return b.String()
}

// ruleCounts: "sensitive-key 3, jwt 1", most found first.
func (o *redactOutput) ruleCounts() string {
	ids := slices.SortedFunc(maps.Keys(o.perRule), func(x, y string) int {
		return cmp.Or(o.perRule[y]-o.perRule[x], strings.Compare(x, y))
	})
	parts := make([]string, len(ids))
	for i, id := range ids {
		parts[i] = fmt.Sprintf("%s %d", id, o.perRule[id])
	}
	return strings.Join(parts, ", ")
}

// baselineSummary: ", 2 accepted by the baseline", with entries that
// matched nothing; or what became of the baseline being written.
func (o *redactOutput) baselineSummary(failed int) string {
	switch {
	case o.accepted != nil:
		text := fmt.Sprintf(", %d accepted by the baseline", o.acceptedCount)
		if n := o.accepted.Unused(); n > 0 {
			text += fmt.Sprintf(" (%d of its secrets not found)", n)
		}
		return text
	case o.found == nil:
		return ""
	case failed > 0 || o.baselineErr != nil:
		return ", baseline not written"
	}
	return fmt.Sprintf(", baseline of %s written to %s", english.Count(o.found.Len(), "secret"), o.opts.WriteBaseline)
}
