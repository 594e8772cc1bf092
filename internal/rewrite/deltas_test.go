package rewrite

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/zsj-dev/zsj/internal/input"
	"github.com/zsj-dev/zsj/protocol"
	"github.com/zsj-dev/zsj/redact"
)

// fakeToken is a fake GitHub token of 48 characters, written in parts so
// that no scanner takes this file for a leak.
func fakeToken(i int) string {
	return fmt.Sprintf("gh"+"p_FAKE%040d", i)
}

// splitDeltas is a log of several read buffers of deltas of two runs
// interleaved, with a token split over two deltas of a run now and then
// (at every position up to where its first part is a token too), tool calls between, and blank lines.
func splitDeltas() (log string, tokens []string) {
	rnd := rand.New(rand.NewPCG(1, 2))
	var b strings.Builder
	delta := func(run int, text string) {
		fmt.Fprintf(&b, `{"schemaVersion":2,"type":"text","runId":"r%d","delta":%q}`+"\n", run, text)
	}
	for i := 0; b.Len() < 3<<20; i++ {
		run := rnd.IntN(2)
		switch n := rnd.IntN(10); {
		case n == 0:
			tok := fakeToken(i)
			// Past 23 characters, the first part is a token of its own,
			// redacted as one (see redact.Join).
			cut := 1 + rnd.IntN(22)
			delta(run, "token "+tok[:cut])
			if rnd.IntN(2) == 0 {
				delta(1-run, "the other run")
			}
			delta(run, tok[cut:]+" ok")
			tokens = append(tokens, tok)
		case n == 1:
			fmt.Fprintf(&b, `{"schemaVersion":2,"type":"tool_call","runId":"r%d","id":"c%d","name":"bash","args":{"x":%q}}`+"\n", run, i, strings.Repeat("y", rnd.IntN(3000)))
		case n == 2:
			b.WriteString("\n")
		default:
			delta(run, strings.Repeat("word ", 1+rnd.IntN(8)))
		}
	}
	return b.String(), tokens
}

// redactRun redacts log, from a file on workers or (workers 0) from a
// pipe-like reader line by line, and returns what came out, the problems
// reported and the counts.
func redactRun(t *testing.T, log string, workers int) (string, []protocol.Problem, *redactOutput) {
	t.Helper()
	rules, err := redact.Compile(redact.Config{})
	if err != nil {
		t.Fatal(err)
	}
	opts := RedactOptions{Check: true}
	var tallies []*redactOutput
	tally := func() *redactOutput {
		o := &redactOutput{perRule: map[string]int{}}
		tallies = append(tallies, o)
		return o
	}
	newTransform := func() Transform { return redactTransform(rules.NewRedactor(), opts, tally()) }
	var c collect
	var out bytes.Buffer
	o := c.options(Options{Mode: Stdout, Out: &out})
	o.deltas = func() *deltaJoiner {
		return &deltaJoiner{rd: rules.NewRedactor(), repl: rules.Replacement(), check: true, tally: tally()}
	}
	sources := stdinSources
	if workers == 0 {
		workers, o.Stdin = 1, strings.NewReader(log)
	} else {
		sources = []input.Source{src(writeFile(t, t.TempDir(), "in.jsonl", log, 0o644))}
	}
	if _, err := run(sources, newTransform, workers, o); err != nil {
		t.Fatal(err)
	}
	sum := &redactOutput{perRule: map[string]int{}}
	for _, t := range tallies {
		sum.add(t)
	}
	for i := range c.problems {
		c.problems[i].File = ""
	}
	return out.String(), c.problems, sum
}

// TestSplitDeltasOnAllCores: joins made by the workers inside a batch and
// by the writer across batches give what joins made one after the other
// give, and every split token is redacted whole.
func TestSplitDeltasOnAllCores(t *testing.T) {
	log, tokens := splitDeltas()
	want, wantProblems, wantCounts := redactRun(t, log, 0)
	if wantCounts.secrets != len(tokens) || len(wantProblems) != len(tokens) {
		t.Fatalf("%d secrets found and %d reported, want the %d split", wantCounts.secrets, len(wantProblems), len(tokens))
	}
	for i, tok := range tokens {
		for _, part := range []string{tok[:24], tok[24:]} {
			if strings.Contains(want, part) {
				t.Fatalf("part of split token %d is left", i)
			}
		}
	}
	for _, workers := range []int{1, 3} {
		got, problems, counts := redactRun(t, log, workers)
		if got != want {
			t.Fatalf("%d workers: the output differs from the one made line by line", workers)
		}
		if fmt.Sprint(problems) != fmt.Sprint(wantProblems) {
			t.Fatalf("%d workers: problems differ from those made line by line", workers)
		}
		if counts.secrets != wantCounts.secrets || counts.events != wantCounts.events {
			t.Fatalf("%d workers: %d secrets in %d events, want %d in %d", workers, counts.secrets, counts.events, wantCounts.secrets, wantCounts.events)
		}
	}
	// A second pass finds nothing.
	if _, problems, _ := redactRun(t, want, 2); len(problems) != 0 {
		t.Fatalf("a second pass found %d secrets", len(problems))
	}
}
