package export

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/parquet-go/parquet-go"

	"github.com/zsj-dev/zsj/internal/exitcode"
	"github.com/zsj-dev/zsj/internal/input"
	"github.com/zsj-dev/zsj/internal/term"
	"github.com/zsj-dev/zsj/usage"
)

// logsDir holds the project's fixtures: valid runs in two versions (the
// version 1 copies are duplicates), and invalid files.
const logsDir = "../testdata"

func sources(t testing.TB, paths ...string) []input.Source {
	t.Helper()
	srcs, unreadable := input.Expand(paths)
	if len(unreadable) > 0 {
		t.Fatal(unreadable)
	}
	return srcs
}

// exportTo exports paths into a new directory and returns it.
func exportTo(t testing.TB, opts ParquetOptions, paths ...string) string {
	t.Helper()
	std, _, stderr := term.Test("")
	opts.IO = std
	opts.Dir = filepath.Join(t.TempDir(), "out")
	opts.Sources = sources(t, paths...)
	if err := ToParquet(opts); err != nil {
		t.Fatalf("ToParquet: %v\n%s", err, stderr)
	}
	return opts.Dir
}

// readTable reads every file of a table, with the day of its partition.
func readTable[T any](t testing.TB, dir, name string, setDay func(*T, string)) []T {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, name, "day=*", "*.parquet"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no files for table %s (%v)", name, err)
	}
	sort.Strings(files)
	var all []T
	for _, f := range files {
		rows, err := parquet.ReadFile[T](f)
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		day := strings.TrimPrefix(filepath.Base(filepath.Dir(f)), "day=")
		for i := range rows {
			setDay(&rows[i], day)
		}
		all = append(all, rows...)
	}
	return all
}

func runsOf(t testing.TB, dir string) []RunRow {
	return readTable(t, dir, "runs", func(r *RunRow, day string) { r.Day = day })
}

// zsjRuns is what zsj runs --format json lists.
type zsjRun struct {
	RunID       string `json:"runId"`
	File        string `json:"file"`
	Line        int64  `json:"line"`
	Model       string `json:"model"`
	Status      string `json:"status"`
	Events      int64  `json:"events"`
	ToolCalls   int64  `json:"toolCalls"`
	Denied      int64  `json:"permissionsDenied"`
	Blocks      int64  `json:"blocks"`
	TotalTokens int64  `json:"totalTokens"`
	// The estimate at the shipped prices, as zsj runs prints it
	// (dollars); the runs table has it in 10^-12 dollars.
	Estimated json.Number `json:"estimatedCostUsd"`
}

func listRuns(t testing.TB, paths ...string) []zsjRun {
	t.Helper()
	std, stdout, _ := term.Test("")
	err := usage.ListRuns(usage.RunsOptions{IO: std, Sources: sources(t, paths...), Format: usage.JSON, Prices: usage.EmbeddedPrices()})
	if err != nil {
		t.Fatal(err)
	}
	var runs []zsjRun
	sc := bufio.NewScanner(stdout)
	for sc.Scan() {
		var r zsjRun
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			t.Fatal(err)
		}
		runs = append(runs, r)
	}
	return runs
}

func TestRunsTableIsZsjRuns(t *testing.T) {
	dir := exportTo(t, ParquetOptions{}, logsDir)
	want := listRuns(t, logsDir)
	got := runsOf(t, dir)
	if len(got) != len(want) {
		t.Fatalf("%d runs exported, zsj runs lists %d", len(got), len(want))
	}
	byKey := make(map[string]RunRow)
	for _, r := range got {
		byKey[r.File+"\x00"+r.RunID+"\x00"+string(rune(r.Line))] = r
	}
	for _, w := range want {
		r, ok := byKey[w.File+"\x00"+w.RunID+"\x00"+string(rune(w.Line))]
		if !ok {
			t.Errorf("run %s of %s:%d not exported", w.RunID, w.File, w.Line)
			continue
		}
		model := r.Model
		if model == "" {
			model = usage.Unknown
		}
		g := zsjRun{RunID: r.RunID, File: r.File, Line: r.Line, Model: model, Status: r.Status, Events: r.Events,
			ToolCalls: r.ToolCalls, Denied: r.Denied, Blocks: r.Blocks, TotalTokens: r.TotalTokens, Estimated: w.Estimated}
		if want, ok := scaled(w.Estimated.String(), 12); !ok || r.EstimatedCostUSD != want {
			t.Errorf("run %s of %s: estimated cost %d pico-dollars, zsj runs says %s", w.RunID, w.File, r.EstimatedCostUSD, w.Estimated)
		}
		if g != w {
			t.Errorf("run %s of %s:\n got %+v\nwant %+v", w.RunID, w.File, g, w)
		}
	}
}

func TestToolCallsAddUpToRuns(t *testing.T) {
	dir := exportTo(t, ParquetOptions{}, logsDir)
	perRun := make(map[string][2]int64) // denied, blocks
	for _, c := range readTable(t, dir, "tool_calls", func(r *ToolCallRow, day string) { r.Day = day }) {
		k := c.File + "\x00" + c.RunID
		v := perRun[k]
		if c.Denied {
			v[0]++
		}
		if c.Blocked {
			v[1]++
		}
		perRun[k] = v
	}
	checked := 0
	for _, r := range runsOf(t, dir) {
		v := perRun[r.File+"\x00"+r.RunID]
		if v[0] != r.Denied || v[1] != r.Blocks {
			t.Errorf("%s of %s: tool_calls say %d denied, %d blocked; runs says %d, %d", r.RunID, r.File, v[0], v[1], r.Denied, r.Blocks)
		}
		if r.Denied > 0 {
			checked++
		}
	}
	if checked == 0 {
		t.Fatal("no run with a denial: the fixtures no longer test denials")
	}
}

func TestUsageTotalsAreZsjUsage(t *testing.T) {
	dir := exportTo(t, ParquetOptions{}, logsDir)
	std, stdout, _ := term.Test("")
	opts := usage.SumOptions{IO: std, Sources: sources(t, logsDir), Format: usage.JSON}
	opts.Report.By = []usage.Dimension{"model"}
	if err := usage.Sum(opts); err != nil && exitcode.Of(err) != exitcode.Failure {
		t.Fatal(err)
	}
	var rep struct {
		Totals struct {
			Runs        int64 `json:"runs"`
			TotalTokens int64 `json:"totalTokens"`
		} `json:"totals"`
	}
	if err := json.Unmarshal(stdout.Bytes(), &rep); err != nil {
		t.Fatal(err)
	}
	var runs, total int64
	for _, r := range runsOf(t, dir) {
		if !r.Duplicate {
			runs++
			total += r.TotalTokens
		}
	}
	if runs != rep.Totals.Runs || total != rep.Totals.TotalTokens {
		t.Errorf("runs table: %d runs, %d tokens; zsj usage: %d runs, %d tokens", runs, total, rep.Totals.Runs, rep.Totals.TotalTokens)
	}
	var perEvent int64
	for _, u := range readTable(t, dir, "usage", func(r *UsageRow, day string) { r.Day = day }) {
		perEvent += u.TotalTokens
	}
	var all int64
	for _, r := range runsOf(t, dir) {
		all += r.TotalTokens
	}
	if perEvent != all {
		t.Errorf("usage table adds up to %d tokens, runs table to %d", perEvent, all)
	}
	// Each usage event priced alone adds up to its run's estimate (the
	// prices are per token), for the models the prices know.
	byRun := map[string]int64{}
	priced := 0
	for _, u := range readTable(t, dir, "usage", func(r *UsageRow, day string) { r.Day = day }) {
		if u.EstimatedCostUSD != nil {
			byRun[u.File+"\x00"+u.RunID] += *u.EstimatedCostUSD
			priced++
		}
	}
	if priced == 0 {
		t.Fatal("no usage event has an estimated cost")
	}
	for _, r := range runsOf(t, dir) {
		if r.UnpricedEvents == 0 && r.UsageEvents > 0 && byRun[r.File+"\x00"+r.RunID] != r.EstimatedCostUSD {
			t.Errorf("run %s of %s: usage rows estimate %d, the run %d", r.RunID, r.File, byRun[r.File+"\x00"+r.RunID], r.EstimatedCostUSD)
		}
	}
}

// multiDay writes a log of the same run on several days.
func multiDay(t testing.TB, days ...string) string {
	t.Helper()
	run, err := os.ReadFile(filepath.Join(logsDir, "v2", "run.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	for _, d := range days {
		b.Write(bytes.ReplaceAll(run, []byte("20260603"), []byte(d)))
	}
	path := filepath.Join(t.TempDir(), "days.jsonl")
	if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestPartitionsByDay(t *testing.T) {
	for _, tc := range []struct {
		name    string
		maxOpen int
		days    []string
		parts   map[string]int // files of the events table per day
	}{
		{"one day", 0, []string{"20260603"}, map[string]int{"2026-06-03": 1}},
		{"days in turn", 0, []string{"20260601", "20260602", "20260601"}, map[string]int{"2026-06-01": 1, "2026-06-02": 1}},
		// one partition open at a time: a day seen again gets a new part
		{"evicted", 1, []string{"20260601", "20260602", "20260601"}, map[string]int{"2026-06-01": 2, "2026-06-02": 1}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := exportTo(t, ParquetOptions{MaxOpenPartitions: tc.maxOpen}, multiDay(t, tc.days...))
			got := make(map[string]int)
			files, _ := filepath.Glob(filepath.Join(dir, "events", "*", "*.parquet"))
			for _, f := range files {
				got[strings.TrimPrefix(filepath.Base(filepath.Dir(f)), "day=")]++
			}
			if len(got) != len(tc.parts) {
				t.Fatalf("partitions %v, want %v", got, tc.parts)
			}
			for d, n := range tc.parts {
				if got[d] != n {
					t.Errorf("partitions %v, want %v", got, tc.parts)
				}
			}
			for _, r := range runsOf(t, dir) {
				if !strings.Contains(r.RunID, strings.ReplaceAll(r.Day, "-", "")) {
					t.Errorf("run %s in partition day=%s", r.RunID, r.Day)
				}
			}
			events := readTable(t, dir, "events", func(r *EventRow, day string) { r.Day = day })
			if len(events) != 30*len(tc.days) {
				t.Errorf("%d events, want %d", len(events), 30*len(tc.days))
			}
		})
	}
}

func TestRowGroupsFlushBySize(t *testing.T) {
	dir := exportTo(t, ParquetOptions{RowGroupBytes: 1024}, multiDay(t, "20260603", "20260603", "20260603"))
	f, err := os.Open(filepath.Join(dir, "events", "day=2026-06-03", "part-0000.parquet"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	st, _ := f.Stat()
	pf, err := parquet.OpenFile(f, st.Size())
	if err != nil {
		t.Fatal(err)
	}
	if n := len(pf.RowGroups()); n < 3 {
		t.Errorf("%d row groups for 3 runs of rows over 1 KB each batch; want several", n)
	}
	if v, ok := pf.Lookup(MetadataKey); !ok || v != SchemaVersion {
		t.Errorf("metadata %s = %q, want %q", MetadataKey, v, SchemaVersion)
	}
}

func TestEventsKeepTheLine(t *testing.T) {
	path := filepath.Join(logsDir, "v2", "run.jsonl")
	dir := exportTo(t, ParquetOptions{}, path)
	want, _ := os.ReadFile(path)
	lines := strings.Split(strings.TrimSuffix(string(want), "\n"), "\n")
	events := readTable(t, dir, "events", func(r *EventRow, day string) { r.Day = day })
	if len(events) != len(lines) {
		t.Fatalf("%d events, %d lines", len(events), len(lines))
	}
	for i, e := range events {
		if string(e.Raw) != lines[i] || e.Line != int64(i+1) || e.Seq != int64(i) {
			t.Errorf("event %d: line %d seq %d raw %.40q, want line %d: %.40q", i, e.Line, e.Seq, e.Raw, i+1, lines[i])
		}
	}
}

func TestProblemsAreValidates(t *testing.T) {
	dir := exportTo(t, ParquetOptions{}, filepath.Join(logsDir, "invalid", "files"))
	problems := readTable(t, dir, "problems", func(r *ProblemRow, day string) { r.Day = day })
	if len(problems) == 0 {
		t.Fatal("no problems exported from invalid files")
	}
	for _, p := range problems {
		if p.Rule == "" || p.Severity == "" || p.Line < 1 {
			t.Errorf("problem without rule, severity or line: %+v", p)
		}
	}
}

func TestTargetMustBeNewOrEmpty(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "keep"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	std, _, _ := term.Test("")
	err := ToParquet(ParquetOptions{IO: std, Dir: dir, Sources: sources(t, logsDir)})
	if exitcode.Of(err) != exitcode.Usage {
		t.Fatalf("export into a non-empty directory: %v, want a usage error", err)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Errorf("the directory was changed: %v", entries)
	}
	// An empty directory is taken, and nothing is left beside it.
	empty := filepath.Join(t.TempDir(), "empty")
	os.Mkdir(empty, 0o755)
	if err := ToParquet(ParquetOptions{IO: std, Dir: empty, Sources: sources(t, logsDir)}); err != nil && exitcode.Of(err) != exitcode.Failure {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(empty, ManifestName)); err != nil {
		t.Error(err)
	}
	siblings, _ := os.ReadDir(filepath.Dir(empty))
	if len(siblings) != 1 {
		t.Errorf("left beside the export: %v", siblings)
	}
}

// A write that fails (here: the disk is full) fails the export, and
// nothing is left behind.
func TestWriteFailureLeavesNothing(t *testing.T) {
	if _, err := os.Stat("/dev/full"); err != nil {
		t.Skip("no /dev/full")
	}
	defer func(create func(string) (*os.File, error)) { createFile = create }(createFile)
	createFile = func(path string) (*os.File, error) {
		if strings.Contains(path, "events") {
			return os.OpenFile("/dev/full", os.O_WRONLY, 0)
		}
		return os.Create(path)
	}
	parent := t.TempDir()
	std, _, _ := term.Test("")
	err := ToParquet(ParquetOptions{IO: std, Dir: filepath.Join(parent, "out"), Sources: sources(t, logsDir)})
	if err == nil || !strings.Contains(err.Error(), "no space left") {
		t.Fatalf("export onto a full disk: %v", err)
	}
	if left, _ := os.ReadDir(parent); len(left) != 0 {
		t.Errorf("left behind: %v", left)
	}
}
