package usage

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/zsj-dev/zsj/internal/exitcode"
	"github.com/zsj-dev/zsj/internal/input"
	"github.com/zsj-dev/zsj/internal/term"
)

// runSum runs Sum over files as zsj usage does and returns its output.
func runSum(t *testing.T, opts SumOptions, paths ...string) (stdout, stderr string, err error) {
	t.Helper()
	std, out, errOut := term.Test("")
	opts.IO = std
	opts.Sources, opts.Unreadable = input.Expand(paths)
	err = Sum(opts)
	return out.String(), errOut.String(), err
}

func runMerge(t *testing.T, opts SumOptions, paths ...string) (stdout, stderr string, err error) {
	t.Helper()
	std, out, errOut := term.Test("")
	opts.IO = std
	err = Merge(opts, paths)
	return out.String(), errOut.String(), err
}

func writeLogs(t *testing.T, files ...logFile) []string {
	t.Helper()
	dir := t.TempDir()
	var paths []string
	for i, f := range files {
		p := filepath.Join(dir, strings.Repeat("x", i)+filepath.Base(f.name))
		if err := os.WriteFile(p, f.data, 0o644); err != nil {
			t.Fatal(err)
		}
		paths = append(paths, p)
	}
	return paths
}

// TestMergeKeepsGrouping: the json outputs of two shards made with
// --by model, merged with no --by, are byte for byte what one zsj usage
// --by model over both logs prints, in every format, and so are the notes
// and warnings.
func TestMergeKeepsGrouping(t *testing.T) {
	archive := mergeArchive(t)
	half := len(archive) / 2
	logs := writeLogs(t, archive...)
	byModel := ReportOptions{By: []Dimension{ByModel}, Prices: EmbeddedPrices()}
	var shards []string
	for i, part := range [][]string{logs[:half], logs[half:]} {
		out, _, err := runSum(t, SumOptions{Format: JSON, Report: byModel}, part...)
		if err != nil {
			t.Fatal(err)
		}
		shards = append(shards, writeLogs(t, logFile{[]string{"a.json", "b.json"}[i], []byte(out)})...)
	}
	for _, format := range Formats {
		t.Run(string(format), func(t *testing.T) {
			whole, wholeErr, err := runSum(t, SumOptions{Format: format, Report: byModel}, logs...)
			if err != nil {
				t.Fatal(err)
			}
			merged, mergedErr, err := runMerge(t, SumOptions{Format: format, Report: ReportOptions{ByShards: true}}, shards...)
			if err != nil {
				t.Fatal(err)
			}
			if merged != whole {
				t.Errorf("merged differs from whole:\n%s", firstDifference([]byte(merged), []byte(whole)))
			}
			if mergedErr != wholeErr[strings.Index(wholeErr, "zsj: "):] { // the whole also warns line by line
				t.Errorf("stderr of the merge:\n%s\nof the whole:\n%s", mergedErr, wholeErr)
			}
			if format == Table && !strings.HasPrefix(merged, "MODEL ") {
				t.Errorf("the merge is not grouped by model:\n%s", merged)
			}
		})
	}
}

// TestMergeRefusesMixedGrouping: shards grouped differently are refused
// with nothing printed, unless --by regroups them all.
func TestMergeRefusesMixedGrouping(t *testing.T) {
	logs := writeLogs(t, logFile{"a.jsonl", runA}, logFile{"b.jsonl", runB})
	var shards []string
	for i, by := range [][]Dimension{{ByModel}, {ByDay}} {
		out, _, err := runSum(t, SumOptions{Format: JSON, Report: ReportOptions{By: by}}, logs[i])
		if err != nil {
			t.Fatal(err)
		}
		shards = append(shards, writeLogs(t, logFile{[]string{"by-model.json", "by-day.json"}[i], []byte(out)})...)
	}
	out, _, err := runMerge(t, SumOptions{Format: CSV, Report: ReportOptions{ByShards: true}}, shards...)
	if exitcode.Of(err) != exitcode.Usage || out != "" {
		t.Fatalf("exit status %d, output %q; want %d and nothing", exitcode.Of(err), out, exitcode.Usage)
	}
	if want := "by-day.json: grouped by day, the shards before it by model: give --by to regroup them all alike"; !strings.HasSuffix(err.Error(), want) {
		t.Errorf("error %q, want it to end in %q", err, want)
	}
	out, _, err = runMerge(t, SumOptions{Format: CSV, Report: ReportOptions{By: []Dimension{ByProvider}}}, shards...)
	if err != nil || !strings.HasPrefix(out, "provider,") {
		t.Errorf("--by provider: %v\n%s", err, out)
	}
	// Shards with no grouping merge as totals, as before.
	var plain []string
	for _, l := range logs {
		out, _, _ := runSum(t, SumOptions{Format: JSON}, l)
		plain = append(plain, writeLogs(t, logFile{"p.json", []byte(out)})...)
	}
	out, _, err = runMerge(t, SumOptions{Format: Table, Report: ReportOptions{ByShards: true}}, plain...)
	if err != nil || !bytes.HasPrefix([]byte(out), []byte("       RUNS")) {
		t.Errorf("totals: %v\n%s", err, out)
	}
}
