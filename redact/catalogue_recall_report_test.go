package redact

import (
	"cmp"
	"fmt"
	"maps"
	"os"
	"slices"
	"strings"
	"testing"
	"time"
)

func ratio(n, d int) float64 {
	if d == 0 {
		return 0
	}
	return float64(n) / float64(d)
}

// sum adds the tallies of every placement.
func (c *recallCheck) sum() placementTally {
	var s placementTally
	for _, t := range c.total {
		s.trues += t.trues
		s.replaced += t.replaced
		s.partial += t.partial
		s.falses += t.falses
		s.changed += t.changed
		s.invalid += t.invalid
		s.outside += t.outside
		s.unstable += t.unstable
		s.gitleaksFound += t.gitleaksFound
		s.replacedFound += t.replacedFound
		s.gitleaksFlagged += t.gitleaksFlagged
		s.changedUnflagged += t.changedUnflagged
	}
	return s
}

// worst returns the rules with missed true or changed false samples,
// most missed first.
func (c *recallCheck) worst() []*ruleTally {
	var out []*ruleTally
	for _, r := range c.rules {
		if sumOf(r.missed) > 0 || sumOf(r.fps) > 0 {
			out = append(out, r)
		}
	}
	slices.SortStableFunc(out, func(a, b *ruleTally) int {
		return cmp.Or(cmp.Compare(sumOf(b.missed), sumOf(a.missed)), cmp.Compare(sumOf(b.fps), sumOf(a.fps)))
	})
	return out
}

func sumOf(xs []int) int {
	n := 0
	for _, x := range xs {
		n += x
	}
	return n
}

// whys lists the reasons of a rule's misses, most frequent first.
func whys(m map[string]int) string {
	keys := slices.Collect(maps.Keys(m))
	slices.SortFunc(keys, func(a, b string) int { return cmp.Or(cmp.Compare(m[b], m[a]), strings.Compare(a, b)) })
	var parts []string
	for _, k := range keys {
		parts = append(parts, fmt.Sprintf("%s %d", k, m[k]))
	}
	return strings.Join(parts, "; ")
}

func tallyLine(name string, t placementTally) string {
	return fmt.Sprintf("%-15s recall %5.1f%% (%d/%d, %d partial)  false changed %5.1f%% (%d/%d), of those gitleaks does not flag %5.1f%% (%d/%d)  invalid %d  outside %d  unstable %d",
		name, 100*ratio(t.replaced, t.trues), t.replaced, t.trues, t.partial,
		100*ratio(t.changed, t.falses), t.changed, t.falses,
		100*ratio(t.changedUnflagged, t.unflagged()), t.changedUnflagged, t.unflagged(),
		t.invalid, t.outside, t.unstable)
}

// unflagged is the number of false samples that gitleaks' whole default
// catalogue does not flag: those the false-positive threshold is over.
func (t placementTally) unflagged() int { return t.falses - t.gitleaksFlagged }

// yardstick compares with gitleaks itself on the samples alone.
func yardstick(t placementTally) string {
	return fmt.Sprintf("gitleaks' whole default configuration, on each sample alone: finds %.1f%% of the true (%d/%d), flags %.1f%% of the false (%d/%d); of the true samples it finds, %.1f%% replaced here (%d/%d)",
		100*ratio(t.gitleaksFound, t.trues), t.gitleaksFound, t.trues, 100*ratio(t.gitleaksFlagged, t.falses), t.gitleaksFlagged, t.falses,
		100*ratio(t.replacedFound, t.gitleaksFound), t.replacedFound, t.gitleaksFound)
}

// log prints the figures (rule ids and counts, never a sample).
func (c *recallCheck) log(t *testing.T, version string) {
	t.Logf("gitleaks %s samples, default rules:", version)
	t.Log(tallyLine("all", c.sum()))
	t.Log(yardstick(c.sum()))
	if len(c.pathOnly) > 0 {
		t.Logf("left out, found by file path alone: the true samples of %s", strings.Join(c.pathOnly, ", "))
	}
	for i, p := range placements {
		t.Log(tallyLine(p.name, c.total[i]))
	}
	for i, r := range c.worst() {
		if i == 10 {
			break
		}
		t.Logf("worst %2d: %s missed %d/%d, false changed %d/%d (%s)", i+1, r.id,
			sumOf(r.missed), sumOf(r.trues), sumOf(r.fps), sumOf(r.falses), whys(r.why))
	}
}

// assert holds the figures to the thresholds.
func (c *recallCheck) assert(t *testing.T) {
	s := c.sum()
	if r := ratio(s.replaced, s.trues); r < minRecall {
		t.Errorf("recall %.1f%% of %d true samples, want >= %.0f%%", 100*r, s.trues, 100*minRecall)
	}
	if r := ratio(s.changedUnflagged, s.unflagged()); r > maxFPRate {
		t.Errorf("%.1f%% of %d false samples that gitleaks' catalogue does not flag changed, want <= %.0f%%", 100*r, s.unflagged(), 100*maxFPRate)
	}
	for i, v := range c.violations {
		if i == 20 {
			t.Errorf("... %d violations in all", len(c.violations))
			break
		}
		kind := "false"
		if v.truth {
			kind = "true"
		}
		t.Errorf("%s, %s sample %d of %s: %s", v.placement, kind, v.sample, v.rule, v.kind)
	}
}

// writeReport writes the figures as Markdown: totals, per placement, and
// every rule with misses or changed false samples, with the reason.
func (c *recallCheck) writeReport(name, version string) error {
	var b strings.Builder
	fmt.Fprintf(&b, "# Recall of the default rules on gitleaks %s's samples\n\n", version)
	fmt.Fprintf(&b, "Measured %s by `go test -run TestCatalogueRecall ./redact/ -args -recall-report FILE`.\n", time.Now().UTC().Format("2006-01-02 15:04 MST"))
	b.WriteString("A true sample counts as replaced when every byte of the secret gitleaks extracts from it (less the quotes, white space, `;` or written-out `\\n` its match may take in at either end) is replaced. No sample is quoted here.\n\n")
	b.WriteString(yardstick(c.sum()) + "\n\n")
	if len(c.pathOnly) > 0 {
		fmt.Fprintf(&b, "Left out: the true samples of %s, a rule that finds files by their path alone (logs have no paths).\n\n", strings.Join(c.pathOnly, ", "))
	}
	b.WriteString("The false-positive threshold is over the false samples that gitleaks' whole catalogue does not flag (`unflagged changed`); `false changed` counts all.\n\n")
	b.WriteString("| placement | recall | replaced / true | partial | false changed | changed / false | unflagged changed | changed / unflagged | invalid | outside sample | unstable |\n|---|---|---|---|---|---|---|---|---|---|---|\n")
	row := func(name string, t placementTally) {
		fmt.Fprintf(&b, "| %s | %.1f %% | %d / %d | %d | %.1f %% | %d / %d | %.1f %% | %d / %d | %d | %d | %d |\n", name,
			100*ratio(t.replaced, t.trues), t.replaced, t.trues, t.partial,
			100*ratio(t.changed, t.falses), t.changed, t.falses,
			100*ratio(t.changedUnflagged, t.unflagged()), t.changedUnflagged, t.unflagged(),
			t.invalid, t.outside, t.unstable)
	}
	row("**all**", c.sum())
	for i, p := range placements {
		row(p.name, c.total[i])
	}
	b.WriteString("\nWhy: `no rule` = no rule has the gitleaks id and the sample alone is missed too; `rule misses` = the rule is there but the sample alone is missed (regex, keyword, entropy, allowlist); `partial by X` = rule X replaced part of the secret; `placement` = the sample alone is replaced, in this placement it is not; `changed other` = a violation (see below).\n\n")
	b.WriteString("## Rules with misses or changed false samples (worst first)\n\n| rule | missed / true |")
	for _, p := range placements {
		fmt.Fprintf(&b, " %s |", p.name)
	}
	b.WriteString(" false changed | changed by | secret shape | why |\n|---|---|")
	b.WriteString(strings.Repeat("---|", len(placements)+4) + "\n")
	for _, r := range c.worst() {
		fmt.Fprintf(&b, "| %s | %d / %d |", r.id, sumOf(r.missed), sumOf(r.trues))
		for i := range placements {
			fmt.Fprintf(&b, " %d |", r.missed[i])
		}
		fired := slices.Sorted(maps.Keys(r.firedOnFalse))
		fmt.Fprintf(&b, " %d / %d | %s | %s | %s |\n", sumOf(r.fps), sumOf(r.falses), strings.Join(fired, ", "), r.shape, whys(r.why))
	}
	if len(c.violations) > 0 {
		fmt.Fprintf(&b, "\n## Violations (%d; first 100)\n\n| placement | rule | sample | kind |\n|---|---|---|---|\n", len(c.violations))
		for i, v := range c.violations {
			if i == 100 {
				break
			}
			kind := "false"
			if v.truth {
				kind = "true"
			}
			fmt.Fprintf(&b, "| %s | %s | %s %d | %s |\n", v.placement, v.rule, kind, v.sample, v.kind)
		}
	}
	return os.WriteFile(name, []byte(b.String()), 0o644)
}

// shapeOf describes a secret by its length and character classes, never
// its bytes.
func shapeOf(s string) string {
	var classes []string
	for _, cl := range []struct {
		name string
		in   func(r rune) bool
	}{
		{"A-Z", func(r rune) bool { return r >= 'A' && r <= 'Z' }},
		{"a-z", func(r rune) bool { return r >= 'a' && r <= 'z' }},
		{"0-9", func(r rune) bool { return r >= '0' && r <= '9' }},
		{"punct", func(r rune) bool { return !(r >= 'A' && r <= 'Z' || r >= 'a' && r <= 'z' || r >= '0' && r <= '9') }},
	} {
		if strings.ContainsFunc(s, cl.in) {
			classes = append(classes, cl.name)
		}
	}
	return fmt.Sprintf("%d chars [%s]", len(s), strings.Join(classes, " "))
}
