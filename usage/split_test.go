package usage

import (
	"bytes"
	"fmt"
	"testing"
)

// splitLog is a log with everything a cut can fall in: runs one after
// the other, two runs interleaved, a failed run, a run that never ends
// and a run with no run_start.
func splitLog(t *testing.T) []byte {
	var log []byte
	for _, f := range fixtures(t, "v2/*.jsonl") {
		log = append(log, f.data...)
	}
	return append(log, lines(
		`{"schemaVersion":2,"type":"run_start","runId":"run_20260605_open","cwd":"/r","provider":"openai","model":"o4-mini"}`,
		`{"schemaVersion":2,"type":"usage","runId":"run_20260605_open","promptTokens":100,"completionTokens":30,"reasoningTokens":20}`,
		`{"schemaVersion":2,"type":"usage","runId":"run_20260605_nostart","promptTokens":7,"completionTokens":1}`,
		`{"schemaVersion":2,"type":"usage","runId":"run_20260605_open","promptTokens":120,"completionTokens":10}`,
		`{"schemaVersion":2,"type":"usage","runId":"run_20260605_nostart","promptTokens":9,"completionTokens":2}`,
	)...)
}

// splitOutputs are what zsj usage and zsj runs print for files: usage in
// every format, by model and day and in total, and the runs list, with
// each run's file and line made its place in the whole log (offsets gives
// each file's first line there). The json usage report names files; it
// is compared without them.
func splitOutputs(t *testing.T, offsets []int, files ...logFile) string {
	t.Helper()
	var out bytes.Buffer
	for _, by := range [][]Dimension{nil, {ByModel, ByDay}} {
		rep := report(t, ReportOptions{By: by}, Options{}, EmbeddedPrices(), files...)
		for _, r := range rep.Runs {
			r.File, r.Line = "log", r.Line+offsets[fileIndex(files, r.File)]
		}
		rep.Files = 1
		for _, format := range Formats {
			if err := WriteReport(&out, rep, format, Style{}); err != nil {
				t.Fatal(err)
			}
		}
		fmt.Fprintln(&out, rep.DuplicateRuns, rep.Conflicts)
	}
	runs, _ := collect(t, Options{Details: true}, files...)
	for _, r := range runs {
		r.File, r.Line = "log", r.Line+offsets[fileIndex(files, r.File)]
		priceRun(r, EmbeddedPrices())
	}
	for _, format := range Formats {
		if err := WriteRuns(&out, runs, format, Style{}); err != nil {
			t.Fatal(err)
		}
	}
	return out.String()
}

func fileIndex(files []logFile, name string) int {
	for i, f := range files {
		if f.name == name {
			return i
		}
	}
	panic("no file " + name)
}

// TestSplitLogEqualsWhole cuts a log in two at every line, so at every
// run boundary and in the middle of every run, as rotation or split -l
// do: the two files read one after the other give what the whole gives.
func TestSplitLogEqualsWhole(t *testing.T) {
	log := splitLog(t)
	whole := splitOutputs(t, []int{0}, logFile{"whole.jsonl", log})
	all := bytes.SplitAfter(log, []byte("\n"))
	all = all[:len(all)-1] // after the last newline
	for k := 1; k < len(all); k++ {
		part1, part2 := bytes.Join(all[:k], nil), bytes.Join(all[k:], nil)
		got := splitOutputs(t, []int{0, k}, logFile{"part1", part1}, logFile{"part2", part2})
		if got != whole {
			t.Fatalf("cut after line %d of %d:\n%s", k, len(all), firstDifference([]byte(got), []byte(whole)))
		}
	}
}

// TestRunsAcrossFiles: a run goes on in the next file only as a sequel;
// a file read twice, a run starting again, or a run found in files that
// are not one after the other stay separate runs.
func TestRunsAcrossFiles(t *testing.T) {
	start := `{"schemaVersion":2,"type":"run_start","runId":"run_20260101_x","cwd":"/r","provider":"openai","model":"gpt-4.1"}`
	use := func(n int) string {
		return fmt.Sprintf(`{"schemaVersion":2,"type":"usage","runId":"run_20260101_x","promptTokens":%d,"completionTokens":1}`, n)
	}
	end := `{"schemaVersion":2,"type":"run_end","runId":"run_20260101_x","status":"success","exitCode":0}`
	other := lines(`{"schemaVersion":2,"type":"usage","runId":"run_20260101_y","promptTokens":1,"completionTokens":1}`)
	for _, tc := range []struct {
		name       string
		files      [][]byte
		runs       int // runs handed over
		counted    int64
		duplicates int64
		conflicts  int
	}{
		{"rotated", [][]byte{lines(start, use(1)), lines(use(2), end)}, 1, 1, 0, 0},
		{"cut before run_end", [][]byte{lines(start, use(1), use(2)), lines(end)}, 1, 1, 0, 0},
		{"three pieces", [][]byte{lines(start), lines(use(1)), lines(use(2), end)}, 1, 1, 0, 0},
		{"ended: next file is another run", [][]byte{lines(start, use(1), end), lines(use(2))}, 2, 2, 0, 1},
		{"started again", [][]byte{lines(start, use(1)), lines(start, use(2))}, 2, 2, 0, 1},
		{"file read twice", [][]byte{lines(start, use(1)), lines(start, use(1))}, 2, 1, 1, 0},
		{"file without run_start read twice", [][]byte{lines(use(1), use(2)), lines(use(1), use(2))}, 2, 1, 1, 0},
		{"not the next file", [][]byte{lines(start, use(1)), other, lines(use(2), end)}, 3, 3, 0, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var files []logFile
			for i, data := range tc.files {
				files = append(files, logFile{fmt.Sprint("f", i), data})
			}
			runs, _ := collect(t, Options{}, files...)
			rep := report(t, ReportOptions{}, Options{}, nil, files...)
			if len(runs) != tc.runs || rep.Totals.Runs != tc.counted || rep.DuplicateRuns != tc.duplicates || len(rep.Conflicts) != tc.conflicts {
				t.Errorf("%d runs, %d counted, %d duplicates, %d conflicts; want %d, %d, %d, %d",
					len(runs), rep.Totals.Runs, rep.DuplicateRuns, len(rep.Conflicts), tc.runs, tc.counted, tc.duplicates, tc.conflicts)
			}
		})
	}
}
