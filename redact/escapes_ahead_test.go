package redact

import (
	"math/rand"
	"slices"
	"strings"
	"testing"
)

// TestEscapesAheadAnswersAsMaybePercent: for texts with escapes, format
// verbs and stray percent signs, and ends asked for in order, out of
// order and at random, near answers as maybePercent does.
func TestEscapesAheadAnswersAsMaybePercent(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	pieces := []string{"%3D", "%2F", "%d", "%08x", "100%", "%", "%2", "token", "https://h/", " ", strings.Repeat("x", 300), strings.Repeat("y", 700)}
	yes, no := 0, 0
	for range 300 {
		var b strings.Builder
		for range rng.Intn(12) {
			b.WriteString(pieces[rng.Intn(len(pieces))])
		}
		raw := []byte(b.String())
		var ends []int
		for range 20 {
			ends = append(ends, rng.Intn(len(raw)+1))
		}
		switch rng.Intn(3) {
		case 0:
			slices.Sort(ends)
		case 1:
			slices.Sort(ends)
			for i := 0; i+1 < len(ends); i += 2 {
				ends[i], ends[i+1] = ends[i+1], ends[i] // a step back now and then
			}
		}
		var e escapesAhead
		for _, end := range ends {
			got, want := e.near(raw, end), maybePercent(raw, end, end)
			if got != want {
				t.Fatalf("%q at %d (ends %v): near %v, maybePercent %v", raw, end, ends, got, want)
			}
			if want {
				yes++
			} else {
				no++
			}
		}
	}
	if yes < 500 || no < 500 {
		t.Errorf("%d yes and %d no: the texts do not try both", yes, no)
	}
}

// TestEscapesAheadFindsTheSame: with and without the remembered escapes,
// percent-encoded secrets in many surroundings redact alike, in JSON
// lines with other keywords before and after them.
func TestEscapesAheadFindsTheSame(t *testing.T) {
	rs := defaults(t)
	found := 0
	for i, secret := range plantable {
		query := strings.ReplaceAll(strings.ReplaceAll("https://x/?q=API_TOKEN="+secret, "=", "%3D"), "/", "%2F")
		for _, around := range [][2]string{
			{"", ""},
			{"see https://h/cb?next=", " token 100% of it"},
			{strings.Repeat("key := s.Token(https://go.dev) %d\n", i%5) + "https://h/?next=", "\n" + strings.Repeat("x", 900) + " key 50%"},
			{"https://h/?next=", strings.Repeat(" s.key", 200)},
		} {
			line := `{"schemaVersion":2,"type":"tool_result","runId":"r","id":"t","status":"ok","output":"` + around[0] + query + around[1] + `"}`
			got, gotRes := redactRemembering(rs, line, true)
			want, wantRes := redactRemembering(rs, line, false)
			if len(wantRes.Matches) > 0 {
				found++
			}
			if got != want || len(gotRes.Matches) != len(wantRes.Matches) {
				t.Errorf("%s:\nremembered: %s %v\nlooked for: %s %v", line, got, ruleIDs(gotRes.Matches), want, ruleIDs(wantRes.Matches))
			}
		}
	}
	if found < len(plantable) {
		t.Errorf("%d lines with a secret found: the lines are not what they should be", found)
	}
}

func redactRemembering(rs *RuleSet, line string, on bool) (string, LineResult) {
	defer func(was bool) { useEscapesAhead = was }(useEscapesAhead)
	useEscapesAhead = on
	return redactLine(rs, line)
}
