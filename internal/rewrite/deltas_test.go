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
func fakeToken(rnd *rand.Rand) string {
	const alnum = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
	b := []byte("gh" + "p_FAKE")
	for len(b) < 48 {
		b = append(b, alnum[rnd.IntN(len(alnum))])
	}
	return string(b)
}

// splitDeltas is a log of several read buffers of deltas of two runs
// interleaved, with a token split over two deltas of a run now and then
// (at every place up to where its first part is a token too), and tool
// calls, lines that are not JSON and blank lines between. kept are the
// tokens split by a line that is not JSON. One event in splitsIn or so
// starts a split token; below 10, the others are all plain deltas.
func splitDeltas(splitsIn int) (log string, tokens, kept []string) {
	rnd := rand.New(rand.NewPCG(1, 2))
	var b strings.Builder
	delta := func(run int, text string) {
		fmt.Fprintf(&b, `{"schemaVersion":2,"type":"text","runId":"r%d","delta":%q}`+"\n", run, text)
	}
	for i := 0; b.Len() < 3<<20; i++ {
		run := rnd.IntN(2)
		n := rnd.IntN(splitsIn)
		if splitsIn < 10 && n > 0 {
			// Deltas only: the line a read of the file ends in, which
			// ends a batch, is most often a long one, a tool call.
			n = 9
		}
		switch {
		case n == 0:
			tok := fakeToken(rnd)
			// Past 23 characters, the first part is a token of its own,
			// redacted as one (see redact.Join).
			cut := 1 + rnd.IntN(22)
			delta(run, "token "+tok[:cut])
			switch rnd.IntN(4) {
			case 0, 1:
				delta(1-run, "the other run")
			case 2: // ends the stream: the parts stay
				b.WriteString("not JSON {\n")
				delta(run, tok[cut:]+" ok")
				kept = append(kept, tok)
				continue
			}
			delta(run, tok[cut:]+" ok")
			tokens = append(tokens, tok)
		case n == 1:
			fmt.Fprintf(&b, `{"schemaVersion":2,"type":"tool_call","runId":"r%d","id":"c%d","name":"bash","args":{"x":%q}}`+"\n", run, i, strings.Repeat("y", rnd.IntN(3000)))
		case n == 2:
			b.WriteString("\n")
		case n == 3 && rnd.IntN(4) == 0:
			b.WriteString("not JSON {\n")
		default:
			delta(run, strings.Repeat("word ", 1+rnd.IntN(8)))
		}
	}
	return b.String(), tokens, kept
}

// redactRun redacts log, from a file on workers or (workers 0) from a
// pipe-like reader line by line, and returns what came out, the problems
// reported and the counts.
func redactRun(t *testing.T, log string, workers int, opts RedactOptions) (string, []protocol.Problem, *redactOutput) {
	t.Helper()
	rules, err := redact.Compile(redact.Config{})
	if err != nil {
		t.Fatal(err)
	}
	var tallies []*redactOutput
	tally := func() *redactOutput {
		o := &redactOutput{perRule: map[string]int{}}
		tallies = append(tallies, o)
		return o
	}
	newTransform, deltas := redactMakers(rules, opts, tally)
	var c collect
	var out bytes.Buffer
	o := c.options(Options{Mode: Stdout, Out: &out})
	o.deltas, o.deltaWorkers = deltas.joiner, deltas.worker
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
// give, and every split token is redacted whole; a line that is not JSON
// ends a stream, unless it is dropped.
func TestSplitDeltasOnAllCores(t *testing.T) {
	for _, tc := range []struct {
		name     string
		splitsIn int
		opts     RedactOptions
	}{
		{"check", 10, RedactOptions{Check: true}},
		{"drop invalid", 10, RedactOptions{DropInvalid: true}},
		// Splits so dense that many batches end inside one: those joins
		// are the writer's, with the delta that ends a batch held back.
		{"dense", 2, RedactOptions{}},
	} {
		t.Run(tc.name, func(t *testing.T) { splitDeltasOnAllCores(t, tc.splitsIn, tc.opts) })
	}
}

func splitDeltasOnAllCores(t *testing.T, splitsIn int, opts RedactOptions) {
	log, tokens, kept := splitDeltas(splitsIn)
	want, wantProblems, wantCounts := redactRun(t, log, 0, opts)
	split := len(tokens)
	if opts.DropInvalid {
		split += len(kept)
	}
	if wantCounts.secrets != split {
		t.Fatalf("%d secrets found, want the %d split", wantCounts.secrets, split)
	}
	if opts.Check && len(wantProblems) != len(tokens)+wantCounts.invalid {
		t.Fatalf("%d problems reported, want %d secrets and %d lines not JSON", len(wantProblems), len(tokens), wantCounts.invalid)
	}
	for i, tok := range tokens {
		for _, part := range []string{tok[:24], tok[24:]} {
			if strings.Contains(want, part) {
				t.Fatalf("part of split token %d is left", i)
			}
		}
	}
	for i, tok := range kept {
		// A line that is not JSON ends the stream, unless it is
		// dropped: then the parts are consecutive in the output.
		if left := strings.Contains(want, tok[30:]); left == opts.DropInvalid {
			t.Fatalf("token %d, split by a line that is not JSON: left = %v, want %v", i, left, !opts.DropInvalid)
		}
	}
	for _, workers := range []int{1, 3} {
		got, problems, counts := redactRun(t, log, workers, opts)
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
	if !opts.DropInvalid {
		return // the tokens split by a line that is not JSON are left
	}
	// A second pass finds nothing.
	if _, problems, _ := redactRun(t, want, 2, RedactOptions{Check: true}); len(problems) != 0 {
		t.Fatalf("a second pass found %d secrets", len(problems))
	}
}
