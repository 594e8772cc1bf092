package usage

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/zsj-dev/zsj/gen"
	"github.com/zsj-dev/zsj/internal/input"
)

// logFile is a named log for a test.
type logFile struct {
	name string
	data []byte
}

// fixtures returns shared fixture files matching a glob under testdata/.
func fixtures(t testing.TB, glob string) []logFile {
	t.Helper()
	paths, err := filepath.Glob(filepath.Join("..", "testdata", glob))
	if err != nil || len(paths) == 0 {
		t.Fatalf("no fixtures match %s", glob)
	}
	var files []logFile
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, logFile{filepath.ToSlash(p[len("../testdata/"):]), data})
	}
	return files
}

func generated(t testing.TB, name string, opts gen.Options) logFile {
	t.Helper()
	var b bytes.Buffer
	if err := gen.Write(&b, opts); err != nil {
		t.Fatal(err)
	}
	return logFile{name, b.Bytes()}
}

// collect reads files as the commands do and returns every run found, in
// the order found, and the collector.
func collect(t testing.TB, opts Options, files ...logFile) ([]*Run, *Collector) {
	t.Helper()
	var runs []*Run
	user := opts.Run
	opts.Run = func(r *Run) {
		runs = append(runs, r)
		if user != nil {
			user(r)
		}
	}
	c := NewCollector(opts)
	for _, f := range files {
		lf := c.File(f.name)
		lines := input.NewReader(bytes.NewReader(f.data))
		for {
			l, err := lines.Next()
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Fatal(err)
			}
			lf.Line(l.Num, l.Text, len(l.EOL) == 0)
		}
		lf.End()
	}
	c.End()
	SortRuns(runs)
	return runs, c
}

// report runs files through a Collector and an Aggregator, as zsj usage
// does.
func report(t testing.TB, ropts ReportOptions, opts Options, prices *Prices, files ...logFile) *Report {
	t.Helper()
	ropts.ListRuns = true
	ropts.Prices = prices
	agg := NewAggregator(ropts)
	opts.Cumulative = ropts.Cumulative
	opts.Run = agg.Add
	_, c := collect(t, opts, files...)
	agg.Inputs(c.Files, c.Invalid, 0, 0)
	return agg.Report()
}

func lines(s ...string) []byte {
	var b bytes.Buffer
	for _, l := range s {
		b.WriteString(l)
		b.WriteByte('\n')
	}
	return b.Bytes()
}
