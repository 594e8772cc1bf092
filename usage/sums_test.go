package usage

import (
	"bytes"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"hash"
	"io/fs"
	"math/big"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/zsj-dev/zsj/gen"
)

// The totals are checked against sums computed here from scratch, with
// encoding/json and math/big: none of the code under test is used.

// refSums is what a reference count finds.
type refSums struct {
	runs, success, failed, unfinished, events int64
	fields                                    map[string]*big.Rat // by usage field name
}

var usageFields = []string{"promptTokens", "completionTokens", "totalTokens", "cachedInputTokens", "cacheWriteTokens", "reasoningTokens", "costUsd"}

// refRun is one run of one file, with its identity for deduplication:
// its id and its lines, each decoded, stripped of schemaVersion, with
// violation renamed block, and encoded again (encoding/json sorts keys).
type refRun struct {
	identity string // runId and a sha256 of the lines, once the file is read
	lines    hash.Hash
	status   string
	usage    []map[string]any
}

// refRuns splits files into runs by (file, runId): every fixture and
// generated log used here holds each run once per file.
func refRuns(t *testing.T, files []logFile) []*refRun {
	var order []*refRun
	for _, f := range files {
		byID := map[string]*refRun{}
		var ids []string
		for _, line := range bytes.Split(f.data, []byte("\n")) {
			if len(bytes.TrimSpace(line)) == 0 {
				continue
			}
			line = bytes.TrimPrefix(line, []byte("\xef\xbb\xbf")) // a byte order mark
			var ev map[string]any
			dec := json.NewDecoder(bytes.NewReader(line))
			dec.UseNumber()
			if err := dec.Decode(&ev); err != nil {
				continue // not JSON (the invalid fixtures): skipped by zsj too
			}
			id, _ := ev["runId"].(string)
			if id == "" {
				continue
			}
			r := byID[id]
			if r == nil {
				r = &refRun{identity: id, lines: sha256.New()}
				byID[id] = r
				ids = append(ids, id)
			}
			switch ev["type"] {
			case "usage":
				r.usage = append(r.usage, ev)
			case "run_end":
				r.status = ev["status"].(string)
			}
			norm := map[string]any{}
			for k, v := range ev {
				if k == "violation" {
					k = "block"
				}
				if k != "schemaVersion" {
					norm[k] = v
				}
			}
			b, _ := json.Marshal(norm)
			r.lines.Write(append(b, '\n'))
		}
		for _, id := range ids {
			r := byID[id]
			r.identity += fmt.Sprintf(" %x", r.lines.Sum(nil))
			order = append(order, r)
		}
	}
	return order
}

func refTotals(t *testing.T, runs []*refRun, dedupe bool) (s refSums, dropped int64) {
	s.fields = map[string]*big.Rat{}
	for _, f := range usageFields {
		s.fields[f] = new(big.Rat)
	}
	seen := map[string]bool{}
	for _, r := range runs {
		if dedupe && seen[r.identity] {
			dropped++
			continue
		}
		seen[r.identity] = true
		s.runs++
		switch r.status {
		case "success":
			s.success++
		case "error":
			s.failed++
		default:
			s.unfinished++
		}
		for _, ev := range r.usage {
			s.events++
			for _, f := range usageFields {
				if n, ok := ev[f].(json.Number); ok {
					v, _ := new(big.Rat).SetString(n.String())
					s.fields[f].Add(s.fields[f], v)
				}
			}
			if _, ok := ev["totalTokens"]; !ok {
				for _, f := range []string{"promptTokens", "completionTokens"} {
					if n, ok := ev[f].(json.Number); ok {
						v, _ := new(big.Rat).SetString(n.String())
						s.fields["totalTokens"].Add(s.fields["totalTokens"], v)
					}
				}
			}
		}
	}
	return s, dropped
}

func checkTotals(t *testing.T, rep *Report, want refSums) {
	t.Helper()
	checkSums(t, rep, want)
	c := &rep.Totals
	counts := [][3]any{
		{"runs", c.Runs, want.runs}, {"success", c.Success, want.success}, {"error", c.Failed, want.failed},
		{"unfinished", c.Unfinished, want.unfinished},
	}
	for _, n := range counts {
		if n[1] != n[2] {
			t.Errorf("%s = %d, want %d", n[0], n[1], n[2])
		}
	}
}

// checkSums checks the usage sums and the count of usage events.
func checkSums(t *testing.T, rep *Report, want refSums) {
	t.Helper()
	c := &rep.Totals
	got := map[string]*big.Rat{
		"promptTokens": c.Prompt.Rat(), "completionTokens": c.Completion.Rat(), "totalTokens": c.Total.Rat(),
		"cachedInputTokens": c.Cached.Rat(), "cacheWriteTokens": c.CacheWrite.Rat(),
		"reasoningTokens": c.Reasoning.Rat(), "costUsd": c.Cost.Rat(),
	}
	for _, f := range usageFields {
		if got[f].Cmp(want.fields[f]) != 0 {
			t.Errorf("%s = %s, want %s", f, got[f].RatString(), want.fields[f].RatString())
		}
	}
	if c.Events != want.events {
		t.Errorf("usage events = %d, want %d", c.Events, want.events)
	}
	if want.events == 0 || want.fields["totalTokens"].Sign() == 0 {
		t.Error("the reference found no usage: the check proves nothing")
	}
}

func TestTotalsMatchReference(t *testing.T) {
	v2 := fixtures(t, "v2/*.jsonl")
	v1 := fixtures(t, "v1/*.jsonl")
	g := []logFile{
		generated(t, "mixed.jsonl", gen.Options{Runs: 15, Seed: 11}),
		generated(t, "chatty.jsonl", gen.Options{Runs: 6, Seed: 12, Profile: gen.Chatty}),
		generated(t, "heavy.jsonl", gen.Options{Runs: 2, Seed: 13, Profile: gen.OutputHeavy}),
	}
	gv1 := generated(t, "mixed.v1.jsonl", gen.Options{Runs: 15, Seed: 11, SchemaVersion: 1})
	for _, tc := range []struct {
		name        string
		files       []logFile
		wantDropped int64 // by the reference, checked to be sure the case tests dedupe
	}{
		{"testdata v2", v2, 0},
		{"testdata v1 and v2", append(append([]logFile{}, v1...), v2...), 4},
		{"generated", g, 0},
		{"generated, a file twice and its v1 copy", append(append([]logFile{}, g...), g[0], gv1), 30},
	} {
		t.Run(tc.name, func(t *testing.T) {
			runs := refRuns(t, tc.files)
			want, dropped := refTotals(t, runs, true)
			if dropped != tc.wantDropped {
				t.Fatalf("the reference dropped %d runs, want %d", dropped, tc.wantDropped)
			}
			rep := report(t, ReportOptions{}, Options{}, nil, tc.files...)
			checkTotals(t, rep, want)
			if rep.DuplicateRuns != dropped {
				t.Errorf("dropped %d duplicate runs, want %d", rep.DuplicateRuns, dropped)
			}
			all, _ := refTotals(t, runs, false)
			checkTotals(t, report(t, ReportOptions{NoDedupe: true}, Options{}, nil, tc.files...), all)
		})
	}
}

// TestTotalsOfTestdata reads every log under testdata/, the invalid ones
// too: the usage sums are those of the lines encoding/json can read.
// (Run counts are left out: how an invalid log splits into runs is this
// package's choice, checked in TestRunsStartOver.)
func TestTotalsOfTestdata(t *testing.T) {
	var files []logFile
	err := filepath.WalkDir(filepath.Join("..", "testdata"), func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".jsonl") {
			return err
		}
		data, err := os.ReadFile(path)
		files = append(files, logFile{path, data})
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	runs := refRuns(t, files)
	all, _ := refTotals(t, runs, false)
	checkSums(t, report(t, ReportOptions{NoDedupe: true}, Options{}, nil, files...), all)
	distinct, _ := refTotals(t, runs, true)
	checkSums(t, report(t, ReportOptions{}, Options{}, nil, files...), distinct)
	if all.events == distinct.events {
		t.Error("no usage event was found twice: the dedupe check proves nothing")
	}
}

// TestTotalsOfRunLines checks one hand-made log whose sums are known:
// a missing totalTokens is prompt + completion, and fractions add exactly.
func TestTotalsOfRunLines(t *testing.T) {
	log := lines(
		`{"schemaVersion":2,"type":"run_start","runId":"run_20260101_a","cwd":"/r","provider":"openai","model":"m"}`,
		`{"schemaVersion":2,"type":"usage","runId":"run_20260101_a","promptTokens":10,"completionTokens":5}`,
		`{"schemaVersion":2,"type":"usage","runId":"run_20260101_a","promptTokens":0.5,"completionTokens":0.25,"totalTokens":1,"costUsd":0.1}`,
		`{"schemaVersion":2,"type":"usage","runId":"run_20260101_a","costUsd":0.2}`,
		`{"schemaVersion":2,"type":"run_end","runId":"run_20260101_a","status":"success","exitCode":0}`,
	)
	rep := report(t, ReportOptions{}, Options{}, nil, logFile{"a.jsonl", log})
	c := rep.Totals
	got := strings.Join([]string{c.Prompt.String(), c.Completion.String(), c.Total.String(), c.Cost.String()}, " ")
	if want := "10.5 5.25 16 0.3"; got != want {
		t.Errorf("prompt completion total cost = %s, want %s", got, want)
	}
	if c.Events != 3 || c.Unpriced != 3 || c.Success != 1 { // no prices: all unpriced
		t.Errorf("events %d unpriced %d success %d, want 3 3 1", c.Events, c.Unpriced, c.Success)
	}
}
