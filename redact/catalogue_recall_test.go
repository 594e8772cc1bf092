package redact

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/zsj-dev/zsj/protocol"
)

var recallReportFile = flag.String("recall-report", "", "write the catalogue recall figures, as Markdown, to `file`")

// What the default rules must achieve on the catalogue's own samples.
const (
	minRecall = 0.95 // of true samples, secret fully replaced
	maxFPRate = 0.05 // of false samples the catalogue does not flag, changed at all
)

// Why a true sample was not fully replaced.
const (
	whyNoRule     = "no rule"       // no rule has its id (or "gitleaks-" + it); alone, the sample is missed too
	whyRuleMisses = "rule misses"   // the rule is there; alone, the sample is missed too
	whyPartial    = "partial"       // some bytes of the secret are left
	whyPlacement  = "placement"     // alone, the sample is replaced; here it is not
	whyViolation  = "changed other" // the line changed outside the sample, or broke
)

// placementTally counts what happened to the samples of one placement.
type placementTally struct {
	trues, replaced, partial   int
	falses, changed            int
	invalid, outside, unstable int
	// The yardstick: samples that gitleaks' whole default configuration
	// finds alone (true) or flags (false), and of those true ones, how
	// many were replaced here.
	gitleaksFound, replacedFound, gitleaksFlagged int
	// Of the false samples the catalogue does not flag, how many were
	// changed: the false-positive rate the threshold holds.
	changedUnflagged int
}

// ruleTally counts, per placement, one rule's samples.
type ruleTally struct {
	id            string
	trues, falses []int          // per placement
	missed, fps   []int          // per placement
	why           map[string]int // over placements
	firedOnFalse  map[string]int // rule ids that changed its false samples
	shape         string         // of a missed secret, in classes only
}

// violation is a redacted run that broke a rule other than recall.
type violation struct {
	rule, placement, kind string
	sample                int
	truth                 bool
}

type recallCheck struct {
	// x redacts the runs, again redacts its output as a second pass
	// would (a redactor may carry a window from one delta of a run to the
	// next, so each pass has its own), bare redacts samples alone.
	x, again, bare *Redactor
	repl           string
	ids            map[string]bool
	run            int
	total          []placementTally
	rules          []*ruleTally
	violations     []violation
	pathOnly       []string // rules whose true samples are left out, with their count
}

// TestCatalogueRecall redacts, with the default rules, every sample of the
// pinned gitleaks catalogue in each placement, and holds the result to
// the thresholds: recall, false samples changed, and no run broken (see
// redactPlaced). The figures go to the test log, and with -recall-report
// to a Markdown file, with the reason of each miss.
//
// The false-positive rate is held over the false samples that gitleaks'
// whole default catalogue does not flag: a sample one rule keeps as a
// near miss is often a true key of another (a false sample of
// cloudflare-api-key is a cloudflare-global-api-key), and a redactor that
// covers the catalogue must replace it. The rate over all false samples
// is printed beside it.
func TestCatalogueRecall(t *testing.T) {
	if testing.Short() {
		t.Skip("some 26,000 runs, redacted twice: not with -short")
	}
	samples := loadRecallSamples(t)
	rs, err := Compile(Config{})
	if err != nil {
		t.Fatal(err)
	}
	c := &recallCheck{x: rs.NewRedactor(), again: rs.NewRedactor(), bare: rs.NewRedactor(), repl: rs.Replacement(), ids: map[string]bool{},
		total: make([]placementTally, len(placements))}
	for _, id := range rs.RuleIDs() {
		c.ids[id] = true
	}
	for _, r := range samples.Rules {
		rt := &ruleTally{id: r.ID, trues: make([]int, len(placements)), falses: make([]int, len(placements)),
			missed: make([]int, len(placements)), fps: make([]int, len(placements)),
			why: map[string]int{}, firedOnFalse: map[string]int{}}
		c.rules = append(c.rules, rt)
		if r.PathOnly {
			c.pathOnly = append(c.pathOnly, fmt.Sprintf("%s (%d)", r.ID, len(r.True)))
			r.True = nil
		}
		for i, smp := range r.True {
			bare := c.bareReplaced(smp)
			for pi := range placements {
				c.checkTrue(rt, pi, i, smp, bare)
			}
		}
		for i, smp := range r.False {
			for pi := range placements {
				c.checkFalse(rt, pi, i, smp)
			}
		}
	}
	c.log(t, samples.Version)
	if *recallReportFile != "" {
		if err := c.writeReport(*recallReportFile, samples.Version); err != nil {
			t.Error(err)
		}
	}
	c.assert(t)
}

// checkTrue redacts a true sample placed in placement pi.
func (c *recallCheck) checkTrue(rt *ruleTally, pi, idx int, smp recallSample, bare bool) {
	tally := &c.total[pi]
	tally.trues++
	rt.trues[pi]++
	if smp.ByAllRules {
		tally.gitleaksFound++
	}
	ps, ranges, fired, ok := c.redactPlaced(rt.id, pi, idx, smp.Sample, true)
	end := ps.at + len(ps.form(smp.Sample))
	total, got := 0, 0
	for _, sec := range smp.Secrets {
		f := ps.form(secretCore(sec))
		for from := ps.at; len(f) > 0 && from+len(f) <= end; {
			i := strings.Index(ps.value[from:end], f)
			if i < 0 {
				break
			}
			total += len(f)
			got += bytesCovered(ranges, from+i, from+i+len(f))
			from += i + 1
		}
	}
	switch {
	case !ok:
		rt.missed[pi]++
		rt.why[whyViolation]++
	case total > 0 && got == total:
		tally.replaced++
		if smp.ByAllRules {
			tally.replacedFound++
		}
		return
	case got > 0:
		tally.partial++
		rt.missed[pi]++
		rt.why[whyPartial+" by "+strings.Join(fired, ",")]++
	case bare:
		rt.missed[pi]++
		rt.why[whyPlacement]++
	case c.ids[rt.id] || c.ids["gitleaks-"+rt.id]:
		rt.missed[pi]++
		rt.why[whyRuleMisses]++
	default:
		rt.missed[pi]++
		rt.why[whyNoRule]++
	}
	if rt.shape == "" && len(smp.Secrets) > 0 {
		rt.shape = shapeOf(secretCore(smp.Secrets[0]))
	}
}

// checkFalse redacts a false sample placed in placement pi.
func (c *recallCheck) checkFalse(rt *ruleTally, pi, idx int, smp recallSample) {
	tally := &c.total[pi]
	tally.falses++
	rt.falses[pi]++
	if smp.ByAllRules {
		tally.gitleaksFlagged++
	}
	_, ranges, fired, _ := c.redactPlaced(rt.id, pi, idx, smp.Sample, false)
	if len(ranges) > 0 {
		tally.changed++
		if !smp.ByAllRules {
			tally.changedUnflagged++
		}
		rt.fps[pi]++
		for _, id := range fired {
			rt.firedOnFalse[id]++
		}
	}
}

// secretCore is the secret gitleaks extracts less the delimiters that a
// rule without a secret group takes in with its match: quotes, a
// backtick, white space, a semicolon, or a \n or \r escape written out.
// Those are the text around the secret, which redaction must leave.
func secretCore(sec string) string {
	const delims = "`'\" \t\r\n;"
	core := sec
	for {
		trimmed := strings.Trim(core, delims)
		trimmed = strings.TrimSuffix(strings.TrimSuffix(trimmed, `\n`), `\r`)
		if trimmed == core {
			break
		}
		core = trimmed
	}
	if core == "" {
		return sec
	}
	return core
}

// bareReplaced reports whether the secret of a true sample is fully
// replaced when the sample is redacted alone, as plain text.
func (c *recallCheck) bareReplaced(smp recallSample) bool {
	out, _ := c.bare.RedactText([]byte(smp.Sample))
	ranges, ok := replacedRanges(smp.Sample, string(out), c.repl)
	if !ok {
		return false
	}
	for _, sec := range smp.Secrets {
		sec = secretCore(sec)
		i := strings.Index(smp.Sample, sec)
		if i < 0 || bytesCovered(ranges, i, i+len(sec)) != len(sec) {
			return false
		}
	}
	return len(smp.Secrets) > 0
}

// redactPlaced places sample in a run, redacts the run's lines twice and
// validates the result. It returns the ranges of the sample's string that
// were replaced, the rules that fired on its line, and whether everything
// else held: the log is valid, nothing changed outside the sample, and
// the second pass changed nothing (each failure is noted as a violation).
func (c *recallCheck) redactPlaced(rule string, pi, idx int, sample string, truth bool) (placedSample, []redactedRange, []string, bool) {
	ps := placements[pi].place(c.run, sample)
	c.run++
	broken := map[string]bool{}
	problems := 0
	v := protocol.NewFileValidator("recall", protocol.Options{Strict: true}, func(protocol.Problem) { problems++ })
	var ranges []redactedRange
	var fired []string
	var redacted [][]byte
	for i, line := range ps.lines {
		out, res := c.x.Line([]byte(line), nil)
		if !res.Changed {
			out = []byte(line)
		}
		if i == ps.line {
			for _, m := range res.Matches {
				if !slices.Contains(fired, m.Rule) {
					fired = append(fired, m.Rule)
				}
			}
		}
		v.Line(i+1, out, false)
		switch {
		case !res.Changed:
		case i != ps.line:
			broken[kindOtherEvent] = true
		default:
			r, inside := c.sampleRanges(ps, out, len(ps.form(sample)))
			if !inside {
				broken[kindOutside] = true
			}
			ranges = r
		}
		redacted = append(redacted, out)
	}
	for _, out := range redacted {
		if _, res := c.again.Line(out, nil); res.Changed {
			broken[kindUnstable] = true
		}
	}
	v.End()
	if problems > 0 {
		broken[kindInvalid] = true
	}
	c.noteViolations(rule, pi, idx, truth, broken)
	return ps, ranges, fired, len(broken) == 0
}

// What can break in a redacted run, besides recall.
const (
	kindInvalid    = "invalid log"
	kindOutside    = "changed outside the sample"
	kindOtherEvent = "event without the sample changed"
	kindUnstable   = "second pass changes"
)

func (c *recallCheck) noteViolations(rule string, pi, idx int, truth bool, broken map[string]bool) {
	tally := &c.total[pi]
	for _, kind := range []string{kindInvalid, kindOutside, kindOtherEvent, kindUnstable} {
		if !broken[kind] {
			continue
		}
		switch kind {
		case kindInvalid:
			tally.invalid++
		case kindUnstable:
			tally.unstable++
		default:
			tally.outside++
		}
		c.violations = append(c.violations, violation{rule: rule, placement: placements[pi].name, kind: kind, sample: idx, truth: truth})
	}
}

// sampleRanges compares the redacted event holding the sample with the
// original: it returns the replaced ranges of the sample's string, and
// whether all of them lie inside the sample (of length n) and nothing
// else in the event changed.
func (c *recallCheck) sampleRanges(ps placedSample, out []byte, n int) ([]redactedRange, bool) {
	before, err1 := decodeEvent([]byte(ps.lines[ps.line]))
	after, err2 := decodeEvent(out)
	if err1 != nil || err2 != nil {
		return nil, false
	}
	got, isString := takeField(after, ps.field).(string)
	takeField(before, ps.field)
	if !isString || !reflect.DeepEqual(before, after) {
		return nil, false
	}
	ranges, ok := replacedRanges(ps.value, got, c.repl)
	return ranges, ok && rangesInside(ranges, ps.at, ps.at+n)
}

func decodeEvent(line []byte) (map[string]any, error) {
	dec := json.NewDecoder(bytes.NewReader(line))
	dec.UseNumber()
	var m map[string]any
	err := dec.Decode(&m)
	return m, err
}

// takeField returns the value at path and blanks it, so that the rest of
// the event can be compared.
func takeField(m map[string]any, path []string) any {
	for _, k := range path[:len(path)-1] {
		next, ok := m[k].(map[string]any)
		if !ok {
			return nil
		}
		m = next
	}
	last := path[len(path)-1]
	v := m[last]
	m[last] = nil
	return v
}
